"""The board call of one round: boards, powers, and how good they are (issue 6; seed 002,
"Board Assignments")."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from palmares.core.errors import PalmaresError
from palmares.diplomacy.seeding.affine import affine_call
from palmares.diplomacy.seeding.lower_bound import LowerBound, lower_bound
from palmares.diplomacy.seeding.objective import HARD, Quality, evaluate
from palmares.diplomacy.seeding.powers import assign_powers, fewest_repeats
from palmares.diplomacy.seeding.problem import SeedingProblem, prepare
from palmares.diplomacy.seeding.search import SearchResult, search

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
    notes: tuple[str, ...]
    seed: int
    moves: int
    seconds: float
    stopped_by_time: bool


def board_call(
    problem: SeedingProblem,
    *,
    seed: int = 0,
    time_limit: float = 2.0,
    moves: int | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> BoardCall:
    """Seat the round: boards by :func:`.search`, powers by :func:`.assign_powers`.

    Raises :class:`PalmaresError` when the hard constraints cannot all be met (for instance a
    team larger than the number of boards).
    """
    if time_limit <= 0:
        raise PalmaresError(f"the time limit must be positive, got {time_limit}")
    start = clock()
    prep = prepare(problem)
    bound = lower_bound(prep)
    offer = affine_call(prep)
    mine = (HARD, 0)
    if offer is not None:
        mine = (evaluate(prep, offer).objective, sum(fewest_repeats(prep, b) for b in offer))
    if mine == (bound.value, 0):  # nothing can be better: no search needed
        found = SearchResult(tuple(tuple(b) for b in offer or ()), bound.value, 0, False)
    else:
        found = search(
            prep, seed=seed, time_limit=time_limit, moves=moves, bound=bound.value, clock=clock
        )
    boards = found.boards
    affine_note = ""
    # The plane's class wins ties: it keeps the later rounds free of repeated pairs.
    if offer is not None and mine <= (
        found.cost,
        sum(fewest_repeats(prep, b) for b in found.boards),
    ):
        boards = tuple(tuple(b) for b in offer)
        affine_note = (
            f"the boards are the next parallel class of the affine plane of order "
            f"{prep.board_size} read from the earlier rounds ({len(prep.players)} players "
            f"can play {prep.board_size + 1} rounds without meeting twice)."
        )
    if found.cost >= HARD:
        broken = evaluate(prep, found.boards).violations
        raise PalmaresError(
            "no board call keeps every pair apart (the constraints may be impossible to meet): "
            + "; ".join(broken[:5])
        )
    try:
        powers = assign_powers(prep, boards)
    except ValueError as exc:
        raise PalmaresError(str(exc)) from None
    quality = evaluate(prep, boards, powers)
    if quality.violations:  # the search only returns calls without them; a guard, not a path
        raise PalmaresError("; ".join(quality.violations))
    seats = []
    for b, (members, ks) in enumerate(zip(boards, powers, strict=True)):
        for k, i in sorted(zip(ks, members, strict=True)):
            seats.append(CalledSeat(prep.round, b + 1, prep.powers[k], prep.players[i]))
    notes = list(prep.notes)
    if affine_note:
        notes.append(affine_note)
    if prep.top:
        notes.append("board 1 is the fixed top board.")
    if found.stopped_by_time:
        notes.append(
            f"the search stopped at the time limit ({time_limit:g} s) after {found.moves} "
            "moves; a longer limit may find a better call."
        )
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
        seconds=clock() - start,
        stopped_by_time=found.stopped_by_time,
    )
