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
from collections.abc import Callable
from dataclasses import dataclass, replace

from palmares.core.progress import report
from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.seeding.affine import affine_call
from palmares.diplomacy.seeding.lower_bound import LowerBound, lower_bound
from palmares.diplomacy.seeding.objective import evaluate
from palmares.diplomacy.seeding.problem import Prepared, SeedingProblem, prepare
from palmares.diplomacy.seeding.search import Grouping, SearchResult, default_moves, search

__all__ = ["Foreseen", "foresee", "last_round"]

#: The most groupings of one cost compared by the cost of the rounds after.
CANDIDATES = 4


@dataclass(frozen=True, slots=True)
class Foreseen:
    """The boards of one round (this one or one to come), as player numbers of ``prep``."""

    prep: Prepared
    boards: tuple[tuple[int, ...], ...]
    bound: LowerBound
    found: SearchResult
    affine: bool


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
    after: Callable[[Grouping], int] | None = None,
) -> Foreseen:
    """The boards of one round: the affine plane's next class when it is offered and no worse,
    else the search's call (see :mod:`.affine` and :mod:`.search`). When rounds follow
    (``after`` seats them, one search run each, once this round is seated, and gives their
    cost), the grouping of the lowest cost whose rounds after cost least is taken, of up to
    :data:`CANDIDATES` found by the search's runs: pair cost first, then the future."""
    bound = lower_bound(prep)
    offer = affine_call(prep)
    offer_cost = evaluate(prep, offer).objective if offer is not None else None
    if offer is not None and offer_cost == bound.value:  # nothing can be better
        found = SearchResult(tuple(tuple(b) for b in offer), bound.value, 0, False)
    else:
        found = search(
            prep,
            seed=seed,
            time_limit=max(deadline - clock(), 1e-3),
            moves=moves,
            bound=bound.value,
            clock=clock,
            every_run=after is not None,
        )
    # The plane's class wins ties: it keeps the later rounds free of repeated pairs.
    if offer is not None and offer_cost is not None and offer_cost <= found.cost:
        return Foreseen(prep, tuple(tuple(b) for b in offer), bound, found, True)
    if after is not None and found.alternatives:
        costs = []
        for n, grouping in enumerate((found.boards, *found.alternatives[: CANDIDATES - 1])):
            if clock() > deadline:
                break
            costs.append((after(grouping), n, grouping))
        if costs:
            found = replace(found, boards=min(costs)[2])
    return Foreseen(prep, found.boards, bound, found, False)


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
    clock: Callable[[], float] = time.monotonic,
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
        ) -> int:
            """The cost of the rounds after ``grouping``, each seated by one run of the
            search."""
            played = list(done) + _played(prep, grouping)
            total = 0
            for u in range(prep.round + 1, last + 1):
                then = prepare(replace(problem, round=u, history=tuple(played), top_board=()))
                ahead = search(
                    then,
                    seed=seed,
                    time_limit=max(deadline - clock(), 1e-3),
                    moves=moves or default_moves(then),
                    bound=lower_bound(then).value,
                    clock=clock,
                )
                total += ahead.cost
                played += _played(then, ahead.boards)
            return total

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
