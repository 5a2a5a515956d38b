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

from palmares.ratings.jit import njit

__all__ = ["NAME", "POSITIVE_AT_ZERO", "SLUG", "omega_delta"]

SLUG = "plackett-luce"
NAME = "Plackett–Luce (Weng & Lin 2011, Algorithm 4)"
POSITIVE_AT_ZERO = True
"""Ω = 0 takes the "Ω ≥ 0" branch of the player update (weights multiply, not divide)."""

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

    Teams sorted by rank (best first), ``rank`` their places.
    """
    c = 0.0
    for i in range(k):
        c += s2[i] + beta * beta
    c = math.sqrt(c)
    e = scratch[0]
    total = 0.0
    for i in range(k):
        e[i] = math.exp(mu[i] / c)
        total += e[i]
    # Walk the tie groups best first: C_q is the same for every q of a group (the sum of exp(μ/c)
    # from the group down), so the sums over q collapse to one term per group, kept as running
    # sums of 1/C and 1/C² over the groups at or above team i's.
    sum_inv = 0.0
    sum_inv2 = 0.0
    start = 0
    while start < k:
        end = start
        while end + 1 < k and rank[end + 1] == rank[start]:
            end += 1
        size = end - start + 1
        c_q = total
        sum_inv += 1.0 / c_q
        sum_inv2 += 1.0 / (c_q * c_q)
        for i in range(start, end + 1):
            # Ω: (1 − p)/A for q = i, −p/A for the other A − 1 of the group, −p for each
            # team of the groups above (A of them at p/A each); Δ: p(1 − p) per group.
            omega[i] = (1.0 / size - e[i] * sum_inv) * s2[i] / c
            delta[i] = (e[i] * sum_inv - e[i] * e[i] * sum_inv2) * s2[i] / (c * c)
            delta[i] *= math.sqrt(s2[i]) / c
        for i in range(start, end + 1):
            total -= e[i]
        start = end + 1
