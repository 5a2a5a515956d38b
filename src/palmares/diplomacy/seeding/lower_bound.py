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

**The worst pair** (issue 20) is bounded twice, by player, and the larger governs the call:

- *this round*: a player needs six opponents, so the most-met pair seated together has met at
  least as often as the sixth-fewest-met opponent the player may sit with;
- *over the event*: never fewer meetings than a pair has had already, nor than the worst pair
  seated this round will have; and when everyone plays one board (no sitters, no two-boarders,
  no fixed top board), as the rounds foreseen do: a player still to play ``g`` rounds up to
  the last meets ``6g`` more opponents among the players here (their keep-apart partners and
  team-mates aside); filled up as evenly as possible onto what each pair has met already, some
  pair reaches at least ``L`` meetings, the least level whose room ``Σ max(0, L − met)`` holds
  the ``6g``. (With sitters the opponents to come are not known: a sitter of this round may
  play the next.)

**The fewest pairs meeting again** bounds the extra meetings of the round: by earlier rounds,
the meetings the groups must bring back (above), each pair within the cap bringing back at most
``cap`` of them; by player, a player with fewer than six new opponents left takes the others
from old ones, every pair counted from both ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from palmares.core.message import Message, times
from palmares.diplomacy.seeding.problem import Prepared

__all__ = ["LowerBound", "WorstBound", "even_squares", "lower_bound", "spread_pairs", "worst_bound"]


@dataclass(frozen=True, slots=True)
class LowerBound:
    """The bound on Σ (times met before)² (``value``), and how it was reached, in words; with
    the bound on the worst pair (:func:`worst_bound`) and the fewest pairs meeting again."""

    value: int
    explain: tuple[Message, ...]  # told by the explanation layer
    worst: WorstBound | None = None
    #: The fewest pairs seated together this round who met before; and the fewest when no
    #: pair is seated beyond the worst pair's cap (``worst.met_before``), what the search aims
    #: at (a call beyond the cap costs more than any within it, see ``objective.PairLevels``).
    again: int = 0
    again_within_cap: int = 0


@dataclass(frozen=True, slots=True)
class WorstBound:
    """The worst pair's bounds: ``round`` (times met before, of the most-met pair seated this
    round), ``event`` (meetings of the most-met pair after the last round, ``final_round``),
    and ``met_before``, the cap of the call: the most times met before that keeps both."""

    round: int
    event: int
    final_round: int
    explain: tuple[Message, ...]  # told by the explanation layer

    @property
    def met_before(self) -> int:
        return max(self.round, self.event - 1)


def _open(prep: Prepared) -> tuple[list[list[bool]], list[int]]:
    """Who may sit with whom this round (``open_[i][j]``: both movable, not kept apart) and each
    player's seats (rows of players on the fixed top board or not playing are closed)."""
    n = len(prep.players)
    seats = [0] * n
    for i in prep.entries:
        seats[i] += 1
    movable = [s > 0 for s in seats]
    for i in prep.top:
        movable[i] = False
    open_ = [[movable[i] and movable[j] and i != j for j in range(n)] for i in range(n)]
    for i, j in prep.forbidden:
        open_[i][j] = open_[j][i] = False
    return open_, seats


def worst_bound(prep: Prepared) -> WorstBound:
    """The bounds on the worst pair (module docstring): this round, and over the event."""
    size = prep.board_size
    met = prep.met
    open_, seats = _open(prep)
    rows = [i for i, row in enumerate(open_) if any(row)]
    # Each open row: the times met of the players it may sit with.
    opponents = {i: [m for m, ok in zip(met[i], open_[i], strict=True) if ok] for i in rows}
    this_round = 0
    if rows:
        this_round = max(sorted(opponents[i])[min(size - 1, len(opponents[i])) - 1] for i in rows)
    final = max(prep.final_round, prep.round)
    rounds_left = final - prep.round + 1
    # Never below a pair who met already, nor below the worst pair seated this round.
    most_met = max((max(row) for row in met if row), default=0)
    event = max(most_met, this_round + 1 if rows else 0)
    how = Message.of("bound.how_met")
    if rows and not prep.sitters and not prep.doubles and not prep.top:
        how = Message.of("bound.how_spread")
        # Everyone plays one board, this round and (as foreseen) every round to the last: the
        # least level at which each player's open opponents have room for the meetings left.
        level = 0
        for i in rows:
            need = (size - 1) * seats[i] * rounds_left
            at = 1
            while sum(max(0, at - m) for m in opponents[i]) < need:
                at += 1
            level = max(level, at)
        event = max(event, level)
    explain = (
        Message.of("bound.worst_round", met=this_round),
        Message.of("bound.worst_event", first=prep.round, last=final, times=times(event), how=how),
    )
    return WorstBound(this_round, event, final, explain)


def _fewest_again(prep: Prepared, by_round: int, cap: int) -> tuple[int, int, Message]:
    """The fewest pairs seated this round who met before (module docstring): in all, and when
    no pair is seated more often than ``cap`` times before."""
    size = prep.board_size
    met = prep.met
    open_, seats = _open(prep)
    most = 0
    short = 0
    for i, row in enumerate(open_):
        if any(row):
            mets = [m for m, ok in zip(met[i], row, strict=True) if ok]
            most = max(most, *mets)
            short += max(0, (size - 1) * seats[i] - sum(1 for m in mets if m == 0))
    by_player = (short + 1) // 2
    from_rounds = -(-by_round // most) if most > 0 else 0
    within = -(-by_round // cap) if cap > 0 else by_round
    pairs = prep.n_boards * size * (size - 1) // 2
    best = max(from_rounds, by_player)
    return (
        best,
        min(pairs, max(within, by_player)),
        Message.of(
            "bound.again",
            from_rounds=from_rounds,
            by_player=by_player,
            best=best,
            most=most,
        ),
    )


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
    lines: list[Message] = []
    if prep.top:
        lines.append(Message.of("bound.top", cost=top_cost))

    by_round = 0
    meetings = 0
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
        meetings += pairs
        lines.append(
            Message.of(
                "bound.round",
                round=rnd,
                groups="+".join(map(str, groups)) if groups else Message.of("bound.no"),
                boards=free_boards,
                pairs=pairs,
            )
        )

    # Σ m ≥ by_round over the pairs of the free boards; Σ m² is least when the m are even.
    pairs_seated = free_boards * comb(size, 2)
    by_squares = even_squares(by_round, pairs_seated)
    if by_squares > by_round:
        lines.append(
            Message.of("bound.squares", meetings=by_round, pairs=pairs_seated, least=by_squares)
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
    lines.append(Message.of("bound.by_player", both=by_player2, least=by_player))
    best = max(by_round, by_player)
    lines.append(
        Message.of(
            "bound.total_top",
            top=top_cost,
            by_round=by_round,
            by_player=by_player,
            bound=top_cost + best,
        )
        if prep.top
        else Message.of("bound.total", by_round=by_round, by_player=by_player, bound=best)
    )
    worst = worst_bound(prep)
    again, within, line = _fewest_again(prep, meetings, worst.met_before)
    return LowerBound(top_cost + best, (*lines, *worst.explain, line), worst, again, within)
