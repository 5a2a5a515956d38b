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

from palmares.ratings.jit import njit
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
def _terms(
    model: int,
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
    """The model's Ω and Δ of the first ``k`` teams (sorted by rank) into ``omega``, ``delta``."""
    if model == 0:
        _pl(k, mu, s2, rank, beta, epsilon, window, omega, delta, scratch)
    elif model == 1:
        _btf(k, mu, s2, rank, beta, epsilon, window, omega, delta, scratch)
    elif model == 2:
        _btp(k, mu, s2, rank, beta, epsilon, window, omega, delta, scratch)
    elif model == 3:
        _tmf(k, mu, s2, rank, beta, epsilon, window, omega, delta, scratch)
    else:
        _tmp(k, mu, s2, rank, beta, epsilon, window, omega, delta, scratch)


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
    omega = np.empty(k)
    delta = np.empty(k)
    _terms(model, k, t_mu, t_s2, rank, beta, epsilon, window, omega, delta, np.empty((3, k)))
    new_mu = np.empty(n)
    new_sigma = np.empty(n)
    for j in range(n):
        p = position[team[j]]
        new_mu[j], new_sigma[j] = _player(
            model, mu[j], s[j], t_s2[p], omega[p], delta[p], w[j], kappa
        )
        if limit_sigma:
            new_sigma[j] = min(new_sigma[j], sigma[j])
    return new_mu, new_sigma


@njit(cache=True)
def _player(
    model: int,
    mu: float,
    s: float,
    team_s2: float,
    omega: float,
    delta: float,
    w: float,
    kappa: float,
) -> tuple[float, float]:  # pragma: no cover - compiled
    """Step 5: one player's μ and σ (σ already with τ) from the team's Ω and Δ."""
    share = s * s / team_s2
    up = omega > 0 or (omega == 0 and model != 4)
    f = w if up else 1.0 / w
    return mu + share * omega * f, s * math.sqrt(max(1.0 - share * delta * f, kappa))


@njit(cache=True)
def rate_history(
    model: int,
    start_mu: F64,
    start_sigma: F64,
    offsets: I64,
    player: I64,
    rank: I64,
    weight: F64,
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
    """Rate free-for-all competitions in order: competition c is entries
    ``offsets[c]:offsets[c+1]``, sorted by place (stably); entry e is ``player[e]`` placed
    ``rank[e]``, each player their own team, with weight ``weight[e]`` (NaN: none; a one-player
    team's weight scales to the upper bound, as in openskill). Player p starts at
    ``start_mu[p]``, ``start_sigma[p]``: the model's μ and σ for a history rated from nothing,
    the stored ratings for competitions that follow a rated history (the same walk, so the same
    floats as rating the whole history in one go).

    Returns μ and σ of every player at the end, and each entry's μ and σ *before* its
    competition (what a prediction of that competition may use). No allocation per competition.
    """
    mu = start_mu.copy()
    sigma = start_sigma.copy()
    n = player.shape[0]
    before_mu = np.empty(n)
    before_sigma = np.empty(n)
    most = 2
    for c in range(offsets.shape[0] - 1):
        most = max(most, offsets[c + 1] - offsets[c])
    g_mu = np.empty(most)
    g_s2 = np.empty(most)
    omega = np.empty(most)
    delta = np.empty(most)
    scratch = np.empty((3, most))
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        k = b - a
        for j in range(k):
            p = player[a + j]
            before_mu[a + j] = mu[p]
            before_sigma[a + j] = sigma[p]
            g_mu[j] = mu[p]
            g_s2[j] = sigma[p] * sigma[p] + tau * tau
        _terms(model, k, g_mu, g_s2, rank[a:b], beta, epsilon, window, omega, delta, scratch)
        for j in range(k):
            p = player[a + j]
            w = 1.0
            if not np.isnan(weight[a + j]):
                w = hi if bounds else weight[a + j]
            s = math.sqrt(g_s2[j])
            mu[p], sigma[p] = _player(model, g_mu[j], s, g_s2[j], omega[j], delta[j], w, kappa)
            if limit_sigma:
                sigma[p] = min(sigma[p], before_sigma[a + j])
    return mu, sigma, before_mu, before_sigma
