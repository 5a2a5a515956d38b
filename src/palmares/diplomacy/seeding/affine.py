"""A board call from the affine plane, for a full field of p² players on boards of a prime p.

Seed 002 ("Board Assignments") asks to minimise repeated opponents; round-by-round search
cannot see the rounds to come, and on 49 players it leaves pairs meeting again from round 4 on.
Yet 49 players can play eight rounds without any pair meeting twice: the points of the affine
plane of order 7 (coordinates ``(x, y)`` modulo 7) fall into 8 parallel classes of 7 lines,
``x = c`` and ``y = m·x + c`` for ``m = 0 … 6``, and two points share exactly one line.

Our decision (the seed is silent): when exactly p² players play one board each (p the board
size, a prime), with no top board, and every earlier round seated exactly these players, the
earlier rounds are read as coordinates and the next unused class is offered as a call:

- after round 1, ``x`` is the board of round 1 (in the order of the history) and ``y`` a label
  within each board, chosen so that the keep-apart pairs (and team-mates) lie on lines of as
  few classes as possible (a class with such a line can never be called); the call is the class
  ``y = c``;
- after round 2 or later, ``x`` is the board of round 1 and ``y`` the board of round 2; every
  later round must be a class ``y = m·x + c`` (else nothing is offered), and the call is the
  unused class with the smallest ``m`` none of whose lines holds a keep-apart pair.

Powers play no part (they are given over all the rounds foreseen at once, see :mod:`.plan`), and
the players of a board are read in sorted order, so the offer depends only on who sat together.
The call compares the offer with the search's call and keeps the better by pair cost, the offer
winning ties since it keeps the later rounds free of repeated pairs.
"""

from __future__ import annotations

import random
from collections import defaultdict

from palmares.diplomacy.seeding.problem import Prepared

__all__ = ["affine_call"]

#: Swaps tried by each descent when choosing the labels of round 2, and the move orders tried
#: from each start.
LABEL_MOVES = 2000
LABEL_STARTS = 4


def _is_prime(p: int) -> bool:
    return p >= 2 and all(p % d for d in range(2, int(p**0.5) + 1))


def _rounds(prep: Prepared) -> list[list[list[int]]] | None:
    """The earlier rounds as boards of player numbers, if each seats exactly the field."""
    index = {name: i for i, name in enumerate(prep.players)}
    by_round: dict[int, list[list[int]]] = defaultdict(list)
    for board in prep.history:
        members = sorted(index.get(s.player, -1) for s in board.seats)
        if -1 in members or len(members) != prep.board_size:
            return None
        by_round[board.round].append(members)
    n = len(prep.players)
    out = [by_round[r] for r in sorted(by_round)]
    for boards in out:
        if sorted(i for members in boards for i in members) != list(range(n)):
            return None
    return out


def _blocked(prep: Prepared, x: list[int], y: list[int]) -> set[int]:
    """The classes ``y = m·x + c`` with a keep-apart pair on one line (a pair of one row
    blocks none: round 1 kept it apart)."""
    p = prep.board_size
    return {(y[j] - y[i]) * pow(x[j] - x[i], -1, p) % p for i, j in prep.forbidden if x[i] != x[j]}


def _labels(prep: Prepared, rows: list[list[int]]) -> list[int] | None:
    """A ``y`` for each player (a different one within each row) such that the keep-apart
    pairs block as few classes as possible and never the class ``y = c`` itself: a descent
    over swaps of two labels within a row, from :data:`LABEL_STARTS` move orders, the best
    kept. Powers play no part, so the call can be foreseen (see :mod:`.plan`)."""
    p = prep.board_size
    n = len(prep.players)
    x = [0] * n
    start = [0] * n
    for r, members in enumerate(rows):
        for c, i in enumerate(members):
            x[i], start[i] = r, (c + r) % p

    def blocking(y: list[int]) -> tuple[int, int]:
        blocked = _blocked(prep, x, y)
        return (1 if 0 in blocked else 0, len(blocked))

    found: list[tuple[tuple[int, int], int, list[int]]] = []
    for seed in range(LABEL_STARTS):
        rng = random.Random(seed)
        y = list(start)
        now = blocking(y)
        for _ in range(LABEL_MOVES):
            if not any(now):
                break
            members = rows[rng.randrange(p)]
            i, j = rng.sample(members, 2)
            y[i], y[j] = y[j], y[i]
            trial = blocking(y)
            if trial <= now:
                now = trial
            else:
                y[i], y[j] = y[j], y[i]
        found.append((now, seed, y))
    best = min(found)
    return None if best[0][0] else best[2]


def _slope(x: list[int], y: list[int], boards: list[list[int]], p: int) -> int | None:
    """The ``m`` with every board a line ``y = m·x + c``, if any."""
    a, b = boards[0][0], boards[0][1]
    if x[a] == x[b]:
        return None
    m = (y[b] - y[a]) * pow(x[b] - x[a], -1, p) % p
    for members in boards:
        if len({(y[i] - m * x[i]) % p for i in members}) != 1:
            return None
    return m


def affine_call(prep: Prepared) -> list[list[int]] | None:
    """The next class of the affine plane as boards of player numbers, or ``None`` when the
    field, the history or the keep-apart pairs do not allow it (module docstring)."""
    p = prep.board_size
    n = len(prep.players)
    if not _is_prime(p) or n != p * p or prep.top or prep.doubles or len(prep.entries) != n:
        return None
    rounds = _rounds(prep)
    if not rounds:
        return None
    x = [0] * n
    for c, members in enumerate(rounds[0]):
        for i in members:
            x[i] = c
    if len(rounds) == 1:
        labels = _labels(prep, rounds[0])
        if labels is None:
            return None
        return [sorted(i for i in range(n) if labels[i] == c) for c in range(p)]
    y = [0] * n
    for c, members in enumerate(rounds[1]):
        for i in members:
            y[i] = c
    if len({(x[i], y[i]) for i in range(n)}) != n:
        return None  # rounds 1 and 2 are not orthogonal
    blocked = _blocked(prep, x, y)
    used = {0}
    for boards in rounds[2:]:
        m = _slope(x, y, boards, p)
        if m is None:
            return None
        used.add(m)
    free = [m for m in range(1, p) if m not in used and m not in blocked]
    return _class(x, y, free[0], p) if free else None


def _class(x: list[int], y: list[int], m: int, p: int) -> list[list[int]]:
    """The lines ``y = m·x + c`` for ``c = 0 … p-1``, as boards of player numbers."""
    line = [(y[i] - m * x[i]) % p for i in range(len(x))]
    return [sorted(i for i in range(len(x)) if line[i] == c) for c in range(p)]
