"""What makes one board call better than another, in order (issue 6; seed 002, "Board Assignments").

1. Hard constraints, never broken: keep-apart pairs and team-mates never share a board (seed 002,
   "Team Tournament"); a two-boarder never sits twice on one board and never plays the same power
   twice in a round. The TD's fixed top board is taken as given.
2. The pair cost, itself in order (issue 20: "players feel the worst pair first"):

   a. the worst pair: no pair seated more often than the smallest maximum the field and rounds
      allow (:func:`.lower_bound.worst_bound`); a pair seated beyond it costs more than any
      number of pairs meeting again within it;
   b. the fewest extra meetings: the pairs seated together who met before (each is one more
      meeting than a pair needs; over the event, Σ over pairs of max(0, times met − 1));
   c. Σ (times met before)², the field's common measure (a pair meeting for the third time
      costs 4, two pairs meeting for the second time 2): the *objective* of the report.

   Two two-boarders seated together on both their boards meet twice in the round; the second
   meeting counts with the first one included (m + 1 times met before), as if the boards were
   played in turn. The three are folded into one whole number per pair for the search
   (:class:`PairLevels`).
3. Power repeats: a player given a power they already played. When one is unavoidable, it goes
   to a player who has played more distinct powers (see :mod:`.powers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from palmares.core.message import Message, power
from palmares.diplomacy.seeding.lower_bound import worst_bound
from palmares.diplomacy.seeding.problem import Prepared

__all__ = [
    "HARD",
    "PairLevels",
    "PowerRepeat",
    "Quality",
    "RepeatedPair",
    "default_levels",
    "double_meetings",
    "evaluate",
    "pair_cost",
    "pair_weights",
    "square_weights",
]

#: The cost of seating two players who must be kept apart: more than any call's pair cost.
HARD = 10**15
#: Levels above the cap told apart (a pair further beyond it costs as much as this many).
OVER_LEVELS = 3


@dataclass(frozen=True, slots=True)
class PairLevels:
    """The pair cost (module docstring, 2 a–c) as one whole number per pair seated together.

    A pair who met ``m`` times before costs nothing if ``m = 0``; ``count + m²`` if
    ``m ≤ cap``; beyond the cap, ``over · per_level^(e − 1)`` more, ``e = m − cap`` (up to
    :data:`OVER_LEVELS`). ``count`` exceeds the largest Σ m² a round can seat, so one extra
    meeting outweighs any squares; ``over`` exceeds the largest count-and-squares, and
    ``per_level`` the number of pairs seated, so one pair two beyond the cap outweighs every
    pair one beyond it. ``cap`` is the most times met before that keeps the worst pair within
    its bound (the bound on the meetings of the worst pair, less one).
    """

    cap: int
    count: int
    over: int
    per_level: int

    @staticmethod
    def squares() -> PairLevels:
        """Σ (times met before)² alone, the pair cost before issue 20 (for comparisons)."""
        return PairLevels(cap=2**62, count=0, over=1, per_level=1)

    @staticmethod
    def of(prep: Prepared, cap: int) -> PairLevels:
        """The levels for ``prep`` with the worst pair allowed ``cap`` meetings before."""
        size = prep.board_size
        pairs = max(1, prep.n_boards * size * (size - 1) // 2)
        top_m = max((max(row) for row in prep.met), default=0) + 1  # two-boarders' second
        count = pairs * top_m * top_m + 1
        over = pairs * (count + top_m * top_m) + 1
        return PairLevels(max(cap, 0), count, over, pairs + 1)

    def weight(self, m: int) -> int:
        """What seating a pair who met ``m`` times before costs."""
        if m <= 0:
            return 0
        cost = self.count + m * m
        if m > self.cap:  # never for squares(): m stays far below 2**62
            cost += self.over * self.per_level ** (min(m - self.cap, OVER_LEVELS) - 1)
        return cost

    def parts(self, cost: int) -> tuple[int, int, int]:
        """``cost`` (a sum of :meth:`weight`) as (over the cap, extra meetings, Σ m²)."""
        over, rest = divmod(cost, self.over)
        if not self.count:
            return 0, 0, cost
        count, squares = divmod(rest, self.count)
        return over, count, squares


def square_weights(prep: Prepared) -> list[list[int]]:
    """``W[i][j]``: (times met)², or :data:`HARD` for a pair kept apart — the common measure
    alone (the baselines of ``bench/seeding.py`` minimise it)."""
    return _with_hard(prep, [[m * m for m in row] for row in prep.met])


def pair_weights(prep: Prepared, levels: PairLevels | None = None) -> list[list[int]]:
    """``W[i][j]``: what seating ``i`` with ``j`` costs under ``levels`` (module docstring,
    2 a–c; by default the cap of :func:`.lower_bound.worst_bound`), or :data:`HARD`."""
    if levels is None:
        levels = default_levels(prep)
    return _with_hard(prep, [[levels.weight(m) for m in row] for row in prep.met])


def default_levels(prep: Prepared) -> PairLevels:
    """The levels with the cap at the bound on this round's worst pair."""
    return PairLevels.of(prep, worst_bound(prep).met_before)


