"""results.csv: reading, player matching, and every malformed case with file:line."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.io.results import read_results
from tests.ratings.seed000 import DIP_IN_THE_OCEAN, HISTORY

Write = Callable[[str, str], Path]

HEAD = "event,date,player,rank\n"

# (name, file content, expected "line: column: message" fragments)
MALFORMED = [
    ("missing column", "event,date,player\nA,2004-01-01,Ann\n", ":1: rank: required column"),
    ("bad date", HEAD + "A,2004-13-01,Ann,1\n", ":2: date: expected a date as YYYY-MM-DD"),
    ("rank 0", HEAD + "A,2004-01-01,Ann,0\nA,2004-01-01,Bob,1\n", ":2: rank: must be at least 1"),
    (
        "rank above N",
        HEAD + "A,2004-01-01,Ann,1\nA,2004-01-01,Bob,3\n",
        ":3: rank: 3 is above the 2 players of the event",
    ),
    (
        "same player twice",
        HEAD + "A,2004-01-01,Anne Dupré,1\nA,2004-01-01,anne  DUPRE,2\n",
        ":3: player: 'anne  DUPRE' appears twice in 'A' (also line 2)",
    ),
    (
        "dates disagree",
        HEAD + "A,2004-01-01,Ann,1\nA,2004-01-02,Bob,2\n",
        ":3: date: 2004-01-02 but line 2 of the same event says 2004-01-01",
    ),
    (
        "rounds disagree",
        "event,date,player,rank,rounds\nA,2004-01-01,Ann,1,3\nA,2004-01-01,Bob,2,1\n",
        ":3: rounds: 1 but line 2 of the same event says 3",
    ),
    (
        "players below rows",
        "event,date,player,rank,players\nA,2004-01-01,Ann,1,1\nA,2004-01-01,Bob,2,1\n",
        ":2: players: 1 but the event has 2 rows of players",
    ),
    (
        "name with two ids",
        "event,date,player,player_id,rank\n"
        "A,2004-01-01,Ann Lee,7,1\nB,2005-01-01,Ann Lee,9,1\nC,2006-01-01,ann lee,,1\n",
        ":4: player: 'ann lee' matches two player ids, 7 (line 2) and 9 (line 3)",
    ),
    ("unknown column", HEAD.strip() + ",colour\nA,2004-01-01,Ann,1,red\n", ":1: colour: unknown"),
    ("bad coefficient", "event,date,player,rank,coefficient\nA,2004-01-01,Ann,1,x\n", ":2: coeff"),
]


@pytest.mark.parametrize(("case", "content", "expected"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_results_are_rejected_with_file_and_line(
    write: Write, case: str, content: str, expected: str
) -> None:
    path = write("results.csv", content)
    with pytest.raises(InputError) as info:
        read_results(path)
    assert f"{path}{expected}" in str(info.value), case


def test_reads_the_dip_in_the_ocean_example() -> None:
    results = read_results(DIP_IN_THE_OCEAN)
    (event,) = results.events
    assert event.name == "Dip in the Ocean 2004"
    assert event.date == date(2004, 8, 27)
    assert event.place == "Vancouver"
    assert event.rounds == 3
    assert event.coefficient == Decimal("18.86")
    assert event.field_size == 24
    assert [p.rank for p in event.placements][8:10] == [9, 9]
    assert len(results.players) == 24


def test_players_are_matched_by_id_else_by_normalised_name(write: Write) -> None:
    path = write(
        "results.csv",
        "event,date,player,player_id,nationality,rank\n"
        "A,2004-01-01,Édi Birsan,12,US,1\n"
        "A,2004-01-01,Bob,,,2\n"
        "B,2005-01-01,  EDI   birsan ,,FR,2\n"
        "B,2005-01-01,bob,,,1\n",
    )
    results = read_results(path)
    assert set(results.players) == {"12", "name:bob"}
    assert results.players["12"].nationality == "FR"  # the most recent row with one
    a, b = results.events
    assert [p.player for p in b.placements] == ["name:bob", "12"]
    assert a.rounds is None and not a.world_championship and a.coefficient is None


def test_rows_are_grouped_by_event_id_when_given(write: Write) -> None:
    path = write(
        "results.csv",
        "event_id,event,date,player,rank,world_championship\n"
        "5,Open,2004-01-01,Ann,1,no\n"
        "6,Open,2005-01-01,Ann,1,yes\n",
    )
    results = read_results(path)
    assert [(e.key, e.world_championship) for e in results.events] == [("5", False), ("6", True)]


def test_an_empty_optional_cell_agrees_with_the_event(write: Write) -> None:
    path = write(
        "results.csv",
        "event,date,player,rank,country\nA,2004-01-01,Ann,1,Canada\nA,2004-01-01,Bob,2,\n",
    )
    assert read_results(path).events[0].country == "Canada"


def test_the_example_history_reads() -> None:
    results = read_results(HISTORY)
    assert [e.key for e in results.events] == ["1", "2", "3", "4", "5", "6"]
    assert results.events[3].field_size == 40
    assert results.players["107"].nationality == "AU"
