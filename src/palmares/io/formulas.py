"""CSV cells a spreadsheet would run as a formula are written as text (issue 13).

A cell starting with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return, which some
spreadsheets strip before looking) is taken for a formula by Excel, LibreOffice and Google Sheets
when the CSV is opened, so a player named ``=HYPERLINK(…)`` in an export could run in a ratings
officer's spreadsheet (OWASP, "CSV Injection"). Such a text cell gets a leading apostrophe, the
spreadsheets' own mark for "this is text". Numbers stay numbers: only text cells are escaped, and
a text cell that is a plain number (``-12``, ``-0.5``) is a number to a spreadsheet, not a formula.

Every CSV writer of palmares writes its cells through :func:`escape_formula`.
"""

from __future__ import annotations

import re

__all__ = ["FORMULA_STARTS", "escape_formula"]

#: The first characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_TRIGGERS = FORMULA_STARTS
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")


def escape_formula(cell: str) -> str:
    """``"=1+1"`` → ``"'=1+1"``; ``"-12"`` and ``"Ann"`` unchanged."""
    if cell.startswith(_TRIGGERS) and _NUMBER.fullmatch(cell) is None:
        return "'" + cell
    return cell
