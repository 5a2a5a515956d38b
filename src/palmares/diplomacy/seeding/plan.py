"""Foreseeing the rounds to come, so that powers never need to repeat (issue 6).

Powers given round by round, each round blind to the next, run out: after five rounds a player
has two powers left, and seven players whose two powers do not fit together on one board force a
repeat. Yet when the boards of every round are known, powers need never repeat in the first seven
rounds (:mod:`.colouring`). So each call foresees the boards of the rounds after it and gives
the powers of all of them together.

The boards never depend on powers or results (:mod:`.search` looks at pair costs only), so the
call of round ``t + 1`` seats exactly the boards the call of round ``t`` foresaw for it, as long
as the same players come, the same seed is used, and the sit-out / two-board proposal (by games,
then by score) chooses the same players. When something changes the foreseen boards, the next
call foresees again from what was played; only then can a repeat be needed.

Our decisions (the seed is silent): the rounds foreseen run to ``SeedingProblem.rounds`` (the
tournament's number of rounds) when the TD gives it, else to the board size (seven rounds, as
many as there are powers); the foreseen rounds seat the same entrants as this one, with no fixed
top board, and count no supply centres.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations

from palmares.core.progress import report
from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.seeding.affine import affine_call
from palmares.diplomacy.seeding.lower_bound import LowerBound, lower_bound
from palmares.diplomacy.seeding.objective import PairLevels, pair_cost, pair_weights
from palmares.diplomacy.seeding.problem import Prepared, SeedingProblem, prepare
from palmares.diplomacy.seeding.search import (
    LAST_MOVES,
    LAST_RUNS,
    MAX_MOVES,
    Grouping,
    SearchResult,
    default_moves,
    search,
)

__all__ = ["Foreseen", "PlanCost", "foresee", "last_round", "plan_cost"]

#: The most groupings compared by the cost of the rounds after.
CANDIDATES = 4
#: The rounds after, when they only rank the candidates, are seated by one run this many times
#: shorter than the default (the last round excepted, see :func:`seat_round`).
SHORTER = 4
#: How many times the default length a run of the last round's search makes.
LAST_LENGTH = 4

#: The pair cost of a whole plan, in order: the most meetings of one pair, the extra meetings
#: (Σ over pairs of max(0, times met − 1)), Σ over every meeting of (times met before)².
PlanCost = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Foreseen:
    """The boards of one round (this one or one to come), as player numbers of ``prep``."""

    prep: Prepared
    boards: tuple[tuple[int, ...], ...]
    bound: LowerBound
    found: SearchResult
    affine: bool
    levels: PairLevels | None = None


def last_round(problem: SeedingProblem) -> int:
    """The last round foreseen: the tournament's last, else the board size, and never before
    the round being seated."""
    last = problem.rounds if problem.rounds is not None else len(problem.powers)
    return max(problem.round, last)


def seat_round(
    prep: Prepared,
    *,
    seed: int,
    deadline: float,
    moves: int | None,
    clock: Callable[[], float],
    after: Callable[[Grouping], PlanCost] | None = None,
) -> Foreseen:
    """The boards of one round: the affine plane's next class when it is offered and no worse,
    else the search's call (see :mod:`.affine` and :mod:`.search`), under the pair cost of
    :class:`.objective.PairLevels` with the worst pair capped at its bound.

    When rounds follow (``after`` seats them, one search run each, once this round is seated,
    and gives the :data:`PlanCost` of the whole plan), up to :data:`CANDIDATES` groupings found
    by the search's runs, none seating a pair more often than the best, are compared by the
    cost of the plan: the worst pair at the end first, then the extra meetings, then Σ m² over
    the rounds, then this round's own cost. So a round may seat one more pair again when that
    spares the rounds after more than one."""
    bound = lower_bound(prep)
    assert bound.worst is not None
    levels = PairLevels.of(prep, bound.worst.met_before)
    weights = pair_weights(prep, levels)
    target = levels.count * bound.again_within_cap + bound.value
    offer = affine_call(prep)
    offer_cost = pair_cost(prep, weights, offer, levels) if offer is not None else None
    if offer is not None and offer_cost is not None and offer_cost <= target:
        found = SearchResult(tuple(tuple(b) for b in offer), offer_cost, 0, False)
    else:
        last = _last_budget(prep) if after is None and moves is None else None
        found = search(
            prep,
            seed=seed,
            time_limit=max(deadline - clock(), 1e-3),
            moves=last[0] if last else moves,
            bound=target,
            clock=clock,
            every_run=after is not None,
            levels=levels,
            runs=last[1] if last else None,
        )
    # The plane's class wins ties: it keeps the later rounds free of repeated pairs.
    if offer is not None and offer_cost is not None and offer_cost <= found.cost:
        return Foreseen(prep, tuple(tuple(b) for b in offer), bound, found, True, levels)
    if after is not None and found.alternatives:
        over = levels.parts(found.cost)[0]
        options = [(found.cost, found.boards)] + [
            (c, g)
            for c, g in zip(found.alternative_costs, found.alternatives, strict=True)
            if levels.parts(c)[0] == over
        ]
        costs = []
        for n, (cost, grouping) in enumerate(options[:CANDIDATES]):
            if clock() > deadline:
                break
            costs.append((after(grouping), cost, n, grouping))
        if costs:
            _, cost, _, grouping = min(costs)
            found = replace(found, boards=grouping, cost=cost)
    return Foreseen(prep, found.boards, bound, found, False, levels)


def plan_cost(boards: list[PlayedBoard]) -> PlanCost:
    """The :data:`PlanCost` of ``boards`` (every round played and foreseen)."""
    met: Counter[tuple[str, str]] = Counter()
    for board in boards:
        for pair in combinations(sorted(board.players), 2):
            met[pair] += 1
    worst = max(met.values(), default=0)
    extra = sum(m - 1 for m in met.values())
    squares = sum((m - 1) * m * (2 * m - 1) // 6 for m in met.values())
    return worst, extra, squares


def _last_budget(prep: Prepared) -> tuple[int, int]:
    """The budget of the last round's search, which has no round after it to choose by: runs
    :data:`LAST_LENGTH` times as long as the default (up to :data:`.search.MAX_MOVES`), about
    :data:`.search.LAST_MOVES` moves in all (each run stops at the lower bound). At 35 seats
    one run of 350,000 moves finds what 48 runs of 87,500 do; at 70 the best of four runs of
    400,000 is kept."""
    moves = min(MAX_MOVES, LAST_LENGTH * default_moves(prep))
    return moves, max(1, min(LAST_RUNS, LAST_MOVES // moves))


def _shorter(prep: Prepared) -> int:
    return max(1, default_moves(prep) // SHORTER)


def _target(prep: Prepared) -> tuple[int, PairLevels]:
    """The levels of the pair cost, with the worst pair capped at its bound, and the lower
    bound in their units."""
    bound = lower_bound(prep)
    assert bound.worst is not None
    levels = PairLevels.of(prep, bound.worst.met_before)
    return levels.count * bound.again_within_cap + bound.value, levels


def _played(prep: Prepared, grouping: Grouping) -> list[PlayedBoard]:
    """``grouping`` as boards of a history (powers by seat, no centres)."""
    return [
        PlayedBoard(
            prep.round,
            str(b + 1),
            tuple(Seat(prep.powers[s], prep.players[i], 0) for s, i in enumerate(members)),
        )
        for b, members in enumerate(grouping)
    ]


def foresee(
    problem: SeedingProblem,
    *,
    seed: int = 0,
    time_limit: float = 2.0,
    moves: int | None = None,
    clock: Callable[[], float] = time.thread_time,
) -> list[Foreseen]:
    """The boards of this round and of each round to come up to :func:`last_round`."""
    deadline = clock() + time_limit
    history = [b for b in problem.history if b.round < problem.round]
    last = last_round(problem)
    out: list[Foreseen] = []
    label = f"seating rounds {problem.round}–{last}"
    for t in range(problem.round, last + 1):
        report(label, t - problem.round, last - problem.round + 1)
        if t == problem.round:
            prep = prepare(problem)
        else:
            if clock() > deadline:
                break
            prep = prepare(replace(problem, round=t, history=tuple(history), top_board=()))

        def after(
            grouping: Grouping,
            prep: Prepared = prep,
            done: tuple[PlayedBoard, ...] = tuple(history),
        ) -> PlanCost:
            """The cost of the plan with ``grouping`` this round, the rounds after it each
            seated by one short run of the search (the last round, when it is the next one,
            as its own call will seat it)."""
            played = list(done) + _played(prep, grouping)
            for u in range(prep.round + 1, last + 1):
                then = prepare(replace(problem, round=u, history=tuple(played), top_board=()))
                target, levels = _target(then)
                # Before the last round, the last is seated exactly as its own call will.
                exact = u == last == prep.round + 1 and moves is None
                budget: tuple[int, int | None] = (
                    _last_budget(then) if exact else (moves or _shorter(then), None)
                )
                ahead = search(
                    then,
                    seed=seed,
                    time_limit=max(deadline - clock(), 1e-3),
                    moves=budget[0],
                    bound=target,
                    clock=clock,
                    levels=levels,
                    runs=budget[1],
                )
                played += _played(then, ahead.boards)
            return plan_cost(played)

        seated = seat_round(
            prep,
            seed=seed,
            deadline=deadline,
            moves=moves,
            clock=clock,
            after=after if t < last else None,
        )
        out.append(seated)
        history += _played(prep, seated.boards)
    report(label, last - problem.round + 1, last - problem.round + 1)
    return out
