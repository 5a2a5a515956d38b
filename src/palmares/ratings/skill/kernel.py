"""The compiled update of one competition and the walk over a whole history (numba).

One competition is a list of entries (a player in a team) with the team's place. The update is
Weng & Lin (2011) as openskill.py 6.2 applies it (``rate``):

1. dynamics: σ ← √(σ² + τ²) for everyone in the competition;
2. teams sorted by place, stably (the partial-pairing models take neighbours in that order);
3. weights, when given, scaled per team into ``weight_bounds`` (openskill's ``_normalize``: a
   one-player team gets the upper bound; equal weights count as a range of 0.0001);
4. a team's μ and σ² are the sums of its players' (``balance``: each player weighted by
   1 + (best ordinal − own ordinal)/(best ordinal + κ));
5. the model's Ω_i, Δ_i per team; each player j of team i, with weight w:
   μ_j ← μ_j + σ_j²/σ_i² · Ω_i · w and σ_j ← σ_j · √max(1 − σ_j²/σ_i² · Δ_i · w, κ)
   (w divides instead when Ω_i is negative);
6. ``limit_sigma``: σ may not grow above its value before the competition.

Model codes: 0 Plackett–Luce, 1 Bradley–Terry full, 2 Bradley–Terry part, 3 Thurstone–Mosteller
full, 4 Thurstone–Mosteller part (the order of :data:`palmares.ratings.skill.models.MODELS`).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from numba import njit

from palmares.ratings.skill import (
    bradley_terry_full,
    bradley_terry_part,
    plackett_luce,
    thurstone_mosteller_full,
    thurstone_mosteller_part,
)

__all__ = ["rate_game", "rate_history"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

_pl = plackett_luce.omega_delta
_btf = bradley_terry_full.omega_delta
_btp = bradley_terry_part.omega_delta
_tmf = thurstone_mosteller_full.omega_delta
_tmp = thurstone_mosteller_part.omega_delta


@njit(cache=True)
def _scaled(w: F64, lo: float, hi: float) -> F64:  # pragma: no cover - compiled
    """openskill's ``_normalize``: ``w`` scaled linearly onto [lo, hi]."""
    if w.shape[0] == 1:
        return np.array([hi])
    low = float(w.min())
    span = float(w.max()) - low
    if span == 0:
        span = 0.0001
    out: F64 = (w - low) / span * (hi - lo) + lo
    return out


@njit(cache=True)
def rate_game(
    model: int,
    mu: F64,
    sigma: F64,
    team: I64,
    team_rank: I64,
    weight: F64,
    has_weights: bool,
    beta: float,
    kappa: float,
    tau: float,
    epsilon: float,
    window: int,
    limit_sigma: bool,
    balance: bool,
    bounds: bool,
    lo: float,
    hi: float,
) -> tuple[F64, F64]:  # pragma: no cover - compiled
    """The ratings after one competition: entries ``mu``, ``sigma`` in team ``team`` (0…k−1),
    team t placed ``team_rank[t]`` (lower is better, equal is a tie)."""
    n = mu.shape[0]
    k = team_rank.shape[0]
    s = np.sqrt(sigma * sigma + tau * tau)
    order = np.argsort(team_rank, kind="mergesort")
    position = np.empty(k, dtype=np.int64)
    for p in range(k):
        position[order[p]] = p
    w = np.ones(n)
    if has_weights:
        w[:] = weight
        if bounds:
            for t in range(k):
                members = np.flatnonzero(team == t)
                w[members] = _scaled(weight[members], lo, hi)
    t_mu = np.zeros(k)
    t_s2 = np.zeros(k)
    best = np.full(k, -np.inf)
    if balance:
        for j in range(n):
            best[team[j]] = max(best[team[j]], mu[j] - 3.0 * s[j])
    for j in range(n):
        p = position[team[j]]
        bw = 1.0
        if balance:
            b = best[team[j]]
            bw = 1.0 + (b - (mu[j] - 3.0 * s[j])) / (b + kappa)
        t_mu[p] += mu[j] * bw
        t_s2[p] += (s[j] * bw) ** 2
    rank = team_rank[order]
    if model == 0:
        omega, delta = _pl(t_mu, t_s2, rank, beta, epsilon, window)
    elif model == 1:
        omega, delta = _btf(t_mu, t_s2, rank, beta, epsilon, window)
    elif model == 2:
        omega, delta = _btp(t_mu, t_s2, rank, beta, epsilon, window)
    elif model == 3:
        omega, delta = _tmf(t_mu, t_s2, rank, beta, epsilon, window)
    else:
        omega, delta = _tmp(t_mu, t_s2, rank, beta, epsilon, window)
    new_mu = np.empty(n)
    new_sigma = np.empty(n)
    for j in range(n):
        p = position[team[j]]
        share = s[j] * s[j] / t_s2[p]
        up = omega[p] > 0 or (omega[p] == 0 and model != 4)
        f = w[j] if up else 1.0 / w[j]
        new_mu[j] = mu[j] + share * omega[p] * f
        new_sigma[j] = s[j] * math.sqrt(max(1.0 - share * delta[p] * f, kappa))
        if limit_sigma:
            new_sigma[j] = min(new_sigma[j], sigma[j])
    return new_mu, new_sigma


@njit(cache=True)
def rate_history(
    model: int,
    n_players: int,
    offsets: I64,
    player: I64,
    team: I64,
    rank: I64,
    weight: F64,
    mu0: float,
    sigma0: float,
    beta: float,
    kappa: float,
    tau: float,
    epsilon: float,
    window: int,
    limit_sigma: bool,
    balance: bool,
    bounds: bool,
    lo: float,
    hi: float,
) -> tuple[F64, F64, F64, F64]:  # pragma: no cover - compiled
    """Rate competitions in order: competition c is entries ``offsets[c]:offsets[c+1]``; entry e
    is ``player[e]`` in team ``team[e]`` placed ``rank[e]``, weight ``weight[e]`` (NaN: none).

    Returns μ and σ of every player at the end, and each entry's μ and σ *before* its
    competition (what a prediction of that competition may use).
    """
    mu = np.full(n_players, mu0)
    sigma = np.full(n_players, sigma0)
    before_mu = np.empty(player.shape[0])
    before_sigma = np.empty(player.shape[0])
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        who = player[a:b]
        tm = team[a:b]
        k = tm.max() + 1
        team_rank = np.zeros(k, dtype=np.int64)
        for j in range(b - a):
            team_rank[tm[j]] = rank[a + j]
        wt = weight[a:b]
        has_weights = not np.isnan(wt[0])
        m = mu[who]
        sg = sigma[who]
        before_mu[a:b] = m
        before_sigma[a:b] = sg
        new_mu, new_sigma = rate_game(
            model,
            m,
            sg,
            tm,
            team_rank,
            wt,
            has_weights,
            beta,
            kappa,
            tau,
            epsilon,
            window,
            limit_sigma,
            balance,
            bounds,
            lo,
            hi,
        )
        mu[who] = new_mu
        sigma[who] = new_sigma
    return mu, sigma, before_mu, before_sigma
