"""Whether a team can still take the team championship when no single outcome of the final
round is best for it against every team at once (issue 38; the rule: seed 002, "Team
Tournament", see :mod:`.teams`).

Team ``A`` can still win (at least shared) when some joint outcome of the free boards leaves,
for every other team ``B``, ``slack_B + g_A − g_B ≥ 0``: ``slack_B`` is ``A``'s known score less
``B``'s, ``g_T`` what team ``T``'s counted seats take from the free boards (share · pot, the
ante, seed 002 Appendix A). Every share is at least zero (checked on the catalogue), so:

1. **Dominant boards.** On a board with one counted member of ``A``, that member's solo (the
   largest share, nothing for anyone else: the catalogue's ``lone_winner``) is best against
   every team at once. On a board without ``A``, a solo by a seat that counts for no team, or
   for a *loose* team, is: the teams that matter take nothing there.
2. **Loose teams.** ``B`` is loose when ``slack_B`` is at least the most ``B`` can take on the
   boards still open (the sum of its seats' largest shares, each board's best outcome for it):
   ``A`` stays level with ``B`` whatever happens there. Closing boards makes more teams loose,
   so steps 1–2 repeat until nothing changes. What is left are the *blocking* boards: every seat
   counts for a team that is not loose, or two members of ``A`` meet.
3. **The search.** On each blocking board the outcomes are enumerated from the catalogue: each
   distinct sorted row of shares, dealt to the seats that matter in every distinct way. A team
   seated once, on this blocking board only (and ``A`` on none), needs only
   ``g_B ≤ slack_B``: a cap, met when the smallest shares left, smallest first, fit under the
   caps, smallest first (the seats that count for nobody take the largest). The other teams
   (and ``A``) are coordinates: each board keeps its Pareto-best vectors of their gains, and a
   depth-first search over the boards looks for a joint outcome meeting every constraint,
   cutting a branch once a team can no longer be caught up with.

Everything is exact: the catalogue's shares are read as integers over their common denominator
(Divide and Conquer pays hundredths of a percent, seed 002), the constraints as fractions. The
work is bounded (:data:`BOARD_LIMIT` seatings per board, :data:`JOINT_LIMIT` steps of the
search); past a bound the answer is "too many outcomes", never a guess.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.diplomacy.outlook.catalogue import Catalogue, Units, integer_shares

__all__ = ["BOARD_LIMIT", "JOINT_LIMIT", "Answer", "OpenBoard", "Search", "search"]

#: The most (outcome, seating) pairs tried on one blocking board.
BOARD_LIMIT = 6_000_000
#: The most partial joint outcomes the search visits.
JOINT_LIMIT = 50_000


class Answer(StrEnum):
    POSSIBLE = "possible"
    OUT = "out"
    TOO_MANY = "too_many"
    NEGATIVE = "negative"


@dataclass(frozen=True, slots=True)
class OpenBoard:
    """A free board of the final round: its pot, and the team of each seat whose share counts
    (``None``: the seat counts for no team)."""

    label: str
    pot: Fraction
    teams: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class Search:
    """The answer, and the blocking boards it was searched on (in order)."""

    answer: Answer
    boards: tuple[str, ...] = ()
    #: The bound that was reached (``TOO_MANY``).
    limit: int = 0


def _most(u: Units, seats: int) -> int:
    """The most ``seats`` seats of one board can take together, in units."""
    if seats == 0:
        return 0
    return int(u.shares[:, :seats].sum(axis=1).max())


def _pareto(vectors: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The distinct rows of ``vectors`` no other row is at most in every coordinate (all
    minimised), in lexicographic order."""
    if len(vectors) == 0 or vectors.shape[1] == 0:
        return vectors[:1]
    if vectors.shape[1] == 1:
        return vectors[[int(np.argmin(vectors[:, 0]))]]
    if vectors.dtype == object:
        ordered = np.array(
            sorted({tuple(int(x) for x in r) for r in vectors.tolist()}), dtype=object
        )
    else:
        ordered = vectors[np.lexsort(vectors.T[::-1])]
    if vectors.shape[1] == 2:  # a sweep: the second coordinate must fall
        before = np.minimum.accumulate(ordered[:, 1])
        keep = np.ones(len(ordered), dtype=bool)
        keep[1:] = ordered[1:, 1] < before[:-1]
        return ordered[keep]
    kept: list[npt.NDArray[Any]] = []
    left = ordered
    while len(left):  # the smallest left is not dominated; drop what it dominates
        kept.append(left[0])
        left = left[~np.all(left >= left[0], axis=1)]
    return np.array(kept, dtype=vectors.dtype)


