"""The exact rating list in one pass, without a Fraction per row (seed 000; issue 15).

The list the command line prints must be the exact one: ranks and ties as the exact (Fraction)
ratings give them, every rating shown as the exact value would be (csv/json: the float nearest to
it, a whole number as a whole number; tables: two decimals, half up). Replaying a million rows in
Fractions takes ten seconds; this module replays them once in double-double arithmetic (about 106
bits) in a numba kernel, carrying beside each rating a rigorous bound on its distance from the
exact value, and then *proves* each figure from it:

- the nearest float is ``hi`` when ``|lo| + bound`` is below half the gap to ``hi``'s neighbour;
- the value is not a whole number when ``hi`` is not one (a whole number is a float: it would be
  ``hi``);
- two decimals half up are those of ``hi`` when ``hi`` is farther than a few ulps and the bound
  from every point where the rounding changes;
- two ratings are in the order of their double-doubles when these differ by more than twice the
  largest bound.

Whatever it cannot prove it computes exactly: the players involved are replayed in Fractions
(their own rows only: one sorted pass over the rows of those players). So the list is the exact
list, to the digit; ``tests/ratings/test_certified.py`` checks it against the Fraction loop on
random histories, ties, tiny fields, large stored coefficients.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from palmares.ratings.compiled import contiguous, kernels
from palmares.ratings.dip_pouch import INITIAL_RATING, move
from palmares.ratings.jit import njit
from palmares.ratings.percentile import percentile
from palmares.ratings.ranking import grouped_ranks_desc

__all__ = ["CertifiedList", "certified_list", "share_parts"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

#: A rating whose bound is above this is recomputed in Fractions (it never is in practice).
LOOSE = 1e-18
_SPLIT = 134217729.0  # 2**27 + 1
_FRESH = 2.0**-96  # each step's new error, relative to the sizes involved (~2**-104 at worst)


@njit(cache=True, inline="always")
def _two_sum(a: float, b: float) -> tuple[float, float]:  # pragma: no cover - compiled
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


@njit(cache=True, inline="always")
def _fast_two_sum(a: float, b: float) -> tuple[float, float]:  # pragma: no cover - compiled
    s = a + b
    return s, b - (s - a)


@njit(cache=True, inline="always")
def _two_prod(a: float, b: float) -> tuple[float, float]:  # pragma: no cover - compiled
    p = a * b
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


@njit(cache=True, inline="always")
def _add(ah: float, al: float, bh: float, bl: float) -> tuple[float, float]:  # pragma: no cover
    """Double-double sum, accurate even under cancellation (Joldes, Muller, Popescu 2017)."""
    sh, sl = _two_sum(ah, bh)
    th, tl = _two_sum(al, bl)
    sl += th
    sh, sl = _fast_two_sum(sh, sl)
    sl += tl
    return _fast_two_sum(sh, sl)


@njit(cache=True, inline="always")
def _mul(ah: float, al: float, bh: float, bl: float) -> tuple[float, float]:  # pragma: no cover
    ph, pl = _two_prod(ah, bh)
    pl += ah * bl + al * bh
    return _fast_two_sum(ph, pl)


@njit(cache=True, inline="always")
def _quotient(a: float, b: float) -> tuple[float, float]:  # pragma: no cover - compiled
    """a / b as a double-double, for whole numbers a, b below 2**53."""
    q = a / b
    ph, pl = _two_prod(q, b)
    r = (a - ph) - pl
    return q, r / b


@njit(cache=True)
def _replay(
    by_position: I64,
    ev_start: I64,
    ev_end: I64,
    ev_day: I32,
    last_day: int,
    share_hi: F64,
    share_lo: F64,
    ev_players: I32,
    row_player: I32,
    row_rank: I32,
    hi: F64,
    lo: F64,
    bound: F64,
) -> None:  # pragma: no cover - compiled
    """Every rating after the events up to ``last_day``, in double-double, with its bound."""
    for j in range(by_position.shape[0]):
        e = by_position[j]
        if ev_day[e] > last_day:
            break
        sh, sl = share_hi[e], share_lo[e]
        if sh == 0.0 and sl == 0.0:
            continue  # a share of nothing: every rating stays as it is, exactly
        size = abs(sh) + 1.0
        keep = abs(1.0 - sh) + 2.0**-50
        n = float(ev_players[e])
        for i in range(ev_start[e], ev_end[e]):
            p = row_player[i]
            oh, ol = hi[p], lo[p]
            ph, pl = _quotient(100.0 * (n - row_rank[i]) + 50.0, n)
            dh, dl = _add(ph, pl, -oh, -ol)
            mh, ml = _mul(sh, sl, dh, dl)
            nh, nl = _add(oh, ol, mh, ml)
            fresh = _FRESH * size * (abs(ph) + 2.0 * abs(oh) + abs(nh) + 1.0)
            b = (keep * bound[p] + fresh) * (1.0 + 2.0**-40)
            if not (abs(nh) < 1e150 and b < 1e100):
                b = np.inf
            hi[p], lo[p], bound[p] = nh, nl, b


def share_parts(value: Fraction) -> tuple[float, float]:
    """``value / 100`` (the share of the distance a rating moves) as a double-double: (0, 0)
    exactly for a value of 0 (the replay then leaves every rating, and its bound of 0, as it
    is; any other value has few digits, far above the smallest float)."""
    share = value / 100
    high = float(share)
    return high, float(share - Fraction(high))


@dataclass(frozen=True, slots=True)
class CertifiedList:
    """Listed players (indices) best first, their competition ranks, national ranks (within
    ``nationality`` codes) and ratings: a Fraction where it had to be computed, else the float
    nearest to the exact rating (proved: see the module docstring)."""

    players: I64
    ranks: I64
    national_ranks: I64
    ratings: list[Fraction | float]


def _proved(hi: F64, lo: F64, bound: F64) -> npt.NDArray[np.bool_]:
    """Which double-doubles prove their figures (nearest float, not whole, two places)."""
    with np.errstate(invalid="ignore", over="ignore"):
        finite = np.isfinite(hi) & np.isfinite(lo) & (bound <= LOOSE)
        up = np.nextafter(hi, np.inf) - hi
        down = hi - np.nextafter(hi, -np.inf)
        half_gap = np.where(lo >= 0, up, down) / 2
        nearest = (np.abs(lo) + bound) * (1 + 2.0**-40) < half_gap
        whole = np.floor(hi) == hi
        scaled = hi * 100
        frac = scaled - np.floor(scaled)
        margin = 8 * np.spacing(np.abs(scaled)) + 100 * (8 * np.spacing(np.abs(hi)) + bound)
        two_places = np.abs(frac - 0.5) > margin
    proved: npt.NDArray[np.bool_] = finite & nearest & ~whole & two_places
    return proved


def certified_list(
    listed: I64,
    nationality: I32,
    replay: Callable[[], tuple[F64, F64, F64]],
    exact: Callable[[Sequence[int]], dict[int, Fraction]],
    *,
    fractions_only: bool = False,
) -> CertifiedList:
    """The exact list of the ``listed`` players: ``replay()`` gives every player's (hi, lo,
    bound); ``exact(players)`` their exact ratings. ``fractions_only``: every rating is the
    Fraction (all computed exactly, no replay)."""
    if listed.size == 0:
        empty = np.zeros(0, dtype=np.int64)
        return CertifiedList(empty, empty, empty, [])
    if fractions_only:
        hi = np.zeros(listed.shape[0])
        lo, bound = hi.copy(), np.full(listed.shape[0], np.inf)
    else:
        hi_all, lo_all, bound_all = replay()
        hi, lo, bound = hi_all[listed].copy(), lo_all[listed].copy(), bound_all[listed].copy()
    fractions: dict[int, Fraction] = {}
    known = np.zeros(listed.shape[0], dtype=bool)

    def make_exact(which: I64) -> None:
        which = which[~known[which]]
        if which.size == 0:
            return
        # A bound of 0: no step moved the rating (every share nothing), hi + lo is it exactly.
        still = bound[which] == 0.0
        for i in which[still].tolist():
            fractions[int(listed[i])] = Fraction(hi[i]) + Fraction(lo[i])
        fractions.update(exact([int(p) for p in listed[which[~still]]]))
        for i in which.tolist():
            f = fractions[int(listed[i])]
            hi[i] = float(f)
            lo[i] = float(f - Fraction(hi[i]))
            bound[i] = abs(hi[i]) * 2.0**-100
        known[which] = True

    make_exact(np.flatnonzero(~_proved(hi, lo, bound)))
    n = listed.shape[0]
    while True:
        order = np.lexsort((-lo, -hi))
        h, low = hi[order], lo[order]
        width = 2 * float(bound.max(initial=0.0)) * (1 + 2.0**-40) + 1e-300
        close = ((h[:-1] - h[1:]) + (low[:-1] - low[1:])) <= width
        near = np.zeros(n, dtype=bool)
        near[:-1] |= close
        near[1:] |= close
        pending = order[near & ~known[order]]
        if pending.size == 0:
            break
        make_exact(pending)
    # Runs of close ratings (every member exact now): the Fractions decide order and ties.
    final = order.copy()
    new_level = np.ones(n, dtype=bool)
    new_level[1:] = ~close
    runs = np.flatnonzero(new_level & np.append(close, False))
    for s in runs.tolist():
        t = s + 1
        while t < n and not new_level[t]:
            t += 1
        members = sorted(order[s:t].tolist(), key=lambda i: -fractions[int(listed[i])])
        final[s:t] = members
        for k in range(s + 1, t):
            new_level[k] = fractions[int(listed[final[k]])] != fractions[int(listed[final[k - 1]])]
    level = np.cumsum(new_level) - 1
    positions = np.arange(1, n + 1, dtype=np.int64)
    ranks = np.maximum.accumulate(np.where(new_level, positions, 0)).astype(np.int64)
    players = listed[final]
    national = grouped_ranks_desc(nationality[players], -level.astype(np.float64))
    ratings: list[Fraction | float] = [
        fractions[p] if known[i] else h
        for p, i, h in zip(players.tolist(), final.tolist(), hi[final].tolist(), strict=True)
    ]
    return CertifiedList(players, ranks, national, ratings)


def exact_ratings(
    rows: I64,
    row_player: I32,
    row_event: I32,
    row_rank: I32,
    ev_players: I32,
    values: Callable[[int], Fraction],
) -> dict[int, Fraction]:
    """Replay ``rows`` (grouped by player, each in application order) in Fractions."""
    out: dict[int, Fraction] = {}
    players, events, ranks = (
        row_player[rows].tolist(),
        row_event[rows].tolist(),
        row_rank[rows].tolist(),
    )
    for p, e, r in zip(players, events, ranks, strict=True):
        out[p] = move(out.get(p, INITIAL_RATING), values(e), percentile(r, int(ev_players[e])))
    return out


def replay_double_double(
    by_position: I64,
    ev_start: I64,
    ev_end: I64,
    ev_day: I32,
    last_day: int,
    share_hi: F64,
    share_lo: F64,
    ev_players: I32,
    row_player: I32,
    row_rank: I32,
    n_players: int,
) -> tuple[F64, F64, F64]:
    """Every player's rating after the events up to ``last_day``: (hi, lo, bound)."""
    hi = np.full(n_players, float(INITIAL_RATING))
    lo = np.zeros(n_players)
    bound = np.zeros(n_players)
    if kernels is not None:  # the compiled build (``_kernels.c``): the same floats
        c = contiguous
        kernels.certified_replay(
            c(by_position, np.int64), c(ev_start, np.int64), c(ev_end, np.int64),
            c(ev_day, np.int32), int(last_day), c(share_hi, np.float64),
            c(share_lo, np.float64), c(ev_players, np.int32), c(row_player, np.int32),
            c(row_rank, np.int32), hi, lo, bound,
        )  # fmt: skip
        return hi, lo, bound
    _replay(
        by_position,
        ev_start,
        ev_end,
        ev_day,
        last_day,
        share_hi,
        share_lo,
        ev_players,
        row_player,
        row_rank,
        hi,
        lo,
        bound,
    )
    return hi, lo, bound
