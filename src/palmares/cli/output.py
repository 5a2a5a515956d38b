"""The command line's output layer: the one place that prints.

A command builds a :class:`Report` (tables of plain values plus explanation lines) and hands it
to :func:`emit`, which renders it as a rich table (for people), CSV or JSON (for machines).
Table format shows each column through its ``display`` function (half-up, to the seed's
digits); CSV and JSON carry full precision.

CSV prints the report's first (primary) table; the explanation, if any, goes to stderr so the
CSV stays parseable. JSON is an object with one list of rows per table, plus ``explain``.
"""

from __future__ import annotations

import builtins
import enum
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TextIO

from palmares.cli.progress import progress_bar, surely_not_terminal
from palmares.core.message import Message
from palmares.core.rounding import half_up
from palmares.explain.language import Language
from palmares.explain.messages import tell
from palmares.explain.numbers import figure
from palmares.io.csv_writer import machine_value, write_csv

if TYPE_CHECKING:
    from rich.console import JustifyMethod

__all__ = [
    "Col",
    "Format",
    "Report",
    "Table",
    "emit",
    "fixed",
    "machine_value",
    "progress_bar",
]


class Format(enum.StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


def fixed(places: int) -> Callable[[Any], str]:
    """Display a number to ``places`` decimals, half up (``None`` shows empty)."""

    def show(value: Any) -> str:
        if value is None or value == "":
            return ""
        return figure(value, places, fixed=True)

    return show


@dataclass(frozen=True, slots=True)
class Col:
    """A column: the key in each row, its header, and how the table format shows a value."""

    key: str
    #: The header: a text, or a rule's figure named by the explanation layer (a
    #: :class:`Message`, told in the report's language).
    header: str | Message | None = None
    display: Callable[[Any], str] | None = None
    justify: JustifyMethod = "left"

    @property
    def title(self) -> str:
        return self.title_in(Language.EN)

    def title_in(self, language: Language | None) -> str:
        """The header in ``language`` (``None``: the locale environment's)."""
        return _words(self.header, language) if self.header is not None else self.key


@dataclass(slots=True)
class Table:
    name: str
    columns: Sequence[Col]
    rows: list[dict[str, Any]]
    title: str | Message | None = None


@dataclass(slots=True)
class Report:
    tables: list[Table] = field(default_factory=list)
    explain: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: The language of the table format's headers and titles (``None``: the locale's).
    language: Language | None = None


def _words(text: str | Message | None, language: Language | None) -> str:
    if isinstance(text, Message):
        return tell(text, language)
    return "" if text is None else text


def _display(col: Col, value: Any) -> str:
    if col.display is not None:
        return col.display(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float | Fraction | Decimal):
        return str(half_up(value, 2))
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return str(value)


#: Table format shows this many rows of a long list unless told otherwise (``--limit``, ``--all``).
TABLE_ROWS = 100


_EMOJI = re.compile(r":\S*?:")


def _plain_text(text: str) -> bool:
    """Text rich prints as it is: no markup, no emoji code, nothing unprintable but newlines."""
    return (
        "[" not in text
        and _EMOJI.search(text) is None
        and text.replace("\n", "").isprintable()
        and (text.isascii() or not any(ord(ch) >= 0x1100 for ch in text))
    )


def _plain_table(
    table: Table, cells: list[list[str]], width: int, language: Language | None = None
) -> str | None:
    """The table as rich draws it on a plain file (the ``HEAVY_HEAD`` box, one space of padding,
    the title left above), written directly: a 100,000-row table in the time CSV takes. ``None``
    when rich would do more than that (markup, emoji codes, wide or control characters, spaces
    around a cell, centred columns, a table wider than the page): then rich draws it."""
    justify = [c.justify for c in table.columns]
    if any(j not in ("left", "right") for j in justify):
        return None
    heads = [c.title_in(language) for c in table.columns]
    widths = []
    for k, head in enumerate(heads):
        column = [row[k] for row in cells]
        joined = "\n".join([*column, head])
        if not _plain_text(joined):
            return None
        if any(v != v.strip() for v in [*column, head]):  # rich would trim it
            return None
        if not joined.isascii():
            from rich.cells import cell_len

            if any(cell_len(v) != len(v) for v in [*column, head]):
                return None
        widths.append(max([len(head), *map(len, column)]))
    total = sum(widths) + 3 * len(widths) + 1
    title = None if table.title is None else _words(table.title, language)
    if total > width or (title is not None and (len(title) > total or not _plain_text(title))):
        return None

    def line(left: str, fill: str, mid: str, right: str) -> str:
        return left + mid.join(fill * (w + 2) for w in widths) + right

    def cells_of(values: list[str], edge: str) -> str:
        shown = [
            v.rjust(w) if j == "right" else v.ljust(w)
            for v, w, j in zip(values, widths, justify, strict=True)
        ]
        return edge + " " + f" {edge} ".join(shown) + " " + edge

    out = [] if title is None else [title.ljust(total)]
    out.append(line("┏", "━", "┳", "┓"))
    out.append(cells_of(heads, "┃"))
    out.append(line("┡", "━", "╇", "┩"))
    out.extend(cells_of(values, "│") for values in cells)
    out.append(line("└", "─", "┴", "┘"))
    return "\n".join(out) + "\n"