class _Problem:
    def __init__(self, cat: Catalogue, a: str, slack: Mapping[str, Fraction]) -> None:
        self.cat = cat
        self.u = integer_shares(cat)
        self.a = a
        self.slack = dict(slack)

    def most(self, board: OpenBoard, team: str) -> Fraction:
        return Fraction(_most(self.u, board.teams.count(team)), self.u.denominator) * board.pot

    def close(self, boards: list[OpenBoard]) -> tuple[list[OpenBoard], set[str]]:
        """Steps 1–2: the blocking boards left and the teams that are not loose."""
        a = self.a
        pending: list[OpenBoard] = []
        for b in boards:
            if b.pot == 0 or all(t is None for t in b.teams):
                continue
            if b.teams.count(a) == 1:  # A's member solos
                gain = self.cat.best_share * b.pot
                self.slack = {t: s + gain for t, s in self.slack.items()}
                continue
            pending.append(b)
        while True:
            tight = {
                t
                for t, s in self.slack.items()
                if s < sum((self.most(b, t) for b in pending), Fraction(0))
            }
            left: list[OpenBoard] = []
            for b in pending:
                others = {t for t in b.teams if t is not None and t != a}
                if not others & tight:
                    gain = self.most(b, a)  # nobody who matters sits here: A takes its best
                    self.slack = {t: s + gain for t, s in self.slack.items()}
                elif a not in b.teams and any(t is None or t not in tight for t in b.teams):
                    pass  # a seat that does not matter solos
                else:
                    left.append(b)
            if len(left) == len(pending):
                return left, tight
            pending = left

    def options(
        self,
        b: OpenBoard,
        coords: Sequence[str],
        local: Sequence[str],
        caps: Mapping[str, Fraction],
    ) -> list[tuple[Fraction, ...]] | None:
        """The Pareto-best gains of ``coords`` on ``b`` (``A``'s first, as a loss: minimised
        like the others). The teams of ``caps`` (one seat) and ``local`` (several seats) are
        seated here only: they must take at most their slack plus what ``A`` takes here.
        ``None``: too many seatings."""
        u = self.u
        d = u.denominator
        groups = [[i for i, t in enumerate(b.teams) if t == c] for c in [*coords, *local]]
        # u_B ≤ ⌊slack_B · D / pot⌋ + u_A  ⇔  u_B · pot / D ≤ slack_B + u_A · pot / D
        capped = sorted(
            math.floor(caps[t] * d / b.pot) for t in b.teams if t is not None and t in caps
        )
        bars = np.array([math.floor(self.slack[t] * d / b.pot) for t in local], dtype=object)
        k = sum(len(g) for g in groups)
        n = len(b.teams)
        seatings: set[tuple[tuple[int, ...], ...]] = set()
        for chosen in itertools.permutations(range(n), k):
            it = iter(chosen)
            seatings.add(tuple(tuple(sorted(next(it) for _ in g)) for g in groups))
        if len(seatings) * len(u.shares) > BOARD_LIMIT:
            return None
        signs = [-1 if c == self.a else 1 for c in [*coords, *local]]
        cap_row = np.array(capped, dtype=u.shares.dtype)
        mine = coords.index(self.a) if self.a in coords else None
        found: list[npt.NDArray[Any]] = []
        for seating in sorted(seatings):
            taken = {i for g in seating for i in g}
            rest = [i for i in range(n) if i not in taken]
            gains = np.zeros((len(u.shares), len(seating)), dtype=u.shares.dtype)
            for j, (g, sign) in enumerate(zip(seating, signs, strict=True)):
                gains[:, j] = u.shares[:, list(g)].sum(axis=1) * sign
            lift = -gains[:, mine] if mine is not None else np.zeros(len(u.shares), dtype=int)
            ok = np.ones(len(u.shares), dtype=bool)
            if capped:
                smallest = rest[len(rest) - len(capped) :][::-1]  # ascending shares
                ok &= np.all(u.shares[:, smallest] <= cap_row[None, :] + lift[:, None], axis=1)
            if local:
                extra = gains[:, len(coords) :]
                ok &= np.all(extra <= bars.astype(extra.dtype)[None, :] + lift[:, None], axis=1)
            gains = gains[ok][:, : len(coords)]
            if len(gains):
                found.append(_pareto(gains))
        if not found:
            return []
        scale = b.pot / d
        front = _pareto(np.concatenate(found))
        return [tuple(int(x) * scale for x in v) for v in front.tolist()]

    def run(self, boards: list[OpenBoard]) -> Search:
        if self.u.negative or any(b.pot < 0 for b in boards):
            return Search(Answer.NEGATIVE)
        a = self.a
        blocking, tight = self.close(boards)
        labels = tuple(b.label for b in blocking)
        if not blocking:
            ok = all(s >= 0 for s in self.slack.values())
            return Search(Answer.POSSIBLE if ok else Answer.OUT)
        on: dict[str, list[OpenBoard]] = {}
        for b in blocking:
            for t in set(b.teams):
                if t is not None and t in tight:
                    on.setdefault(t, []).append(b)
        a_on = [b for b in blocking if a in b.teams]
        local = {  # on one blocking board, and A on none but that one
            t for t, bs in on.items() if len(bs) == 1 and all(x is bs[0] for x in a_on)
        }
        caps = {t: self.slack[t] for t in local if on[t][0].teams.count(t) == 1}
        coords = sorted(t for t in on if t not in local)
        if a_on:
            coords = [a, *coords]
        per_board: list[list[tuple[Fraction, ...]]] = []
        for b in blocking:
            mine = [c for c in coords if c in b.teams]
            here = sorted(t for t in local if t not in caps and t in b.teams)
            got = self.options(b, mine, here, caps)
            if got is None:
                return Search(Answer.TOO_MANY, labels, BOARD_LIMIT)
            if not got:  # no outcome of this board keeps every team seated here level
                return Search(Answer.OUT, labels)
            per_board.append(
                [
                    tuple(dict(zip(mine, v, strict=True)).get(c, Fraction(0)) for c in coords)
                    for v in got
                ]
            )
        order = sorted(range(len(blocking)), key=lambda i: len(per_board[i]))
        watched = [t for t in self.slack if t in tight and t not in local]
        index = {c: i for i, c in enumerate(coords)}
        # The search in integers: every gain and slack over one denominator.
        values = [x for i in order for v in per_board[i] for x in v]
        d = math.lcm(*(x.denominator for x in [*values, *self.slack.values()]))
        boards_int = [[tuple(int(x * d) for x in v) for v in per_board[i]] for i in order]
        best_a = [0] * (len(order) + 1)  # A's most on the boards left
        if a_on:
            for j in range(len(order) - 1, -1, -1):
                best_a[j] = best_a[j + 1] - min(v[0] for v in boards_int[j])
        checks = [(int(self.slack[t] * d), index.get(t)) for t in watched]
        found = _Dfs(boards_int, best_a, checks, index.get(a)).run()
        if found is None:
            return Search(Answer.TOO_MANY, labels, JOINT_LIMIT)
        return Search(Answer.POSSIBLE if found else Answer.OUT, labels)


