"""Foreseeing the rounds to come (issue 6): each call seats the boards the call before it
foresaw, and powers given over all the rounds together never repeat while nobody plays more
than seven games — here with three two-boarders a round (seed 002, "Board Assignments")."""

from __future__ import annotations

from collections import Counter

from palmares.diplomacy.seeding import BoardCall, SeedingProblem, board_call
from palmares.diplomacy.seeding.plan import foresee, last_round
from palmares.explain import explain_text
from tests.diplomacy.seeding.helpers import entrants, history_of


def _said(notes: tuple[object, ...]) -> list[str]:
    """The notes in English, as the CLI prints them."""
    return [explain_text(n, "en") for n in notes]


KEEP = (("p01", "p02"), ("p03", "p09"), ("p10", "p17"))


def test_six_rounds_with_two_boarders_repeat_no_power_and_follow_the_plan() -> None:
    # 18 players on 21 seats: three two-boarders a round, those with fewest games first, so
    # over six rounds everyone plays exactly seven games, all seven powers once each.
    calls: list[BoardCall] = []
    foreseen: dict[int, set[frozenset[str]]] = {}
    for rnd in range(1, 7):
        problem = SeedingProblem(
            rnd, entrants(18), history_of(calls), KEEP, fill="double", rounds=6
        )
        call = board_call(problem, seed=4)
        boards = {
            frozenset(s.player for s in call.seats if s.board == b)
            for b in {s.board for s in call.seats}
        }
        if rnd > 1:
            assert boards == foreseen[rnd]  # the previous call foresaw exactly these boards
        plan = foresee(problem, seed=4)
        for f in plan[1:]:
            foreseen[f.prep.round] = {
                frozenset(f.prep.players[i] for i in members) for members in f.boards
            }
        assert len(call.quality.power_repeats) == 0
        assert any("powers are given over rounds" in n for n in _said(call.notes)) == (rnd < 6)
        calls.append(call)
    games = Counter(s.player for c in calls for s in c.seats)
    assert set(games.values()) == {7}
    plays = Counter((s.player, s.power) for c in calls for s in c.seats)
    assert set(plays.values()) == {1}


def test_the_rounds_foreseen() -> None:
    field = entrants(21)
    assert last_round(SeedingProblem(2, field)) == 7  # one round per power by default
    assert last_round(SeedingProblem(2, field, rounds=6)) == 6
    assert last_round(SeedingProblem(8, field, rounds=6)) == 8
    assert [f.prep.round for f in foresee(SeedingProblem(4, field, rounds=6), moves=2000)] == [
        4,
        5,
        6,
    ]
