"""The Plackett–Luce model of Weng & Lin (2011), Algorithm 4, as openskill.py implements it.

A ranking of k teams is a sequence of choices: the winner is chosen from everyone with
probability exp(μ_i/c) / Σ_{q ≥ i} exp(μ_q/c), then the second from the rest, and so on, with
c² = Σ_q (σ_q² + β²) (eq. 47). Teams tied at a rank share its choices: A_q is the number of teams
ranked like q. For team i, over the teams q ranked at or above i:

    Ω_i = σ_i²/c · Σ_q (δ_{iq} − exp(μ_i/c) / C_q) / A_q
    Δ_i = γ_i · σ_i²/c² · Σ_q (exp(μ_i/c)/C_q) · (1 − exp(μ_i/c)/C_q) / A_q,   γ_i = σ_i / c

where C_q = Σ_{s ranked at or below q} exp(μ_s/c) (openskill's ``sum_q``) and δ_{iq} is 1 when
q = i. openskill 6.2 also "averages" the μ changes of tied teams, but compares each updated
rating with itself, so that step changes nothing; it is left out here and the figures still agree.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["NAME", "POSITIVE_AT_ZERO", "SLUG", "omega_delta"]

SLUG = "plackett-luce"
NAME = "Plackett–Luce (Weng & Lin 2011, Algorithm 4)"
POSITIVE_AT_ZERO = True
"""Ω = 0 takes the "Ω ≥ 0" branch of the player update (weights multiply, not divide)."""

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


@njit(cache=True)
def omega_delta(
    mu: F64, s2: F64, rank: I64, beta: float, epsilon: float, window: int
) -> tuple[F64, F64]:  # pragma: no cover - compiled
    """Ω and Δ per team; teams sorted by rank (best first), ``rank`` their places."""
    k = mu.shape[0]
    c = 0.0
    for i in range(k):
        c += s2[i] + beta * beta
    c = math.sqrt(c)
    e = np.empty(k)
    for i in range(k):
        e[i] = math.exp(mu[i] / c)
    sum_q = np.zeros(k)
    a = np.zeros(k)
    for q in range(k):
        for i in range(k):
            if rank[i] >= rank[q]:
                sum_q[q] += e[i]
            if rank[i] == rank[q]:
                a[q] += 1.0
    omega = np.zeros(k)
    delta = np.zeros(k)
    for i in range(k):
        o = 0.0
        d = 0.0
        for q in range(k):
            if rank[q] <= rank[i]:
                p = e[i] / sum_q[q]
                d += p * (1.0 - p) / a[q]
                if q == i:
                    o += (1.0 - p) / a[q]
                else:
                    o -= p / a[q]
        o *= s2[i] / c
        d *= s2[i] / (c * c)
        d *= math.sqrt(s2[i]) / c
        omega[i] = o
        delta[i] = d
    return omega, delta
