"""What makes one board call better than another, in order (issue 6; seed 002, "Board Assignments").

1. Hard constraints, never broken: keep-apart pairs and team-mates never share a board (seed 002,
   "Team Tournament"); a two-boarder never sits twice on one board and never plays the same power
   twice in a round. The TD's fixed top board is taken as given.
2. The pair cost: the sum over pairs seated together of (times met before)², the field's common
   measure (a pair meeting for the third time costs 4, two pairs meeting for the second time 2).
   Two two-boarders seated together on both their boards meet twice in the round; the second
   meeting counts with the first one included, (m + 1)², as if the boards were played in turn.
3. Power repeats: a player given a power they already played. When one is unavoidable, it goes
   to a player who has played more distinct powers (see :mod:`.powers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from palmares.diplomacy.seeding.problem import Prepared

__all__ = [
    "HARD",
    "PowerRepeat",
    "Quality",
    "RepeatedPair",
    "double_meetings",
    "evaluate",
    "pair_cost",
    "pair_weights",
]

#: The cost of seating two players who must be kept apart: more than any call's pair cost.
HARD = 10**9


def pair_weights(prep: Prepared) -> list[list[int]]:
    """``W[i][j]``: what seating ``i`` with ``j`` costs — (times met)², or :data:`HARD`."""
    n = len(prep.players)
    weights = [[m * m for m in row] for row in prep.met]
    for i in range(n):
        weights[i][i] = HARD
    top = set(prep.top)
    for i, j in prep.forbidden:
        if not (i in top and j in top):  # the TD's fixed top board is taken as given
            weights[i][j] = weights[j][i] = HARD
    return weights


def pair_cost(
    prep: Prepared, weights: Sequence[Sequence[int]], boards: Sequence[Sequence[int]]
) -> int:
    """The pair cost of ``boards`` under ``weights`` (:func:`pair_weights`: a kept-apart pair
    costs :data:`HARD`), two two-boarders' second meeting included."""
    boards_of: list[list[int]] = [[] for _ in prep.players]
    for b, members in enumerate(boards):
        for i in members:
            boards_of[i].append(b)
    inner = sum(weights[i][j] for members in boards for i, j in combinations(members, 2))
    return inner + double_meetings(prep, boards_of)


def double_meetings(prep: Prepared, boards_of: Sequence[Sequence[int]]) -> int:
    """The extra cost of two-boarders seated together twice: (m + 1)² − m² = 2m + 1 per pair.

    ``boards_of[i]`` lists the boards of player ``i`` this round.
    """
    extra = 0
    for a, b in combinations(prep.doubles, 2):
        if len(set(boards_of[a]) & set(boards_of[b])) >= 2:
            extra += 2 * prep.met[a][b] + 1
    return extra


@dataclass(frozen=True, slots=True)
class RepeatedPair:
    """Two players seated together who met before (``times`` earlier boards)."""

    a: str
    b: str
    times: int
    board: int


@dataclass(frozen=True, slots=True)
class PowerRepeat:
    """A player given a power they had played ``times`` times before."""

    player: str
    power: str
    times: int
    board: int


@dataclass(frozen=True, slots=True)
class Quality:
    """How good a board call is: its broken constraints (none, if palmares made it), pair cost
    (the objective), the repeated pairs and the power repeats."""

    violations: tuple[str, ...]
    objective: int
    repeated_pairs: tuple[RepeatedPair, ...]
    power_repeats: tuple[PowerRepeat, ...]

    @property
    def worst_pair(self) -> int:
        """Times the most-met pair seated together had met before (0 if none)."""
        return max((p.times for p in self.repeated_pairs), default=0)

    def repeats_by_times(self) -> dict[int, int]:
        """How many pairs meet again, by how often they had met before."""
        out: dict[int, int] = {}
        for p in self.repeated_pairs:
            out[p.times] = out.get(p.times, 0) + 1
        return dict(sorted(out.items()))


def evaluate(
    prep: Prepared,
    boards: Sequence[Sequence[int]],
    powers: Sequence[Sequence[int]] | None = None,
) -> Quality:
    """Score a call: ``boards[b]`` are the players of board ``b`` (board 0 is the top board when
    one is fixed) and ``powers[b][s]`` the power index given to ``boards[b][s]``."""
    names = prep.players
    violations: list[str] = []
    cost = 0
    pairs: list[RepeatedPair] = []
    boards_of: list[list[int]] = [[] for _ in names]
    for b, members in enumerate(boards):
        if len(members) != prep.board_size:
            violations.append(f"board {b + 1} has {len(members)} players")
        for i in members:
            boards_of[i].append(b)
        fixed_top = b == 0 and bool(prep.top)
        for i, j in combinations(members, 2):
            if i == j:
                violations.append(f"{names[i]} sits twice on board {b + 1}")
                continue
            key = (min(i, j), max(i, j))
            if key in prep.forbidden and not fixed_top:
                violations.append(
                    f"{names[key[0]]} and {names[key[1]]} share board {b + 1} "
                    f"({prep.forbidden[key]})"
                )
            m = prep.met[i][j]
            cost += m * m
            if m:
                pairs.append(RepeatedPair(names[key[0]], names[key[1]], m, b + 1))
    cost += double_meetings(prep, boards_of)
    for i, bs in enumerate(boards_of):
        expected = prep.entries.count(i)
        if len(bs) != expected:
            violations.append(f"{names[i]} plays {len(bs)} boards, not {expected}")
    repeats: list[PowerRepeat] = []
    if powers is not None:
        given: dict[int, list[int]] = {}
        for b, (members, ks) in enumerate(zip(boards, powers, strict=True)):
            if sorted(ks) != list(range(prep.board_size)):
                violations.append(f"board {b + 1} does not give each power once")
            for i, k in zip(members, ks, strict=True):
                given.setdefault(i, []).append(k)
                if prep.played[i][k]:
                    repeats.append(PowerRepeat(names[i], prep.powers[k], prep.played[i][k], b + 1))
        for i, ks in given.items():
            for k in sorted({k for k in ks if ks.count(k) > 1}):
                violations.append(f"{names[i]} plays {prep.powers[k]} on both boards")
    return Quality(tuple(violations), cost, tuple(pairs), tuple(repeats))
