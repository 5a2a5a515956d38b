"""The affine-plane call: 49 players, boards of 7, eight rounds without a pair meeting twice."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from palmares.diplomacy.seeding import BoardCall, Entrant, SeedingProblem, board_call
from palmares.diplomacy.seeding.affine import affine_call
from palmares.diplomacy.seeding.problem import prepare
from palmares.explain import explain_text
from tests.diplomacy.seeding.helpers import entrants, history_of
from tests.diplomacy.seeding.test_call import FAST, check_call


def _said(notes: tuple[object, ...]) -> list[str]:
    """The notes in English, as the CLI prints them."""
    return [explain_text(n, "en") for n in notes]


def play(rounds: int, field: tuple[Entrant, ...], **kw: object) -> list[BoardCall]:
    calls: list[BoardCall] = []
    for rnd in range(1, rounds + 1):
        problem = SeedingProblem(rnd, field, history_of(calls), **kw)  # type: ignore[arg-type]
        call = board_call(problem, seed=rnd, **FAST)
        check_call(problem, call)
        calls.append(call)
    return calls


def test_49_players_play_eight_rounds_without_meeting_twice() -> None:
    calls = play(8, entrants(49))
    assert [c.quality.objective for c in calls] == [0] * 8
    together = Counter(
        frozenset(pair)
        for c in calls
        for b in {s.board for s in c.seats}
        for pair in combinations([s.player for s in c.seats if s.board == b], 2)
    )
    assert len(together) == 8 * 7 * 21 == 49 * 48 // 2  # every pair met exactly once
    assert all("affine plane of order 7" in " ".join(_said(c.notes)) for c in calls[1:])
    # A ninth round has no class left: the search seats it, and pairs must meet again.
    problem = SeedingProblem(9, entrants(49), history_of(calls))
    assert affine_call(prepare(problem)) is None


def test_keep_apart_pairs_block_as_few_classes_as_possible() -> None:
    names = [e.player for e in entrants(49)]
    pairs = tuple(random.Random(1).sample(list(combinations(names, 2)), 10))
    calls = play(6, entrants(49), keep_apart=pairs)
    assert [c.quality.objective for c in calls] == [0] * 6


def test_no_offer_unless_the_whole_field_played_every_round() -> None:
    calls = play(2, entrants(49))
    field = entrants(49)
    assert affine_call(prepare(SeedingProblem(3, field, history_of(calls)))) is not None
    # A newcomer (50 players, one sits out) or a missing player: no plane to read.
    bigger = (*field, Entrant("p50"))
    assert affine_call(prepare(SeedingProblem(3, bigger, history_of(calls)))) is None
    fewer = (*field[:48], Entrant("p49", 0))
    assert affine_call(prepare(SeedingProblem(3, fewer, history_of(calls), fill="sit"))) is None
    assert affine_call(prepare(SeedingProblem(1, entrants(49)))) is None
    assert (
        affine_call(prepare(SeedingProblem(2, entrants(35), history_of(play(1, entrants(35))))))
        is None
    )


def test_a_perfect_class_skips_the_search() -> None:
    calls = play(2, entrants(49))
    call = board_call(SeedingProblem(3, entrants(49), history_of(calls)), seed=1)
    assert call.moves == 0 and call.quality.objective == 0 and call.quality.power_repeats == ()


def test_without_keep_apart_pairs_seven_rounds_repeat_no_pair_and_no_power() -> None:
    # Round 2 labels y = π(power of round 1) + u·x: on the lines of the classes called, the
    # powers of round 1 all differ, and powers that rotate never repeat.
    calls = play(7, entrants(49))
    assert [c.quality.objective for c in calls] == [0] * 7
    assert [len(c.quality.power_repeats) for c in calls] == [0] * 7
    played = Counter((s.player, s.power) for c in calls for s in c.seats)
    assert len(played) == 49 * 7