def _with_hard(prep: Prepared, weights: list[list[int]]) -> list[list[int]]:
    n = len(prep.players)
    for i in range(n):
        weights[i][i] = HARD
    top = set(prep.top)
    for i, j in prep.forbidden:
        if not (i in top and j in top):  # the TD's fixed top board is taken as given
            weights[i][j] = weights[j][i] = HARD
    return weights


def pair_cost(
    prep: Prepared,
    weights: Sequence[Sequence[int]],
    boards: Sequence[Sequence[int]],
    levels: PairLevels | None = None,
) -> int:
    """The pair cost of ``boards`` under ``weights`` (:func:`pair_weights` with ``levels``: a
    kept-apart pair costs :data:`HARD`), two two-boarders' second meeting included."""
    boards_of: list[list[int]] = [[] for _ in prep.players]
    for b, members in enumerate(boards):
        for i in members:
            boards_of[i].append(b)
    inner = sum(weights[i][j] for members in boards for i, j in combinations(members, 2))
    return inner + double_meetings(prep, boards_of, levels)


def double_meetings(
    prep: Prepared, boards_of: Sequence[Sequence[int]], levels: PairLevels | None = None
) -> int:
    """The extra cost of two-boarders seated together twice: the second meeting costs as a pair
    who met ``m + 1`` times before, so (m + 1)² − m² = 2m + 1 more in Σ m² (``levels`` None),
    ``levels.weight(m + 1) − levels.weight(m)`` more under ``levels``.

    ``boards_of[i]`` lists the boards of player ``i`` this round.
    """
    extra = 0
    for a, b in combinations(prep.doubles, 2):
        if len(set(boards_of[a]) & set(boards_of[b])) >= 2:
            m = prep.met[a][b]
            extra += 2 * m + 1 if levels is None else levels.weight(m + 1) - levels.weight(m)
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

    violations: tuple[Message, ...]
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
    violations: list[Message] = []
    cost = 0
    pairs: list[RepeatedPair] = []
    boards_of: list[list[int]] = [[] for _ in names]
    for b, members in enumerate(boards):
        if len(members) != prep.board_size:
            violations.append(Message.of("seeding.board_size", board=b + 1, players=len(members)))
        for i in members:
            boards_of[i].append(b)
        fixed_top = b == 0 and bool(prep.top)
        for i, j in combinations(members, 2):
            if i == j:
                violations.append(Message.of("seeding.sits_twice", player=names[i], board=b + 1))
                continue
            key = (min(i, j), max(i, j))
            if key in prep.forbidden and not fixed_top:
                violations.append(
                    Message.of(
                        "seeding.share",
                        a=names[key[0]],
                        b=names[key[1]],
                        board=b + 1,
                        why=prep.forbidden[key],
                    )
                )
            m = prep.met[i][j]
            cost += m * m
            if m:
                pairs.append(RepeatedPair(names[key[0]], names[key[1]], m, b + 1))
    cost += double_meetings(prep, boards_of)
    for i, bs in enumerate(boards_of):
        expected = prep.entries.count(i)
        if len(bs) != expected:
            violations.append(
                Message.of(
                    "seeding.plays_boards", player=names[i], boards=len(bs), expected=expected
                )
            )
    repeats: list[PowerRepeat] = []
    if powers is not None:
        given: dict[int, list[int]] = {}
        for b, (members, ks) in enumerate(zip(boards, powers, strict=True)):
            if sorted(ks) != list(range(prep.board_size)):
                violations.append(Message.of("seeding.powers_once", board=b + 1))
            for i, k in zip(members, ks, strict=True):
                given.setdefault(i, []).append(k)
                if prep.played[i][k]:
                    repeats.append(PowerRepeat(names[i], prep.powers[k], prep.played[i][k], b + 1))
        for i, ks in given.items():
            for k in sorted({k for k in ks if ks.count(k) > 1}):
                violations.append(
                    Message.of("seeding.same_power", player=names[i], power=power(prep.powers[k]))
                )
    return Quality(tuple(violations), cost, tuple(pairs), tuple(repeats))
