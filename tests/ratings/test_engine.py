"""The bare engine: grouping rows by event."""

from __future__ import annotations

from datetime import date, timedelta

from palmares.ratings.dip_pouch import rate_history
from palmares.ratings.engine import Engine, ResultArrays
from palmares.ratings.events import Event, Placement, Player, Results


def test_rows_in_any_order_are_grouped_by_event_first() -> None:
    day = date(2005, 1, 1)
    a = Event("a", "A", day, (Placement("x", 1), Placement("y", 2)), event_id="1")
    b = Event("b", "B", day + timedelta(1), (Placement("y", 1), Placement("x", 2)), event_id="2")
    results = Results.of([a, b], {"x": Player("x", "x"), "y": Player("y", "y")})
    arrays = ResultArrays.from_results(results)
    shuffled = ResultArrays(
        event_day=arrays.event_day,
        event_position=arrays.event_position,
        event_value=arrays.event_value,
        event_players=arrays.event_players,
        row_event=arrays.row_event[::-1].copy(),
        row_player=arrays.row_player[::-1].copy(),
        row_rank=arrays.row_rank[::-1].copy(),
        row_nationality=arrays.row_nationality[::-1].copy(),
        n_players=2,
    )
    assert list(Engine(shuffled).current) == list(Engine(arrays).current)
    exact = rate_history(results)
    assert abs(Engine(shuffled).current[0] - float(exact["x"][-1].after)) <= 1e-12
