"""The seed's two tables as rows (one per player)."""

from __future__ import annotations

from dataclasses import asdict
from fractions import Fraction

from palmares.tantrix.tables import PERFORMANCE_COLUMNS, performance_rows
from palmares.tantrix.tournament import rate_tournament
from tests.tantrix.helpers import match


def test_rows_have_every_column_and_none_where_it_does_not_apply() -> None:
    matches = [match("R", "N", 4, 50), match("X", "Y", 1, 12)]
    rows = {r.player: r for r in performance_rows(rate_tournament(matches, {"R": 1800}))}
    assert all(tuple(asdict(r)) == PERFORMANCE_COLUMNS for r in rows.values())
    assert rows["N"].tp_percent == Fraction(30, 80) * 100
    assert rows["N"].tournament_elo == rows["N"].elo and rows["N"].pre_elo is None
    # R met only a newcomer who played no one else: no normal-method figures.
    assert rows["R"].games is None and rows["R"].tournament_elo == 1800.0
    assert rows["X"].elo is None and rows["Y"].lost_to == "X"
    assert list(rows) == ["N", "X", "Y", "R"]
