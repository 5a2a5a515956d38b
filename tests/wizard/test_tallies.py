"""Every month's tallies at once (issue 33, ``wizard.tallies``) against the month's table
counted game by game (``month.month_table``), and the table of the players who may be paid
against the whole table: the same awards and the same ranks."""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

import pytest

from palmares.io.wizard import read_game_columns, read_games
from palmares.io.wizard_columnar import GameColumns
from palmares.wizard.game import Finish, Game
from palmares.wizard.ledger import _month_tables, ledger
from palmares.wizard.month import least_paid
from palmares.wizard.rules import RULES, wizard_rules

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "wizard" / "games.csv"


#: Months of every rule set (matrix and points rankings, old and new W.P. brackets, the Master
#: Point Plan's three lists, the 40-game cut-off).
MONTHS = [
    (2009, 11), (2009, 12), (2010, 11), (2010, 12), (2016, 5), (2019, 12), (2020, 1),
    (2021, 2), (2021, 3), (2023, 10), (2024, 1),
]  # fmt: skip


def _league(seed: int) -> tuple[Game, ...]:
    """A small league played often (everyone qualifies), scores with ties (first places
    shared) and games by place."""
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(10)]
    games = []
    for year, month in MONTHS:
        for g in range(100):
            day = date(year, month, 1) + timedelta(days=g % 28)
            seated = rng.sample(players, rng.randint(3, 6))
            if rng.random() < 0.8:
                finishes = tuple(Finish(p, 10 * rng.randint(0, 6)) for p in seated)
            else:
                places = sorted(rng.randint(1, len(seated)) for _ in seated)
                ranked = [places.index(x) + 1 for x in places]
                finishes = tuple(Finish(p, None, r) for p, r in zip(seated, ranked, strict=True))
            games.append(Game(f"g{year}{month}-{g}", day, finishes))
    return tuple(games)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_tallies_at_once_make_every_months_table(seed: int) -> None:
    games = _league(seed)
    columns = GameColumns.of(games)
    whole = _month_tables(games, RULES)
    assert columns.month_tables() == whole
    paid = columns.month_tables(paid=True)
    assert [t.awards for t in paid] == [t.awards for t in whole]
    assert [t.ranked() for t in paid] == [t.ranked() for t in whole]
    assert all(t.awards for t in whole)  # every month pays


def test_fractional_wins_and_the_example_league() -> None:
    columns = read_game_columns(EXAMPLE)
    games = read_games(EXAMPLE)
    assert columns.month_tables() == _month_tables(games, RULES)
    fractional = wizard_rules(fractional_wins=True)
    tables = _month_tables(games, fractional)
    from palmares.wizard.month import table_of
    from palmares.wizard.tallies import monthly

    at_once = monthly(
        columns.days, columns.offsets, columns.player, columns.names, columns.standing,
        rules=fractional,
    )  # fmt: skip
    assert [table_of(t, p, rules=fractional) for p, t in at_once.items()] == tables
    assert any(line.wins.denominator > 1 for t in tables for line in t.lines)


def test_a_ledger_from_the_paid_tables_is_the_ledger() -> None:
    games = _league(3)
    months = GameColumns.of(games).month_tables(paid=True)
    for player in ("P0", "P5", "P13"):
        assert ledger(player, (), (), months=months) == ledger(player, games, ())


def test_fewer_games_earn_nothing() -> None:
    for day in (date(2009, 12, 31), date(2016, 5, 31), date(2021, 3, 31), date(2024, 1, 31)):
        rules = RULES.at(day)
        assert least_paid(rules) <= rules.qualifying_games
        assert least_paid(rules, 5) == 5
