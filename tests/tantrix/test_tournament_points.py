"""Tournament points of a game (specs/tantrix.md, "Tournament points (TP) of one game")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.tantrix.tournament_points import (
    game_points,
    match_points,
    time_penalty,
    winner_points,
)


@pytest.mark.parametrize(
    ("score_a", "score_b", "tp_a", "tp_b"),
    [
        (25, 25, "10.0", "10.0"),  # margin 0: a draw
        (26, 25, "13.3", "6.7"),  # margin 1
        (30, 21, "16.0", "4.0"),  # margin 9
        (40, 20, "18.0", "2.0"),  # margin 20
        (46, 10, "20.0", "0.0"),  # margin 36
        (48, 10, "20.0", "0.0"),  # margin 38, capped at 36
        (10, 48, "0.0", "20.0"),  # the same from the loser's side
    ],
)
def test_published_table(score_a: int, score_b: int, tp_a: str, tp_b: str) -> None:
    game = game_points(score_a, score_b)
    assert (game.tp_a, game.tp_b) == (Decimal(tp_a), Decimal(tp_b))
    assert game.margin == abs(score_a - score_b)


def test_exact_formula_without_the_table() -> None:
    assert str(winner_points(20, places=None))[:8] == "17.96284"
    assert winner_points(1, places=None) == Decimal(12) + Decimal(4) / Decimal(3)
    assert winner_points(38, places=None) == Decimal(20)


def test_a_cap_of_49_is_a_parameter() -> None:
    # 12 + 4/3·√40 = 20.43: kept inside the 20 points.
    assert winner_points(40, cap=49) == Decimal("20.0")
    assert winner_points(16, cap=49) == Decimal("17.3")


@pytest.mark.parametrize(
    ("minutes", "penalty"),
    [(None, 0), (0, 0), (Decimal("14.99"), 0), (15, 1), (Decimal("15.9"), 1), (16, 2), (20, 6)],
)
def test_time_penalty(minutes: Decimal | int | None, penalty: int) -> None:
    assert time_penalty(minutes) == penalty


def test_time_penalty_passes_points_to_the_opponent() -> None:
    game = game_points(30, 21, minutes_a=16)  # 16.0 : 4.0, then A passes 2
    assert (game.before_penalty_a, game.penalty_a) == (Decimal("16.0"), 2)
    assert (game.tp_a, game.tp_b) == (Decimal("14.0"), Decimal("6.0"))


def test_both_penalised_the_net_is_passed() -> None:
    game = game_points(30, 21, minutes_a=17, minutes_b=15)  # A passes 3, B passes 1
    assert (game.tp_a, game.tp_b) == (Decimal("14.0"), Decimal("6.0"))


def test_penalty_keeps_both_within_0_and_20() -> None:
    game = game_points(10, 48, minutes_a=20)  # the loser (0 TP) cannot go below 0
    assert (game.tp_a, game.tp_b) == (Decimal("0.0"), Decimal("20"))


def test_match_is_the_sum_of_its_games() -> None:
    games = [game_points(30, 21), game_points(20, 40), game_points(25, 25), game_points(26, 25)]
    assert match_points(games) == (Decimal("41.3"), Decimal("38.7"))


def test_negative_input_is_rejected() -> None:
    with pytest.raises(ValueError, match="not negative"):
        game_points(-1, 3)
    with pytest.raises(ValueError, match="not negative"):
        time_penalty(-1)


@settings(max_examples=200)
@given(st.integers(0, 80), st.integers(0, 80), st.integers(0, 25), st.integers(0, 25))
def test_always_20_shared_and_the_winner_never_below_half(
    a: int, b: int, minutes_a: int, minutes_b: int
) -> None:
    plain = game_points(a, b)
    assert plain.tp_a + plain.tp_b == 20
    assert (plain.tp_a >= 10) == (a >= b)
    timed = game_points(a, b, minutes_a=minutes_a, minutes_b=minutes_b)
    assert timed.tp_a + timed.tp_b == 20
    assert 0 <= timed.tp_a <= 20


@settings(max_examples=50)
@given(st.integers(0, 60))
def test_more_margin_never_fewer_points(margin: int) -> None:
    assert winner_points(margin + 1) >= winner_points(margin)
