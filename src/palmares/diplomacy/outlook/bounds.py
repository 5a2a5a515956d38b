"""How many players of one board of the final round can finish above a score, at most and at
least, whatever the board's result (issue 38).

Under the ante (seed 002, Appendix A) a player ``q`` seated on a board ends the final round at
``base_q + share_q · pot`` where ``base_q`` is their score before it less their stake
(``S_q · (1 − 10 %)``) and ``pot`` the board's stakes; ``share_q`` is what the board pays
(:mod:`.catalogue`). "Above ``T``" is strictly above: tied players share a place.

**At most** (:func:`most_above`): ``m`` players can all finish above ``T`` exactly when ``T`` is
below ``τ_m``, the best "weakest of the ``m``" over every outcome: the ``m`` largest bases
(exchange: a larger base never needs more), the largest share to the smallest base (the
bottleneck assignment: swapping two shares never raises the smaller of the two finals). So the
count is the number of ``m`` with ``T < τ_m``; ``τ_m`` falls as ``m`` grows.

On the **top board** the champion (the largest share, a tie going to the larger score before
the round: seed 002, "Top Board") takes no place, so the count leaves them out: ``τ_m`` is then
the best over each would-be champion ``c`` taking the largest share and the ``m`` largest other
bases taking the next shares. When ``c`` does not win every tie (a player of the board has a
larger score before the round), the outcomes whose largest share is tied are tried in every
order of the shares among the others (:func:`_tied_taus`): ``c`` is champion when every other
player given the largest share has a smaller score before the round (an equal score shares the
title and takes no place).

**At least** (:func:`fewest_above`): the players whose base alone is above ``T`` (set ``N``) are
above whatever happens. Off the top board: if ``N`` is not empty, one of them takes the whole
pot (the solo: everyone else gets nothing) and nobody else rises; if some player cannot pass
``T`` even with the whole pot, they take it; otherwise either an outcome leaves everyone at or
below ``T`` (``λ``: the best "strongest of the seven", the smallest final going to the largest
base), or one player must pass. On the top board, the players of ``N`` with the same score before
the round may all share the board (equal centres, nothing for anyone else) and so all be
champion: at least ``|N|`` less the largest such group; nobody fewer, since the champions share
one score before the round.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from palmares.diplomacy.outlook.catalogue import Catalogue

__all__ = ["BoardBounds", "bounds", "fewest_above", "most_above"]

_EPS = 1e-9
#: The boards whose bounds a catalogue keeps (each a few Fractions per seat).
_MEMO = 4096


@dataclass(frozen=True, slots=True)
class Seated:
    """A player of a free board: score before the final round and base (score less stake)."""

    player: str
    before: Fraction
    base: Fraction


@dataclass(frozen=True, slots=True)
class BoardBounds:
    """One free board seen from a player who is not on it: the thresholds ``tau`` (``tau[m-1]``
    is ``τ_m``), ``lam`` (λ), the bases, the pot, and whether it is the top board."""

    seated: tuple[Seated, ...]
    pot: Fraction
    top: bool
    tau: tuple[Fraction, ...]
    lam: Fraction | None
    best_share: Fraction


def _max_of_min(
    cat: Catalogue,
    mask: npt.NDArray[np.bool_],
    bases: Sequence[Fraction],
    cols: Sequence[int],
    pot: Fraction,
) -> Fraction | None:
    """max over the rows of ``mask`` of min_i (bases[i] + share[cols[i]] · pot), exactly (a
    float pass keeps the candidates, the exact pass decides)."""
    if not mask.any():
        return None
    w = cat.shares[mask][:, list(cols)]
    values = np.min(np.array([float(b) for b in bases]) + w * float(pot), axis=1)
    top = float(values.max())
    keep = np.nonzero(values >= top - _EPS * (abs(top) + 1))[0]
    index = np.nonzero(mask)[0][keep]
    best: Fraction | None = None
    for r in index:
        shares = cat.exact_sorted(int(r))
        value = min(b + shares[c] * pot for b, c in zip(bases, cols, strict=True))
        if best is None or value > best:
            best = value
    return best


def _min_of_max(cat: Catalogue, bases: Sequence[Fraction], pot: Fraction) -> Fraction | None:
    """min over the outcomes of max_i (bases[i] + share[i] · pot), the largest share to the
    smallest base: λ, the lowest bar every player of the board can be kept under."""
    w = cat.shares[:, : len(bases)]
    terms = np.array([float(b) for b in bases]) + w * float(pot)
    values = terms.max(axis=1)
    low = float(values.min())
    keep = np.nonzero(values <= low + _EPS * (abs(low) + 1))[0]
    # A row's exact maximum is among the terms within a float's error of its largest; many
    # rows share those terms (a leader taking nothing: their own base), each pair once.
    near = terms[keep] >= values[keep, None] - _EPS * (np.abs(values[keep, None]) + 1)
    best: Fraction | None = None
    seen: set[tuple[tuple[int, Fraction], ...]] = set()
    for k, r in enumerate(keep):
        shares = cat.exact_sorted(int(r))
        key = tuple((int(i), shares[i]) for i in np.nonzero(near[k])[0])
        if key in seen:
            continue
        seen.add(key)
        value = max(bases[i] + share * pot for i, share in key)
        if best is None or value < best:
            best = value
    return best


def _taus(
    cat: Catalogue, seated: Sequence[Seated], pot: Fraction, *, top: bool, zero_last: bool
) -> tuple[Fraction, ...]:
    """``τ_1 … τ_n`` of a board (``zero_last``: one more seat, taking a zero share, is the
    player the question is about; its row must leave them nothing)."""
    rows = cat.shares
    base_mask = rows[:, -1] == 0.0 if zero_last else np.ones(len(rows), dtype=bool)
    taus: list[Fraction] = []
    if not top:
        ordered = sorted(s.base for s in seated)
        for m in range(1, len(seated) + 1):
            tau = _max_of_min(cat, base_mask, ordered[-m:], range(m), pot)
            if tau is None:
                break
            taus.append(tau)
        return tuple(taus)
    per_m: list[list[Fraction]] = [[] for _ in range(len(seated) - 1)]
    for c in seated:
        others = [s for s in seated if s is not c]
        wins_ties = all(c.before > s.before for s in others)
        mask = base_mask if wins_ties else base_mask & (rows[:, 0] > rows[:, 1])
        ordered = sorted(s.base for s in others)
        for m in range(1, len(others) + 1):
            tau = _max_of_min(cat, mask, ordered[-m:], range(1, m + 1), pot)
            if tau is None:
                break
            per_m[m - 1].append(tau)
        if not wins_ties:
            tied = base_mask & (rows[:, 0] == rows[:, 1])
            for m, tau in enumerate(_tied_taus(cat, tied, c, others, pot), start=1):
                if tau is not None:
                    per_m[m - 1].append(tau)
    return tuple(max(v) for v in per_m if v)


def _tied_taus(
    cat: Catalogue,
    tied: npt.NDArray[np.bool_],
    c: Seated,
    others: Sequence[Seated],
    pot: Fraction,
) -> list[Fraction | None]:
    """``τ_1 …`` over the outcomes whose largest share is tied, ``c`` champion: ``c`` takes the
    largest share and wins the tie on the score before the round, so every other player given
    a share equal to it has a smaller score before the round (an equal score shares the title:
    that player takes no place and is not counted). Every order of the other shares among the
    others is tried (at most 6! on the standard map); ``τ_m`` is the best ``m``-th largest
    final of the counted players."""
    n = len(others)
    best: list[Fraction | None] = [None] * n
    if not tied.any():
        return best
    index = np.nonzero(tied)[0]
    w = cat.shares[index][:, 1 : n + 1]
    at_top = w == cat.shares[index][:, [0]]
    bases = np.array([float(s.base) for s in others])
    above = np.array([s.before > c.before for s in others])
    equal = np.array([s.before == c.before for s in others])
    candidates: list[tuple[int, tuple[int, ...]]] = []
    floats = np.full(n, -np.inf)
    for order in itertools.permutations(range(n)):
        who = list(order)  # column j + 1 goes to others[order[j]]
        allowed = ~(at_top & above[who]).any(axis=1)
        if not allowed.any():
            continue
        finals = bases[who] + w[allowed] * float(pot)
        finals = np.where((at_top & equal[who])[allowed], -np.inf, finals)  # a co-champion
        ranked = -np.sort(-finals, axis=1)
        tops = ranked.max(axis=0)
        rows = np.nonzero(allowed)[0]
        for m in np.nonzero(tops >= floats - _EPS * (np.abs(floats) + 1))[0]:
            top = float(tops[m])
            if top == -np.inf:
                continue
            floats[m] = max(float(floats[m]), top)
            for k in np.nonzero(ranked[:, m] >= top - _EPS * (abs(top) + 1))[0]:
                candidates.append((int(index[rows[k]]), order))
    for r, order in candidates:  # the exact pass decides
        shares = cat.exact_sorted(r)
        counted: list[Fraction] = []
        for j, i in enumerate(order):
            share = shares[j + 1]
            if share == shares[0] and others[i].before > c.before:
                break
            if share == shares[0] and others[i].before == c.before:
                continue
            counted.append(others[i].base + share * pot)
        else:
            counted.sort(reverse=True)
            for place, value in enumerate(counted):
                known = best[place]
                if known is None or value > known:
                    best[place] = value
    return best


def bounds(
    cat: Catalogue,
    seated: Sequence[Seated],
    pot: Fraction,
    *,
    top: bool,
    zero_last: bool = False,
) -> BoardBounds:
    """The bounds of one free board (see the module). Its inputs are exact values, so the
    answer is kept in the catalogue's memo (at most :data:`_MEMO` boards) for the next ask."""
    key = (tuple(seated), pot, top, zero_last)
    known = cat.memo.get(key)
    if isinstance(known, BoardBounds):
        return known
    found = _bounds(cat, seated, pot, top=top, zero_last=zero_last)
    if len(cat.memo) >= _MEMO:
        cat.memo.clear()
    cat.memo[key] = found
    return found


