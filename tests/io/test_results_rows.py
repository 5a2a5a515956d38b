"""results.csv's typed rows (issue 36): ``results_of_rows`` checks rows that are already typed as
the file reader checks a file's cells and rows, giving the same history for the same data and
refusing bad data with the same problems (line, column, message), without writing the values
out as text."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import fields, replace
from decimal import Decimal
from pathlib import Path

import pytest

from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.io.fields import check, integer, iso_date
from palmares.io.results import COLUMNS, ResultRow, read_results_exact, results_of_rows

Write = Callable[[str, str], Path]

HEADER = "event_id,event,date,country,place,rounds,players,world_championship,coefficient,"
HEADER += "player,player_id,nationality,rank\n"

#: Two events; the second with an id, a field larger than its rows, a stored coefficient.
GOOD_FILE = HEADER + (
    ",Open,2004-01-01,Canada,Toronto,3,,no,,Édi Birsan,12,US,1\n"
    ",Open,2004-01-01,Canada,Toronto,3,,no,,Bob,,,2\n"
    ",Open,2004-01-01,Canada,Toronto,3,,no,,Cy Lee,,CA,2\n"
    "W7,World Cup,2005-06-30,France,Paris,5,10,yes,18.86,  EDI   birsan ,,FR,2\n"
    "W7,World Cup,2005-06-30,France,Paris,5,10,yes,18.86,bob,,,1\n"
)

_OPEN = ResultRow(
    event="Open",
    date=dt.date(2004, 1, 1),
    player="Édi Birsan",
    rank=1,
    country="Canada",
    place="Toronto",
    rounds=3,
    world_championship=False,
)
_CUP = ResultRow(
    event="World Cup",
    date=dt.date(2005, 6, 30),
    player="  EDI   birsan ",
    rank=2,
    event_id="W7",
    country="France",
    place="Paris",
    rounds=5,
    players=10,
    world_championship=True,
    coefficient=Decimal("18.86"),
)
GOOD_ROWS = [
    replace(_OPEN, player_id="12", nationality="US"),
    replace(_OPEN, player="Bob", rank=2),
    replace(_OPEN, player="Cy Lee", nationality="CA", rank=2),
    replace(_CUP, nationality="FR"),
    replace(_CUP, player="bob", rank=1),
]


def _refusal(read: Callable[[], object]) -> tuple[Problem, ...]:
    with pytest.raises(InputError) as info:
        read()
    return info.value.problems


def test_the_row_fields_are_the_file_columns() -> None:
    assert [f.name for f in fields(ResultRow)] == [c.name for c in COLUMNS]


def test_typed_rows_give_the_history_the_file_gives(write: Write) -> None:
    path = write("results.csv", GOOD_FILE)
    from_file = read_results_exact(path)
    from_rows = results_of_rows(GOOD_ROWS, str(path))
    assert from_rows == from_file
    open_, cup = from_rows.events
    assert [(p.player, p.rank) for p in open_.placements] == [
        ("12", 1),
        ("name:bob", 2),
        ("name:cy lee", 2),
    ]
    assert (cup.key, cup.players, cup.coefficient, cup.world_championship) == (
        "W7",
        10,
        Decimal("18.86"),
        True,
    )
    assert from_rows.players["12"].nationality == "FR"  # the most recent row with one
    assert from_rows.players["name:bob"].name == "bob"


# (case, the rows' lines as in GOOD_FILE with one changed, the typed rows changed alike)
BAD = [
    (
        "rank 0",
        GOOD_FILE.replace("Bob,,,2\n", "Bob,,,0\n"),
        [*GOOD_ROWS[:1], replace(GOOD_ROWS[1], rank=0), *GOOD_ROWS[2:]],
        [(3, "rank", "must be at least 1, got 0")],
    ),
    (
        "rank above the field",
        GOOD_FILE.replace("bob,,,1\n", "bob,,,11\n"),
        [*GOOD_ROWS[:4], replace(GOOD_ROWS[4], rank=11)],
        [(6, "rank", "11 is above the 10 players of the event")],
    ),
    (
        "rank above its column",
        GOOD_FILE.replace("Bob,,,2\n", "Bob,,,2147483648\n"),
        [*GOOD_ROWS[:1], replace(GOOD_ROWS[1], rank=2**31), *GOOD_ROWS[2:]],
        [(3, "rank", "must be at most 2147483647, got 2147483648")],
    ),
    (
        "the same player twice",
        GOOD_FILE.replace("Cy Lee,,CA,2\n", "édi  BIRSAN,,CA,2\n"),
        [*GOOD_ROWS[:2], replace(GOOD_ROWS[2], player="édi  BIRSAN"), *GOOD_ROWS[3:]],
        [(4, "player", "'édi  BIRSAN' appears twice in 'Open' (also line 2)")],
    ),
    (
        "a blank name",
        GOOD_FILE.replace("Bob,,,2\n", "  ,,,2\n"),
        [*GOOD_ROWS[:1], replace(GOOD_ROWS[1], player="  "), *GOOD_ROWS[2:]],
        [(3, "player", "a value is required")],
    ),
    (
        "a name without a letter",
        GOOD_FILE.replace("Bob,,,2\n", "´´,,,2\n"),
        [*GOOD_ROWS[:1], replace(GOOD_ROWS[1], player="´´"), *GOOD_ROWS[2:]],
        [(3, "player", "'´´' has no letter")],
    ),
    (
        "a coefficient with too many places",
        GOOD_FILE.replace("18.86,bob", "18.8612345,bob"),
        [*GOOD_ROWS[:4], replace(GOOD_ROWS[4], coefficient=Decimal("18.8612345"))],
        [(6, "coefficient", "")],
    ),
    (
        "rows of an event disagree",
        GOOD_FILE.replace("Toronto,3,,no,,Bob", "Toronto,4,,no,,Bob"),
        [*GOOD_ROWS[:1], replace(GOOD_ROWS[1], rounds=4), *GOOD_ROWS[2:]],
        [(3, "rounds", "4 but line 2 of the same event says 3")],
    ),
]


@pytest.mark.parametrize(("case", "content", "rows", "expected"), BAD, ids=[b[0] for b in BAD])
def test_typed_rows_are_refused_as_the_file_is(
    write: Write,
    case: str,
    content: str,
    rows: list[ResultRow],
    expected: list[tuple[int, str, str]],
) -> None:
    assert content != GOOD_FILE, case
    path = write("results.csv", content)
    from_file = _refusal(lambda: read_results_exact(path))
    from_rows = _refusal(lambda: results_of_rows(rows, str(path)))
    assert from_rows == from_file  # file, line, column and the typed message: all the same
    assert [(p.line, p.column) for p in from_rows] == [(n, c) for n, c, _ in expected]
    for problem, (_, _, words) in zip(from_rows, expected, strict=True):
        assert problem.said is not None and words in problem.message, case


def test_several_problems_are_all_named_with_the_callers_lines() -> None:
    rows = [
        replace(GOOD_ROWS[0], player=""),
        replace(GOOD_ROWS[1], rank=0),
        replace(GOOD_ROWS[2], player="\x00"),
    ]
    problems = _refusal(lambda: results_of_rows(rows, "results", first_line=10))
    assert [(p.file, p.line, p.column, p.message) for p in problems] == [
        ("results", 10, "player", "a value is required"),
        ("results", 11, "rank", "must be at least 1, got 0"),
        ("results", 12, "player", "contains a NUL character (binary data?)"),
    ]


def test_typed_values_are_checked_without_being_written_as_text() -> None:
    rank = integer(1, limit=None)
    assert check(rank, 7) == 7
    assert check(rank, " 7 ") == 7  # text is read as a cell is
    with pytest.raises(PalmaresError) as info:
        check(rank, True)
    assert "expected a whole number" in str(info.value)
    assert check(iso_date, dt.date(2004, 1, 1)) == dt.date(2004, 1, 1)
    with pytest.raises(TypeError):  # a datetime's time would be lost: a caller's mistake
        check(iso_date, dt.datetime(2004, 1, 1, 12))
    with pytest.raises(TypeError):
        check(rank, 1.0)