class _Dfs:
    """Depth-first over the blocking boards, one Pareto-best outcome of each at a time: a
    branch ends once a team can no longer be kept level with ``A`` (what ``A`` can still take
    counted in); totals already found hopeless at a depth are not tried again."""

    def __init__(
        self,
        boards: list[list[tuple[int, ...]]],
        best_a: list[int],
        checks: list[tuple[int, int | None]],
        a: int | None,
    ) -> None:
        self.boards = boards
        self.best_a = best_a
        self.checks = checks
        self.a = a
        self.steps = 0
        self.dead: set[tuple[int, tuple[int, ...]]] = set()

    def run(self) -> bool | None:
        width = len(self.boards[0][0]) if self.boards and self.boards[0] else 0
        return self._from(0, (0,) * width)

    def _from(self, depth: int, total: tuple[int, ...]) -> bool | None:
        self.steps += 1
        if self.steps > JOINT_LIMIT:
            return None
        if (depth, total) in self.dead:
            return False
        gain_a = -total[self.a] if self.a is not None else 0
        room = gain_a + self.best_a[depth]
        for slack, i in self.checks:  # can every team still be kept level with A?
            if slack + room - (total[i] if i is not None else 0) < 0:
                return False
        if depth == len(self.boards):
            return True
        for v in self.boards[depth]:
            below = self._from(depth + 1, tuple(x + y for x, y in zip(total, v, strict=True)))
            if below is None or below:
                return below
        self.dead.add((depth, total))
        return False


def search(
    cat: Catalogue, a: str, slack: Mapping[str, Fraction], boards: Sequence[OpenBoard]
) -> Search:
    """Whether some joint outcome of ``boards`` puts team ``a`` at least level with every team
    (``slack``: each other team's ``a``'s known score less theirs); see the module."""
    return _Problem(cat, a, slack).run(list(boards))
