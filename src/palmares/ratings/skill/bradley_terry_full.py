"""The Bradley–Terry model with full pairing, Weng & Lin (2011) Algorithm 1, as in openskill.py.

Every team is compared with every other: with c_iq² = σ_i² + σ_q² + 2β² (eq. 49) and the
logistic p_iq = 1 / (1 + exp((μ_q − μ_i)/c_iq)), s = 1 when i finished above q, ½ for a tie, 0
below,

    Ω_i = Σ_{q≠i} σ_i²/c_iq · (s − p_iq)
    Δ_i = Σ_{q≠i} γ_iq · σ_i²/c_iq² · p_iq · (1 − p_iq),   γ_iq = σ_i / c_iq.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from palmares.ratings.jit import njit

__all__ = ["NAME", "POSITIVE_AT_ZERO", "SLUG", "omega_delta", "pair"]

SLUG = "bradley-terry-full"
NAME = "Bradley–Terry, full pairing (Weng & Lin 2011, Algorithm 1)"
POSITIVE_AT_ZERO = True

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


@njit(cache=True)
def pair(
    mu_i: float, s2_i: float, rank_i: int, mu_q: float, s2_q: float, rank_q: int, beta: float
) -> tuple[float, float]:  # pragma: no cover - compiled
    """One comparison's terms of Ω_i and Δ_i (Algorithm 1, steps 6–8)."""
    c_iq = math.sqrt(s2_i + s2_q + 2.0 * beta * beta)
    p_iq = 1.0 / (1.0 + math.exp((mu_q - mu_i) / c_iq))
    to_c = s2_i / c_iq
    s = 1.0 if rank_q > rank_i else 0.5 if rank_q == rank_i else 0.0
    gamma = math.sqrt(s2_i) / c_iq
    return to_c * (s - p_iq), gamma * to_c / c_iq * p_iq * (1.0 - p_iq)


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

    Teams sorted by rank (best first).
    """
    for i in range(k):
        omega[i] = 0.0
        delta[i] = 0.0
        for q in range(k):
            if q != i:
                o, d = pair(mu[i], s2[i], rank[i], mu[q], s2[q], rank[q], beta)
                omega[i] += o
                delta[i] += d
