"""The Elo difference Factor of a TP share (seed 003, "Factor is the Elo difference factor for the
given TP %"; ``specs/tantrix.md``, "The performance of a set of matches").

Each player's performance is normal around their rating with standard deviation 400, so the
difference of two performances has s.d. 400·√2. A share p of the TP available implies a rating
difference of

    Factor(p) = 400·√2 · Φ⁻¹(p)

(Φ⁻¹ the standard normal quantile, Excel's NORMSINV). The seed's sheet uses the exact 400·√2
(565.685…), not the published "565.7": tyedyed's 31.25 % gives −276 with it, −277 with 565.7.
Factor(1 − p) = −Factor(p). p = 0 and p = 1 have no finite Factor: p is clamped to
[clamp, 1 − clamp], 0.01 by default (±1316) — our decision, a parameter.

Public API::

    FACTOR_SCALE            # 400·√2
    P_CLAMP                 # 0.01
    factor(p, *, clamp=P_CLAMP, scale=FACTOR_SCALE) -> float
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from statistics import NormalDist

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["FACTOR_SCALE", "P_CLAMP", "factor"]

FACTOR_SCALE = 400 * math.sqrt(2)
"""The s.d. of the difference of two players' performances: 400·√2 = 565.685…"""

P_CLAMP = 0.01
"""Shares below this (or above 1 − this) are clamped, so a whitewash has a finite Factor."""

_NORMAL = NormalDist()


def factor(
    p: Fraction | Decimal | float,
    *,
    clamp: float = P_CLAMP,
    scale: float = FACTOR_SCALE,
) -> float:
    """Factor(p) = scale · Φ⁻¹(p), with p clamped to [clamp, 1 − clamp]."""
    if not 0 < clamp < 0.5:
        raise PalmaresError.of(Message.of("tantrix.clamp", got=str(clamp)))
    share = float(p)
    if not 0 <= share <= 1:
        raise PalmaresError.of(Message.of("tantrix.share", got=str(p)))
    share = min(max(share, clamp), 1 - clamp)
    if share == 0.5:
        return 0.0
    return scale * _NORMAL.inv_cdf(share)
