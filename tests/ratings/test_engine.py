"""The bare engine: grouping rows by event, and the tournament value formula over arrays."""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np

from palmares.ratings.dip_pouch import rate_history
from palmares.ratings.engine import Engine, ResultArrays, formula_values
from palmares.ratings.events import Event, Placement, Player, Results
from palmares.ratings.tournament_value import tournament_value


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


def test_formula_over_arrays_equals_the_exact_formula() -> None:
    days = [date(2000, 12, 31), date(2001, 1, 1), date(2016, 5, 1)]
    cases = [
        (n, r, wc, d)
        for n in (1, 7, 24, 45, 46, 65, 99)
        for r in (1, 3)
        for wc in (False, True)
        for d in days
    ]
    got = formula_values(
        np.array([c[0] for c in cases], dtype=np.int32),
        np.array([c[1] == 1 for c in cases]),
        np.array([c[2] for c in cases]),
        np.array([c[3].toordinal() for c in cases], dtype=np.int32),
    )
    for value, (n, r, wc, d) in zip(got, cases, strict=True):
        exact = tournament_value(n, rounds=r, world_championship=wc, day=d).value
        assert abs(value - float(exact)) <= 1e-12
