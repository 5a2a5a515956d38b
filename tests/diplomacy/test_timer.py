"""The central timer of seed 002 ("Game Timing"): turns roll over at zero, pauses keep the time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from palmares.diplomacy.clock import TurnTiming, minutes_through
from palmares.diplomacy.timer import (
    TimerError,
    TimerState,
    advance,
    next_turn,
    pause,
    read,
    resume,
    set_turn,
    start,
)

T0 = 1_000_000.0


def test_a_started_clock_counts_down_spring_1901_from_17_minutes() -> None:
    state = start(T0)
    r = read(state, T0 + 60)
    assert (r.year, r.season, r.turn_minutes, r.remaining_s) == (1901, "Spring", 17, 16 * 60)
    assert (r.next_year, r.next_season, r.next_turn_minutes) == (1901, "Fall", 17)
    assert not r.paused and not r.time_up


def test_the_next_turn_starts_immediately_when_time_expires() -> None:
    state = start(T0)
    at_zero = read(state, T0 + 17 * 60)
    assert (at_zero.year, at_zero.season, at_zero.remaining_s) == (1901, "Fall", 17 * 60)
    # 1901 Spring and Fall (17 + 17), then 1902 Spring 17 and Fall 15 (seed 002's table).
    r = read(state, T0 + (34 + 17) * 60 + 30)
    assert (r.year, r.season, r.turn_minutes, r.remaining_s) == (1902, "Fall", 15, 14.5 * 60)


def test_through_1910_the_clock_runs_the_seeds_302_minutes() -> None:
    state = start(T0)
    r = read(state, T0 + minutes_through(1910) * 60)
    assert (r.year, r.season, r.turn_minutes) == (1911, "Spring", 15)
    assert minutes_through(1910) == 302


def test_a_pause_keeps_the_time_left_and_resume_goes_on_from_it() -> None:
    state = pause(start(T0), T0 + 100)
    assert read(state, T0 + 100).remaining_s == read(state, T0 + 5000).remaining_s == 920
    assert read(state, T0 + 5000).paused
    resumed = resume(state, T0 + 3600)
    assert read(resumed, T0 + 3600 + 20).remaining_s == 900
    with pytest.raises(TimerError, match="not paused"):
        resume(resumed, T0 + 3700)
    with pytest.raises(TimerError, match="already paused"):
        pause(state, T0 + 200)


def test_a_pause_after_a_roll_over_stops_the_new_turn() -> None:
    state = pause(start(T0), T0 + 17 * 60 + 10)
    assert (state.season, state.turn_started) == ("Fall", T0 + 17 * 60)
    assert read(state, T0 + 99_999).remaining_s == 17 * 60 - 10


def test_next_skips_to_the_following_turn_with_its_full_length() -> None:
    state = next_turn(start(T0, year=1905, season="Fall"), T0 + 30)
    r = read(state, T0 + 30)
    assert (r.year, r.season, r.remaining_s, r.turn_minutes) == (1906, "Spring", 15 * 60, 15)


def test_set_puts_the_clock_on_a_turn_with_the_time_left() -> None:
    state = set_turn(start(T0), T0 + 10, year=1903, season="Fall", remaining_s=3)
    r = read(state, T0 + 10)
    assert (r.year, r.season, r.remaining_s) == (1903, "Fall", 3)
    rolled = read(state, T0 + 13)
    assert (rolled.year, rolled.season, rolled.remaining_s) == (1904, "Spring", 17 * 60)
    paused = set_turn(pause(state, T0 + 11), T0 + 12, year=1907, season="Spring")
    assert read(paused, T0 + 500).remaining_s == 15 * 60 and read(paused, T0 + 500).paused


def test_bad_turns_are_refused() -> None:
    with pytest.raises(TimerError, match="Spring or Fall"):
        start(T0, season="Winter")
    with pytest.raises(TimerError, match="year must be between 1901"):
        start(T0, year=1900)
    with pytest.raises(TimerError, match="between 1 and 1020"):
        set_turn(None, T0, year=1901, season="Spring", remaining_s=2000)


def test_the_final_rounds_time_limit_is_a_time_draw() -> None:
    state = start(T0, ends_at=T0 + 20 * 60)
    before = read(state, T0 + 19 * 60)
    assert not before.time_up and before.season == "Fall"
    after = read(state, T0 + 25 * 60)
    assert after.time_up and after.remaining_s == 0 and after.season == "Fall"


def test_an_own_timing_table() -> None:
    timing = (TurnTiming(1901, 5, 4),)
    r = read(start(T0, timing=timing), T0 + 5 * 60 + 60, timing)
    assert (r.season, r.turn_minutes, r.remaining_s) == ("Fall", 4, 180)


@given(
    st.lists(st.floats(min_value=0, max_value=3600, allow_nan=False), min_size=1, max_size=8),
    st.floats(min_value=0, max_value=20_000, allow_nan=False),
)
def test_screens_reading_at_one_moment_agree_however_often_they_advanced(
    steps: list[float], later: float
) -> None:
    """A screen that joined late reads the stored state; one that advanced it on every tick gets
    the same reading."""
    state = start(T0)
    ticked: TimerState = state
    now = T0
    for step in steps:
        now += step
        ticked = advance(ticked, now)
    assert read(ticked, now + later) == read(state, now + later)
