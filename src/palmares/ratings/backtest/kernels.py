"""The backtest's loops, compiled (issue 33): each system's walk over a history held as arrays
and each competition's measures, so that a history of a million entries is predicted and scored
without a Python statement per competition.

A history is :class:`~palmares.ratings.competitions.CompetitionColumns`' arrays: competition c
is entries ``offsets[c]:offsets[c+1]``, best place first. Every loop does, operation for
operation, what the Python of ``systems.py`` and ``metrics.py`` did for one competition at a
time (the same libm ``exp``, ``log``, ``pow``, ``sqrt`` and ``erf``; sums left to right, and
numpy's pairwise sum where the Python summed with numpy), so the figures are the same floats:
``tests/ratings/backtest/test_kernels.py`` compares them with the per-competition functions.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from palmares.ratings.jit import njit
from palmares.ratings.percentile import percentile_formula

__all__ = [
    "dip_pouch",
    "elo",
    "log_worth",
    "measures",
    "skill_ratio",
    "win_chances",
]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
B = npt.NDArray[np.bool_]
_SQRT2 = math.sqrt(2.0)
#: Competitions of at most this many players are ranked by insertion (``_average_ranks``).
_FEW_TO_SORT = 16


#: Seed 000's percentile, the one formula (``ratings.percentile``), compiled for the kernels.
_percentile = njit(cache=True)(percentile_formula)


@njit(cache=True)
def dip_pouch(
    offsets: I64, player: I64, place: I64, field: I64, value: F64, n_players: int
) -> F64:  # pragma: no cover - compiled
    """Each entry's Dip Pouch rating before its competition (seed 000's rule: start at 40,
    move value % of the way to the percentile; a competition without a value is a one-round
    event of its N players, N/7 + 2, at most 15)."""
    rating = np.full(n_players, 40.0)
    out = np.empty(player.shape[0])
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        n = field[c] if field[c] >= 0 else b - a
        for e in range(a, b):
            out[e] = rating[player[e]]
        v = value[c] if not math.isnan(value[c]) else min(n / 7 + 2, 15.0)
        for e in range(a, b):
            r = out[e]
            rating[player[e]] = r + v / 100 * (_percentile(place[e], float(n), 0.5) - r)
    return out


@njit(cache=True)
def skill_ratio(offsets: I64, player: I64, place: I64, n_players: int) -> F64:  # pragma: no cover
    """Each entry's Skill Ratio before its competition: placement points (players below minus
    players above) per earlier game, 0 before the first (seed 004)."""
    points = np.zeros(n_players, dtype=np.int64)
    games = np.zeros(n_players, dtype=np.int64)
    out = np.empty(player.shape[0])
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        for e in range(a, b):
            p = player[e]
            out[e] = points[p] / games[p] if games[p] > 0 else 0.0
        for e in range(a, b):
            below = 0
            above = 0
            for f in range(a, b):
                if place[f] > place[e]:
                    below += 1
                elif place[f] < place[e]:
                    above += 1
            points[player[e]] += below - above
            games[player[e]] += 1
    return out


@njit(cache=True)
def elo(offsets: I64, player: I64, place: I64, n_players: int, k: float) -> F64:  # pragma: no cover
    """Each entry's multiplayer Elo before its competition: every pair a game, K shared over
    the n − 1 opponents, start 1500."""
    rating = np.full(n_players, 1500.0)
    out = np.empty(player.shape[0])
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        n = b - a
        for e in range(a, b):
            out[e] = rating[player[e]]
        for i in range(a, b):
            change = 0.0
            for j in range(a, b):
                if j != i:
                    expected = 1 / (1 + 10.0 ** ((out[j] - out[i]) / 400))
                    if place[i] < place[j]:
                        actual = 1.0
                    elif place[i] == place[j]:
                        actual = 0.5
                    else:
                        actual = 0.0
                    change += actual - expected
            rating[player[i]] = out[i] + k / (n - 1) * change
    return out


@njit(cache=True)
def _block(a: F64, lo: int, n: int) -> float:  # pragma: no cover - compiled
    """numpy's sum of a block of at most 128 (its pairwise summation's leaf, by eights)."""
    if n < 8:
        res = 0.0
        for i in range(n):
            res += a[lo + i]
        return res
    r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
    r4, r5, r6, r7 = a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]
    i = 8
    while i < n - (n % 8):
        r0 += a[lo + i]
        r1 += a[lo + i + 1]
        r2 += a[lo + i + 2]
        r3 += a[lo + i + 3]
        r4 += a[lo + i + 4]
        r5 += a[lo + i + 5]
        r6 += a[lo + i + 6]
        r7 += a[lo + i + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[lo + i]
        i += 1
    return float(res)


@njit(cache=True)
def _pairwise(a: F64, lo: int, n: int) -> float:  # pragma: no cover - compiled
    """numpy's sum of ``a[lo:lo+n]``: its pairwise summation (halves down to blocks of 128 at
    most, each summed by eights), without recursion."""
    if n <= 128:
        return _block(a, lo, n)
    # The tree of halves, depth first: each node's sum is its two halves' sum.
    starts = np.empty(128, dtype=np.int64)
    sizes = np.empty(128, dtype=np.int64)
    sums = np.empty(128)
    state = np.zeros(128, dtype=np.int64)  # 0: to split, 1: left done, 2: both done
    top = 0
    starts[0], sizes[0] = lo, n
    while True:
        size = sizes[top]
        if size <= 128:
            sums[top] = _block(a, starts[top], size)
            state[top] = 2
        if state[top] == 2:
            if top == 0:
                return float(sums[0])
            top -= 1
            if state[top] == 0:
                sums[top] = sums[top + 1]
                state[top] = 1
                half = sizes[top] // 2
                half -= half % 8
                starts[top + 1], sizes[top + 1] = starts[top] + half, sizes[top] - half
                state[top + 1] = 0
                top += 1
            else:
                sums[top] = sums[top] + sums[top + 1]
                state[top] = 2
            continue
        half = size // 2
        half -= half % 8
        starts[top + 1], sizes[top + 1] = starts[top], half
        state[top + 1] = 0
        top += 1


@njit(cache=True)
def log_worth(
    offsets: I64, mu: F64, sigma: F64, beta: float, plackett_luce: bool
) -> F64:  # pragma: no cover - compiled
    """Each entry's worth before its competition from the Weng–Lin ratings before it:
    Plackett–Luce's log worth μ/c, c² = Σ(σ² + β²); else openskill's ``predict_win`` — the
    mean over opponents of Φ((μ_i − μ_j)/√(2β² + σ_i² + σ_j²)), normalised (at least 1e-300),
    which the caller logs with numpy, as the Python did."""
    out = np.empty(mu.shape[0])
    s2 = sigma**2
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        n = b - a
        if plackett_luce:
            terms = np.empty(n)
            for e in range(n):
                terms[e] = s2[a + e] + beta**2
            scale = math.sqrt(_pairwise(terms, 0, n))
            for e in range(a, b):
                out[e] = mu[e] / scale
            continue
        win = np.empty(n)
        row = np.empty(n)
        for i in range(n):
            for j in range(n):
                if i == j:
                    row[j] = 0.0
                else:
                    width = math.sqrt(2 * beta**2 + s2[a + i] + s2[a + j])
                    x = (mu[a + i] - mu[a + j]) / width
                    row[j] = 0.5 * (1.0 + math.erf((x - 0.0) / (1.0 * _SQRT2)))
            win[i] = _pairwise(row, 0, n) / (n - 1)
        total = _pairwise(win, 0, n)
        for i in range(n):
            out[a + i] = max(win[i] / total, 1e-300)
    return out


@njit(cache=True)
def _log_sum_exp(w: F64, lo: int, hi: int) -> float:  # pragma: no cover - compiled
    top = w[lo]
    for i in range(lo + 1, hi):
        top = max(top, w[i])
    total = 0.0
    for i in range(lo, hi):
        total += math.exp(w[i] - top)
    return float(top + math.log(total))


@njit(cache=True)
def _average_ranks(v: F64, out: F64, order: I64) -> None:  # pragma: no cover - compiled
    """``metrics.average_ranks``: ranks 1…n ascending, ties sharing their mean rank. The order
    is a stable sort's (``order``: scratch of n at least): by insertion for a few values,
    numpy's mergesort beyond — the same permutation, without an array made per competition
    below :data:`_FEW_TO_SORT`."""
    n = v.shape[0]
    if n <= _FEW_TO_SORT:
        for i in range(n):
            k = i
            while k > 0 and v[order[k - 1]] > v[i]:
                order[k] = order[k - 1]
                k -= 1
            order[k] = i
    else:
        order[:n] = np.argsort(v, kind="mergesort")
    i = 0
    while i < n:
        j = i
        while j + 1 < n and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1


@njit(cache=True)
def measures(
    offsets: I64, score: F64, worth: F64, has_worth: bool, place: I64, keep: B
) -> tuple[F64, B]:  # pragma: no cover - compiled
    """Each competition's τ-b, ρ, top-1, log-likelihood of the order and of the winner (NaN
    without worths), over its entries in ``keep``, as ``metrics.py`` computes them (a row per
    competition; ``counted``: it had two such entries or more)."""
    n_comp = offsets.shape[0] - 1
    out = np.full((n_comp, 5), np.nan)
    counted = np.zeros(n_comp, dtype=np.bool_)
    # (the scratch arrays of the largest competition, made once: not six per competition)
    widest = 0
    for c in range(n_comp):
        widest = max(widest, offsets[c + 1] - offsets[c])
    idx = np.empty(widest, dtype=np.int64)
    s_all, w_all, neg_all = np.empty(widest), np.empty(widest), np.empty(widest)
    p_all = np.empty(widest, dtype=np.int64)
    ra_all, rb_all, winners = np.empty(widest), np.empty(widest), np.empty(widest)
    order = np.empty(widest, dtype=np.int64)
    for c in range(n_comp):
        n = 0
        for e in range(offsets[c], offsets[c + 1]):
            if keep[e]:
                idx[n] = e
                n += 1
        if n < 2:
            continue
        counted[c] = True
        s, p, w = s_all[:n], p_all[:n], w_all[:n]
        for i in range(n):
            s[i], p[i], w[i] = score[idx[i]], place[idx[i]], worth[idx[i]]
        concordant = discordant = tie_score = tie_place = 0
        for i in range(n):
            for j in range(i + 1, n):
                x = (s[i] > s[j]) - (s[i] < s[j])
                y = (p[j] > p[i]) - (p[j] < p[i])
                if x == 0:
                    tie_score += 1
                if y == 0:
                    tie_place += 1
                if x * y > 0:
                    concordant += 1
                elif x * y < 0:
                    discordant += 1
        pairs = n * (n - 1) // 2
        den = math.sqrt((pairs - tie_score) * (pairs - tie_place))
        out[c, 0] = 0.0 if den == 0 else (concordant - discordant) / den
        ra, rb, neg = ra_all[:n], rb_all[:n], neg_all[:n]
        for i in range(n):
            neg[i] = -float(p[i])
        _average_ranks(s, ra, order)
        _average_ranks(neg, rb, order)
        mean = (n + 1) / 2
        saa = sbb = sab = 0.0
        for i in range(n):
            da, db = ra[i] - mean, rb[i] - mean
            saa += da * da
            sbb += db * db
        for i in range(n):
            sab += (ra[i] - mean) * (rb[i] - mean)
        den = math.sqrt(saa * sbb)
        out[c, 1] = 0.0 if den == 0 else sab / den
        best, first = s.max(), p.min()
        picked = hits = 0
        for i in range(n):
            if s[i] == best:
                picked += 1
                if p[i] == first:
                    hits += 1
        out[c, 2] = hits / picked
        if has_worth:
            total = 0.0
            for k in range(n - 1):
                total += w[k] - _log_sum_exp(w, k, n)
            out[c, 3] = total
            m = 0
            for i in range(n):
                if p[i] == first:
                    winners[m] = w[i]
                    m += 1
            out[c, 4] = _log_sum_exp(winners, 0, m) - _log_sum_exp(w, 0, n)
    return out, counted


@njit(cache=True)
def win_chances(
    offsets: I64, worth: F64, place: I64, keep: B
) -> tuple[F64, F64]:  # pragma: no cover
    """For the calibration: each kept entry's chance of winning (its worth's share among the
    kept entries of its competition) and its share of the win (1/k for k tied first), over
    the competitions with two kept entries or more, in order."""
    chance = np.empty(worth.shape[0])
    won = np.empty(worth.shape[0])
    m = 0
    widest = 0  # (the scratch arrays of the largest competition, made once)
    for c in range(offsets.shape[0] - 1):
        widest = max(widest, offsets[c + 1] - offsets[c])
    w = np.empty(widest)
    p = np.empty(widest, dtype=np.int64)
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        n = 0
        for e in range(a, b):
            if keep[e]:
                w[n], p[n] = worth[e], place[e]
                n += 1
        if n < 2:
            continue
        total = _log_sum_exp(w, 0, n)
        first = p[0]
        for i in range(1, n):
            first = min(first, p[i])
        winners = 0
        for i in range(n):
            if p[i] == first:
                winners += 1
        for i in range(n):
            chance[m] = math.exp(w[i] - total)
            won[m] = 1 / winners if p[i] == first else 0.0
            m += 1
    return chance[:m], won[:m]
