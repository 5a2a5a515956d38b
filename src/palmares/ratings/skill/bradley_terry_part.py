"""The Bradley–Terry model with partial pairing, Weng & Lin (2011) Algorithm 2, as in openskill.py.

The paper compares each team only with its neighbours in the ranking; openskill.py 6.2 widens
that to the ``window`` teams on each side (default 4) and averages the terms of
:func:`~palmares.ratings.skill.bradley_terry_full.pair` over the comparisons made:

    Ω_i = mean_{0<|q−i|≤window} σ_i²/c_iq · (s − p_iq),   Δ_i likewise.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from palmares.ratings.jit import njit
from palmares.ratings.skill.bradley_terry_full import pair

__all__ = ["NAME", "POSITIVE_AT_ZERO", "SLUG", "omega_delta"]

SLUG = "bradley-terry-part"
NAME = "Bradley–Terry, partial pairing (Weng & Lin 2011, Algorithm 2)"
POSITIVE_AT_ZERO = True

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
                o, d = pair(mu[i], s2[i], rank[i], mu[q], s2[q], rank[q], beta)
                omega[i] += o
                delta[i] += d
                n += 1
        if n > 0:
            omega[i] /= n
            delta[i] /= n
