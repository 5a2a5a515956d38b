"""The Thurstone–Mosteller model with full pairing, Weng & Lin (2011) Algorithm 3, as in
openskill.py.

Every pair is compared through the normal distribution with a draw margin ε (default 0.1): with
c_iq² = σ_i² + σ_q² + 2β², x = (μ_i − μ_q)/c_iq and t = ε/c_iq,

    won  (i above q):  Ω += σ_i²/c_iq · V(x, t),    Δ += γ σ_i²/c_iq² · W(x, t)
    lost (i below q):  Ω −= σ_i²/c_iq · V(−x, t),   Δ += γ σ_i²/c_iq² · W(−x, t)
    tied:              Ω += σ_i²/c_iq · Ṽ(x, t),    Δ += γ σ_i²/c_iq² · W̃(x, t)

with γ = σ_i / c_iq and V, W, Ṽ, W̃ of :mod:`palmares.ratings.skill.normal` (eqs. 40–41).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from palmares.ratings.jit import njit
from palmares.ratings.skill.normal import v, vt, w, wt

__all__ = ["NAME", "POSITIVE_AT_ZERO", "SLUG", "omega_delta", "pair"]

SLUG = "thurstone-mosteller-full"
NAME = "Thurstone–Mosteller, full pairing (Weng & Lin 2011, Algorithm 3)"
POSITIVE_AT_ZERO = True

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


@njit(cache=True)
def pair(
    mu_i: float,
    s2_i: float,
    rank_i: int,
    mu_q: float,
    s2_q: float,
    rank_q: int,
    c_iq: float,
    epsilon: float,
) -> tuple[float, float]:  # pragma: no cover - compiled
    """One comparison's terms of Ω_i and Δ_i, given the pair's scale ``c_iq``."""
    x = (mu_i - mu_q) / c_iq
    to_c = s2_i / c_iq
    gamma = math.sqrt(s2_i) / c_iq
    t = epsilon / c_iq
    if rank_q > rank_i:
        return to_c * v(x, t), gamma * to_c / c_iq * w(x, t)
    if rank_q < rank_i:
        return -to_c * v(-x, t), gamma * to_c / c_iq * w(-x, t)
    return to_c * vt(x, t), gamma * to_c / c_iq * wt(x, t)


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
                c_iq = math.sqrt(s2[i] + s2[q] + 2.0 * beta * beta)
                o, d = pair(mu[i], s2[i], rank[i], mu[q], s2[q], rank[q], c_iq, epsilon)
                omega[i] += o
                delta[i] += d
