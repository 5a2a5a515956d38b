"""The Thurstone–Mosteller model with partial pairing, Weng & Lin (2011) Algorithm 3 with the
pairing of Algorithm 2, as in openskill.py.

As :mod:`~palmares.ratings.skill.thurstone_mosteller_full` but over the ``window`` neighbours on
each side (default 4), averaged over the comparisons made. Two particulars of openskill.py 6.2
are kept so that the figures agree: the pair's scale is c_iq = 2·√(σ_i² + σ_q² + 2β²), and a
team with Ω = 0 takes the "Ω < 0" branch of the player update (weights divide).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from palmares.ratings.jit import njit
from palmares.ratings.skill.thurstone_mosteller_full import pair

__all__ = ["NAME", "POSITIVE_AT_ZERO", "SLUG", "omega_delta"]

SLUG = "thurstone-mosteller-part"
NAME = "Thurstone–Mosteller, partial pairing (Weng & Lin 2011, Algorithms 2–3)"
POSITIVE_AT_ZERO = False

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


@njit(cache=True)
def omega_delta(
    k: int,
    mu: F64,
    s2: F64,
    rank: I64,
    beta: float,
    epsilon: float,
    window: int,
    omega: F64,
    delta: F64,
    scratch: F64,
) -> None:  # pragma: no cover - compiled
    """Ω and Δ of the first ``k`` teams into ``omega``, ``delta``.

    Teams sorted by rank (best first), neighbours by that order.
    """
    for i in range(k):
        omega[i] = 0.0
        delta[i] = 0.0
        n = 0
        for q in range(max(0, i - window), min(k, i + window + 1)):
            if q != i:
                c_iq = 2.0 * math.sqrt(s2[i] + s2[q] + 2.0 * beta * beta)
                o, d = pair(mu[i], s2[i], rank[i], mu[q], s2[q], rank[q], c_iq, epsilon)
                omega[i] += o
                delta[i] += d
                n += 1
        if n > 0:
            omega[i] /= n
            delta[i] /= n