def plain_width(out: TextIO) -> int | None:
    """rich's ``Console(file=out).width`` when ``out`` is surely not a terminal (read as rich
    reads it: ``COLUMNS``, else the size of the first standard stream that is a terminal, else
    80), without importing rich; ``None`` when rich must be asked (a terminal, maybe one,
    Jupyter, Windows)."""
    if not surely_not_terminal(out) or hasattr(builtins, "get_ipython") or os.name == "nt":
        return None
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns)
    width = None
    for stream in (sys.__stdin__, sys.__stdout__, sys.__stderr__):
        try:
            width = os.get_terminal_size(stream.fileno() if stream else 0).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    return width or 80


def _plain_line(line: str, width: int) -> bool:
    """A line rich prints as it is (no markup read, no highlighting): plain text, one line,
    no space at either end, within ``width`` cells."""
    if "\n" in line or line != line.strip() or not _plain_text(line):
        return False
    if line.isascii():
        return len(line) <= width
    from rich.cells import cell_len

    return cell_len(line) <= width


def _plain_report(report: Report, width: int) -> str | None:
    """The table format of ``report`` on a file that is no terminal, as rich would print it,
    when every table is drawn by :func:`_plain_table` and every line is plain; else ``None``."""
    parts: list[str] = []
    for table in report.tables:
        cells = [[_display(c, row.get(c.key)) for c in table.columns] for row in table.rows]
        plain = _plain_table(table, cells, width, report.language)
        if plain is None:
            return None
        parts.append(plain)
    lines = [*report.notes, *(["", *report.explain] if report.explain else [])]
    if not all(_plain_line(line, width) for line in lines):
        return None
    parts.extend(line + "\n" for line in lines)
    return "".join(parts)


def emit(
    report: Report,
    fmt: Format,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> None:
    """Print ``report`` in ``fmt`` to ``out`` (stdout by default)."""
    out = out or sys.stdout
    err = err or sys.stderr
    if fmt is Format.json:
        payload: dict[str, Any] = {
            t.name: [{c.key: machine_value(r.get(c.key)) for c in t.columns} for r in t.rows]
            for t in report.tables
        }
        if report.explain:
            payload["explain"] = report.explain
        if report.notes:
            payload["notes"] = report.notes
        json.dump(payload, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return
    if fmt is Format.csv:
        if report.tables:
            table = report.tables[0]
            write_csv(out, [c.key for c in table.columns], table.rows)
        for line in report.notes + report.explain:
            err.write(line + "\n")
        return
    width = plain_width(out)
    if width is not None:
        text = _plain_report(report, max(100, width))
        if text is not None:
            out.write(text)
            return
    # rich only where it draws (issue 15: CSV, JSON and plain tables to a file never import it).
    from rich.console import Console
    from rich.table import Table as RichTable

    console = Console(file=out, soft_wrap=False, width=max(100, Console(file=out).width))
    for table in report.tables:
        cells = [[_display(c, row.get(c.key)) for c in table.columns] for row in table.rows]
        plain = None
        if not console.is_terminal or len(cells) > TABLE_ROWS:
            plain = _plain_table(table, cells, console.width, report.language)
        if plain is not None:
            console.file.write(plain)
            continue
        title = None if table.title is None else _words(table.title, report.language)
        rich_table = RichTable(title=title, title_justify="left", show_lines=False)
        for col in table.columns:
            rich_table.add_column(col.title_in(report.language), justify=col.justify)
        for values in cells:
            rich_table.add_row(*values)
        console.print(rich_table)
    for line in report.notes:
        console.print(line, markup=False, highlight=False)
    if report.explain:
        console.print()
        for line in report.explain:
            console.print(line, markup=False, highlight=False)
