"""The board call of one round: boards, powers, and how good they are (issue 6; seed 002,
"Board Assignments")."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from palmares.core.errors import PalmaresError
from palmares.core.message import Message, times
from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.seeding.colouring import Line, colour
from palmares.diplomacy.seeding.fresh import regroup
from palmares.diplomacy.seeding.lower_bound import LowerBound
from palmares.diplomacy.seeding.objective import Quality, evaluate
from palmares.diplomacy.seeding.plan import Foreseen, foresee, last_round, plan_cost
from palmares.diplomacy.seeding.powers import assign_powers
from palmares.diplomacy.seeding.problem import SeedingProblem

__all__ = ["BoardCall", "CalledSeat", "board_call"]


@dataclass(frozen=True, slots=True)
class CalledSeat:
    """One line of the board call: ``player`` plays ``power`` on ``board`` (numbered from 1)."""

    round: int
    board: int
    power: str
    player: str


@dataclass(frozen=True, slots=True)
class BoardCall:
    """The call, its quality, the lower bound, and the choices made on the way."""

    round: int
    seats: tuple[CalledSeat, ...]
    sitters: tuple[str, ...]
    two_boarders: tuple[str, ...]
    quality: Quality
    bound: LowerBound
    #: The choices made on the way, told by the explanation layer (``explain(note)``).
    notes: tuple[Message, ...]
    seed: int
    moves: int
    seconds: float
    stopped_by_time: bool
    #: The rounds played and foreseen, to the last (``plan_rounds``): the most meetings of one
    #: pair and the extra meetings (Σ over pairs of max(0, times met − 1)) they add up to, the
    #: bound on the first being ``bound.worst.event`` (issue 20).
    plan_worst: int = 0
    plan_extra: int = 0
    plan_rounds: int = 0


def board_call(
    problem: SeedingProblem,
    *,
    seed: int = 0,
    time_limit: float = 2.0,
    moves: int | None = None,
    clock: Callable[[], float] = time.thread_time,
) -> BoardCall:
    """Seat the round: the boards of this round and of the rounds to come (:func:`.foresee`),
    then powers for all of them at once (:func:`.colour`), this round's given.

    Raises :class:`PalmaresError` when the hard constraints cannot all be met (for instance a
    team larger than the number of boards).
    """
    if time_limit <= 0:
        raise PalmaresError.of(Message.of("seeding.time_limit", got=str(time_limit)))
    if problem.rounds is not None and problem.rounds < 1:
        raise PalmaresError.of(Message.of("seeding.rounds", got=problem.rounds))
    start = time.perf_counter()
    plan = foresee(problem, seed=seed, time_limit=time_limit, moves=moves, clock=clock)
    now = plan[0]
    prep, bound, found, boards = now.prep, now.bound, now.found, now.boards
    broken = evaluate(prep, boards).violations
    if broken:
        raise PalmaresError.of(
            Message.of("seeding.no_call", broken=Message.of("semicolons", items=broken[:5]))
        )
    powers = _powers(problem, plan, seed)
    regrouped = False
    if evaluate(prep, boards, powers).power_repeats:
        # The rounds played did not follow the plan (or a player has more than seven games):
        # this round's repeats come first. Exact powers board by board, on these boards and on
        # boards regrouped for fresh powers; the colouring's call is kept on a tie.
        options = [(len(evaluate(prep, boards, powers).power_repeats), 0, boards, powers)]
        for n, other in enumerate(
            (boards, tuple(tuple(b) for b in regroup(prep, boards, seed=seed)))
        ):
            try:
                given = assign_powers(prep, other)
            except ValueError:
                continue
            options.append((len(evaluate(prep, other, given).power_repeats), n + 1, other, given))
        _, n, boards, powers = min(options, key=lambda o: o[:2])
        regrouped = n == 2
    affine_note: Message | None = None
    if now.affine:
        affine_note = Message.of(
            "seeding.affine",
            order=prep.board_size,
            players=len(prep.players),
            rounds=prep.board_size + 1,
        )
    quality = evaluate(prep, boards, powers)
    if quality.violations:  # the search only returns calls without them; a guard, not a path
        raise PalmaresError.of(Message.of("semicolons", items=quality.violations))
    seats = []
    for b, (members, ks) in enumerate(zip(boards, powers, strict=True)):
        for k, i in sorted(zip(ks, members, strict=True)):
            seats.append(CalledSeat(prep.round, b + 1, prep.powers[k], prep.players[i]))
    notes = list(prep.notes)
    if affine_note is not None:
        notes.append(affine_note)
    if regrouped:
        notes.append(Message.of("seeding.regrouped"))
    elif len(plan) > 1:
        notes.append(Message.of("seeding.planned", first=prep.round, last=plan[-1].prep.round))
    if prep.top:
        notes.append(Message.of("seeding.top_board"))
    plan_boards = [b for b in problem.history if b.round < problem.round] + [
        PlayedBoard(f.prep.round, str(b + 1), tuple(Seat("", f.prep.players[i], 0) for i in m))
        for f in plan
        for b, m in enumerate(boards if f is now else f.boards)
    ]
    plan_worst, plan_extra, _ = plan_cost(plan_boards)
    worst = bound.worst
    if worst is not None:
        last = plan[-1].prep.round
        span = (
            ""
            if last == problem.round
            else Message.of("seeding.foreseen_span", first=problem.round + 1, last=last)
        )
        reached = (
            Message.of("seeding.bound_reached", times=times(worst.event))
            if plan_worst <= worst.event
            else Message.of("seeding.bound_above", bound=worst.event)
        )
        notes.append(
            Message.of(
                "seeding.worst_pair",
                times=times(plan_worst),
                last=last,
                span=span,
                reached=reached,
                extra=plan_extra,
            )
        )
    stopped = any(f.found.stopped_by_time for f in plan)
    stopped = stopped or len(plan) < last_round(problem) - problem.round + 1
    if stopped:
        notes.append(Message.of("seeding.stopped", limit=time_limit, moves=found.moves))
    return BoardCall(
        round=prep.round,
        seats=tuple(seats),
        sitters=prep.sitters,
        two_boarders=tuple(prep.players[i] for i in prep.doubles),
        quality=quality,
        bound=bound,
        notes=tuple(notes),
        seed=seed,
        moves=found.moves,
        seconds=time.perf_counter() - start,
        stopped_by_time=stopped,
        plan_worst=plan_worst,
        plan_extra=plan_extra,
        plan_rounds=plan[-1].prep.round,
    )


def _powers(problem: SeedingProblem, plan: list[Foreseen], seed: int) -> list[tuple[int, ...]]:
    """The powers of this round's boards: the colouring of the rounds played and foreseen
    (see :mod:`.colouring`)."""
    lines = [
        Line(b.round, n, s.player, problem.powers.index(s.power))
        for n, b in enumerate(problem.history)
        if b.round < problem.round
        for s in b.seats
        if s.power in problem.powers
    ]

    lines += [
        Line(f.prep.round, b, f.prep.players[i])
        for f in plan
        for b, members in enumerate(f.boards)
        for i in members
    ]
    got = colour(lines, len(problem.powers), seed=seed)
    out: list[tuple[int, ...]] = []
    at = 0
    for members in plan[0].boards:
        out.append(tuple(got[at : at + len(members)]))
        at += len(members)
    return out
