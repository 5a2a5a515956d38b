"""The Dip Pouch rule as the site applies it (seed 000), figure by figure."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from palmares.core.rounding import half_up
from palmares.web.ratinglists import engine


def _event(
    players: int,
    rounds: int | None = 3,
    *,
    day: date = date(2004, 8, 27),
    wc: bool = False,
    placements: tuple[tuple[int, int], ...] = (),
) -> engine.EventIn:
    return engine.EventIn(1, day, players, rounds, wc, None, placements)


def test_seed_worked_example() -> None:
    worked = engine.explain_move(Decimal(55), _event(65), 8)
    assert half_up(worked.percentile, 2) == Decimal("88.46")
    assert half_up(worked.formula_value, 2) == Decimal("20.57")
    assert worked.tournament_value == 15
    assert half_up(worked.difference, 2) == Decimal("33.46")
    assert half_up(worked.move, 3) == Decimal("5.019")
    assert half_up(worked.after, 3) == Decimal("60.019")


def test_dip_in_the_ocean_scores() -> None:
    printed = {1: "97.92", 2: "93.75", 9: "64.58", 11: "56.25", 16: "35.42", 22: "10.42"}
    for rank, score in printed.items():
        assert half_up(engine.percentile(24, rank), 2) == Decimal(score)


def test_tournament_values() -> None:
    assert engine.tournament_value(_event(21, 1)) == Decimal(5)  # 21 / 7 + 2
    assert engine.tournament_value(_event(200, wc=True)) == 20
    assert engine.tournament_value(_event(60, day=date(2000, 6, 1))) == 0
    assert engine.tournament_value(_event(60, day=date(2000, 6, 1), wc=True)) == 20


def test_replay_starts_at_forty_and_ranks_ties_together() -> None:
    moves = engine.replay([_event(2, placements=((1, 1), (2, 1)))])
    assert {m.rating_before for m in moves} == {Decimal(40)}
    lists = engine.lists_by_year(moves, {1: "France", 2: "France"})
    assert [e.rank for e in lists[0]] == [1, 1]
    assert [e.national_rank for e in lists[2004]] == [1, 1]