def _bounds(
    cat: Catalogue,
    seated: Sequence[Seated],
    pot: Fraction,
    *,
    top: bool,
    zero_last: bool,
) -> BoardBounds:
    lam = None if top or zero_last else _min_of_max(cat, sorted(s.base for s in seated), pot)
    return BoardBounds(
        seated=tuple(seated),
        pot=pot,
        top=top,
        tau=_taus(cat, seated, pot, top=top, zero_last=zero_last),
        lam=lam,
        best_share=cat.best_share,
    )


def most_above(b: BoardBounds, threshold: Fraction) -> int:
    """The most players of the board (the top board's champion left out) who can finish
    strictly above ``threshold``."""
    return sum(1 for tau in b.tau if threshold < tau)


def fewest_above(b: BoardBounds, threshold: Fraction) -> int:
    """The fewest players of the board (the top board's champions left out) who finish strictly
    above ``threshold`` whatever happens."""
    sure = [s for s in b.seated if s.base > threshold]
    if b.top:
        if not sure:
            return 0
        groups: dict[Fraction, int] = {}
        for s in sure:
            groups[s.before] = groups.get(s.before, 0) + 1
        return len(sure) - max(groups.values())
    if sure:
        return len(sure)
    if any(s.base + b.best_share * b.pot <= threshold for s in b.seated):
        return 0
    if b.lam is not None and b.lam <= threshold:
        return 0
    return 1
