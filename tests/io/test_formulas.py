"""CSV cells that a spreadsheet would run as formulas are written as text."""

from __future__ import annotations

import pytest

from palmares.io.formulas import escape_formula


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+33 6", "'+33 6"),
        ("-HYPERLINK()", "'-HYPERLINK()"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("-12", "-12"),
        ("-0.5", "-0.5"),
        ("+3", "+3"),
        ("Ann", "Ann"),
        ("", ""),
    ],
)
def test_escape_formula(cell: str, written: str) -> None:
    assert escape_formula(cell) == written
