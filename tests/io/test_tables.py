import io
from collections.abc import Callable
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.io import columnar
from palmares.io.fields import boolean, integer, iso_date
from palmares.io.tables import MAX_CELL, Column, _lines, read_rows

COLUMNS = [
    Column("player", required=True),
    Column("rank", integer(1), required=True),
    Column("date", iso_date),
    Column("wc", boolean, default=False),
]


def test_header_is_case_insensitive_and_order_free(write: Callable[[str, str], Path]) -> None:
    path = write("r.csv", "RANK,Player,wc\n1,Edi Birsan,yes\n\n2,Jerry Fest,0\n")
    rows = read_rows(path, COLUMNS)
    assert [(r.line, r["player"], r["rank"], r["wc"], r["date"]) for r in rows] == [
        (2, "Edi Birsan", 1, True, None),
        (4, "Jerry Fest", 2, False, None),
    ]


def test_every_problem_is_named_with_line_and_column(write: Callable[[str, str], Path]) -> None:
    path = write("r.csv", "player,rank,date\nA,0,2004-08-27\n,x,2004-13-01\n")
    with pytest.raises(InputError) as info:
        read_rows(path, COLUMNS)
    assert str(info.value).splitlines() == [
        f"{path}:2: rank: must be at least 1, got 0",
        f"{path}:3: player: a value is required",
        f"{path}:3: rank: expected a whole number, got 'x'",
        f"{path}:3: date: expected a date as YYYY-MM-DD, got '2004-13-01'",
    ]


def test_unknown_and_missing_columns(write: Callable[[str, str], Path]) -> None:
    path = write("r.csv", "player,rnak\nA,1\n")
    with pytest.raises(InputError) as info:
        read_rows(path, COLUMNS)
    lines = str(info.value).splitlines()
    assert lines[0].startswith(f"{path}:1: rnak: unknown column (expected: player, rank")
    assert lines[1] == f"{path}:1: rank: required column is missing"


def test_empty_and_missing_files(write: Callable[[str, str], Path], tmp_path: Path) -> None:
    with pytest.raises(InputError, match="the file is empty"):
        read_rows(write("e.csv", "\n\n"), COLUMNS)
    with pytest.raises(InputError, match="no such file"):
        read_rows(tmp_path / "absent.csv", COLUMNS)


def test_spreadsheet_whole_numbers_and_dates(write: Callable[[str, str], Path]) -> None:
    rows = read_rows(write("r.csv", "player,rank,date\nA,3.0,2004-08-27 00:00:00\n"), COLUMNS)
    assert rows[0]["rank"] == 3
    assert str(rows[0]["date"]) == "2004-08-27"


def test_xlsx_is_read_like_csv(tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Player", "Rank"])
    sheet.append(["Edi Birsan", 1])
    sheet.append(["Jerry Fest", 0])
    path = tmp_path / "r.xlsx"
    book.save(path)
    with pytest.raises(InputError, match=r"r\.xlsx:3: rank: must be at least 1, got 0"):
        read_rows(path, COLUMNS)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "a,b\n1,2\n",
        "a,b\r\n1,2\r\n3,4",
        "a\rb\r\rc\n\n\r\n",
        'a,"x\r\ny"\n1,"2\n3"\r',
        "a\x0bb\n1\x0c2\n",  # other breaks splitlines cuts at: the StringIO's lines
        "a\u2028b\x85c\x1cd\n",
    ],
)
def test_lines_are_the_csv_module_s_lines(text: str) -> None:
    """``tables._lines`` gives the lines a ``StringIO(newline="")`` gives the csv module."""
    assert list(_lines(text)) == list(io.StringIO(text, newline=""))


def test_a_long_line_is_left_to_the_exact_reader(tmp_path: Path) -> None:
    """The columnar reader declines a line longer than the longest cell it takes (the exact
    reader reads the file) and reads a shorter one itself."""
    columns = [Column("player", required=True), Column("note")]
    path = tmp_path / "long.csv"
    path.write_text("player,note\nAnn," + "y" * (MAX_CELL // 2 + 1) + "\nBob,x\n")
    assert columnar.read_table(path, columns) is None
    assert [r.line for r in read_rows(path, columns)] == [2, 3]
    path.write_text("player,note\nAnn," + "y" * (MAX_CELL // 2 - 5) + "\nBob,x\n")
    table = columnar.read_table(path, columns)
    assert table is not None and table.lines.tolist() == [2, 3]
