"""A lower bound on the pair cost, so the TD sees how far from optimal a call can be (issue 6).

Two counting arguments; the bound is the larger, and each is safe (no call can cost less):

**By earlier rounds (pigeonhole).** The boards of an earlier round split this round's players
into groups who have all met. A group whose players fill ``x`` seats, spread over ``B`` boards,
puts at least ``Σ C(x_b, 2)`` of its pairs together again, least when spread as evenly as
possible (``x_b`` = ⌊x/B⌋ or ⌈x/B⌉). A pair that shared ``m`` earlier boards costs ``m² ≥ m``,
at least one per earlier round in which it met, so the bounds of the earlier rounds add up.
When they add up to more than the pairs seated (``21`` per board), some pairs must have met
more than once: Σ m² over the seated pairs is then at least its value with the meetings spread
as evenly as possible (a sum of squares is least when its terms are even).
With 21 players after one round: three groups of 7 over three boards, each new board takes
3 + 2 + 2 from the old ones, 3 + 1 + 1 = 5 pairs per group, 15 in all. A player on two boards of
an earlier round counts in the first only (the groups must not overlap).

**By player.** A player needs six opponents; if fewer than six players they may sit with are
new to them, the cheapest old opponents they must take cost at least the sum of the smallest
(times met)²; every pair is counted from both ends, so the sum over players is halved.

A fixed top board costs exactly what it costs; the bounds above apply to the other boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from palmares.diplomacy.seeding.problem import Prepared

__all__ = ["LowerBound", "even_squares", "lower_bound", "spread_pairs"]


@dataclass(frozen=True, slots=True)
class LowerBound:
    """The bound, and how it was reached, in words."""

    value: int
    explain: tuple[str, ...]


def spread_pairs(seats: int, boards: int) -> int:
    """The fewest pairs of one group seated together when ``seats`` spread over ``boards``."""
    if boards <= 0:
        return comb(seats, 2)
    q, r = divmod(seats, boards)
    return r * comb(q + 1, 2) + (boards - r) * comb(q, 2)


def even_squares(total: int, pairs: int) -> int:
    """The least Σ m² over ``pairs`` whole numbers m adding up to at least ``total``."""
    if pairs <= 0:
        return 0
    q, r = divmod(total, pairs)
    return r * (q + 1) ** 2 + (pairs - r) * q * q


def lower_bound(prep: Prepared) -> LowerBound:
    """The larger of the two counting bounds (module docstring) for this round's call."""
    size = prep.board_size
    top = set(prep.top)
    top_cost = sum(prep.met[i][j] ** 2 for i in prep.top for j in prep.top if i < j)
    seats: dict[int, int] = {}
    for i in prep.entries:
        if i not in top:
            seats[i] = seats.get(i, 0) + 1
    free_boards = prep.n_boards - (1 if prep.top else 0)
    index = {p: i for i, p in enumerate(prep.players)}
    lines: list[str] = []
    if prep.top:
        lines.append(f"the fixed top board costs {top_cost}.")

    by_round = 0
    for rnd in sorted({b.round for b in prep.history}):
        placed: set[int] = set()
        groups: list[int] = []
        for board in (b for b in prep.history if b.round == rnd):
            x = 0
            for seat in board.seats:
                found = index.get(seat.player)
                if found is None or found in placed or found not in seats:
                    continue
                placed.add(found)
                x += seats[found]
            if x > 1:
                groups.append(x)
        pairs = sum(spread_pairs(x, free_boards) for x in groups)
        by_round += pairs
        lines.append(
            f"round {rnd}: groups filling {'+'.join(map(str, groups)) or 'no'} seats, spread "
            f"over {free_boards} boards, still seat at least {pairs} pairs together again."
        )

    # Σ m ≥ by_round over the pairs of the free boards; Σ m² is least when the m are even.
    pairs_seated = free_boards * comb(size, 2)
    by_squares = even_squares(by_round, pairs_seated)
    if by_squares > by_round:
        lines.append(
            f"{by_round} earlier meetings over the {pairs_seated} pairs seated are at best "
            f"spread evenly, so (times met)² adds up to at least {by_squares}."
        )
        by_round = by_squares

    by_player2 = 0  # twice the per-player bound
    movable = [i for i in seats]
    for i in movable:
        costs = sorted(
            prep.met[i][j] ** 2
            for j in movable
            if j != i and (min(i, j), max(i, j)) not in prep.forbidden
        )
        need = size - 1
        by_player2 += sum(costs[:need])
    by_player = (by_player2 + 1) // 2
    lines.append(
        f"by player: the cheapest six opponents each player may face cost {by_player2} "
        f"counted from both ends, so at least {by_player}."
    )
    best = max(by_round, by_player)
    lines.append(
        f"lower bound: {top_cost} + max({by_round}, {by_player}) = {top_cost + best}"
        if prep.top
        else f"lower bound: max({by_round}, {by_player}) = {best}"
    )
    return LowerBound(top_cost + best, tuple(lines))
