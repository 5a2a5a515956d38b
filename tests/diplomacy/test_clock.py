"""Seed 002, "Game Timing": the default timing table and "through 1910 in approximately 5 hours"."""

import pytest

from palmares.diplomacy.clock import Pause, deadlines, minutes_through, turn_minutes


@pytest.mark.parametrize(
    ("year", "spring", "fall"),
    [(1901, 17, 17), (1902, 17, 15), (1905, 17, 15), (1906, 15, 13), (1915, 15, 13)],
)
def test_the_seed_timing_table(year: int, spring: int, fall: int) -> None:
    assert turn_minutes(year, "Spring") == spring
    assert turn_minutes(year, "Fall") == fall


def test_through_1910_in_approximately_five_hours() -> None:
    # 1901: 17 + 17; 1902–1905: 4 × (17 + 15); 1906–1910: 5 × (15 + 13).
    assert minutes_through(1901) == 34
    assert minutes_through(1905) == 34 + 4 * 32
    assert minutes_through(1910) == 34 + 128 + 140 == 302  # 5 h 02 min


def test_the_next_turn_starts_when_one_expires() -> None:
    turns = deadlines(1902)
    assert [(t.year, t.season, t.starts, t.expires) for t in turns] == [
        (1901, "Spring", 0, 17),
        (1901, "Fall", 17, 34),
        (1902, "Spring", 34, 51),
        (1902, "Fall", 51, 66),
    ]


def test_early_adjudication_and_a_meal_break() -> None:
    turns = deadlines(1902, early={(1901, "Fall"): 30}, pauses=[Pause(at=40, minutes=60)])
    assert [(t.starts, t.expires) for t in turns] == [(0, 17), (17, 30), (30, 107), (107, 122)]
    with pytest.raises(ValueError, match="outside the turn"):
        deadlines(1901, early={(1901, "Spring"): 18})


def test_a_year_before_the_table() -> None:
    with pytest.raises(ValueError, match="starts after 1900"):
        turn_minutes(1900, "Spring")
