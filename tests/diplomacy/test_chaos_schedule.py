"""The chaos game's deadlines (seed 002, "Chaos Game"): about every 2 hours, retreats 20 after."""

from __future__ import annotations

from datetime import datetime

import pytest

from palmares.diplomacy.chaos_schedule import HoursSpan, chaos_deadlines, next_deadline


def test_deadlines_every_two_hours_with_retreats_twenty_minutes_after() -> None:
    hours = [
        HoursSpan(datetime(2007, 8, 10, 9, 0), datetime(2007, 8, 10, 15, 0)),
        HoursSpan(datetime(2007, 8, 9, 19, 0), datetime(2007, 8, 9, 23, 30)),
    ]
    got = [(d.at.strftime("%a %H:%M"), d.kind) for d in chaos_deadlines(hours)]
    assert got == [
        ("Thu 21:00", "movement"),
        ("Thu 21:20", "retreats and adjustments"),
        ("Thu 23:00", "movement"),
        ("Thu 23:20", "retreats and adjustments"),
        ("Fri 11:00", "movement"),
        ("Fri 11:20", "retreats and adjustments"),
        ("Fri 13:00", "movement"),
        ("Fri 13:20", "retreats and adjustments"),
        ("Fri 15:00", "movement"),
        ("Fri 15:20", "retreats and adjustments"),
    ]
    deadlines = chaos_deadlines(hours)
    following = next_deadline(deadlines, datetime(2007, 8, 10, 11, 5))
    assert following is not None and following.at == datetime(2007, 8, 10, 11, 20)
    assert next_deadline(deadlines, datetime(2007, 8, 11)) is None


def test_bad_hours_are_refused() -> None:
    with pytest.raises(ValueError, match="close before they open"):
        chaos_deadlines([HoursSpan(datetime(2007, 8, 10, 9), datetime(2007, 8, 10, 8))])
    with pytest.raises(ValueError, match="further apart"):
        chaos_deadlines([], every_minutes=20, after_minutes=20)
    overlapping = [
        HoursSpan(datetime(2007, 8, 10, 9), datetime(2007, 8, 10, 13)),
        HoursSpan(datetime(2007, 8, 10, 9), datetime(2007, 8, 10, 12)),
    ]
    with pytest.raises(ValueError, match="overlap"):
        chaos_deadlines(overlapping)
