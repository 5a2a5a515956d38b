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
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from palmares.cli.progress import progress_bar, surely_not_terminal
from palmares.core.message import Message
from palmares.explain.language import Language, language_from_env
from palmares.explain.messages import tell
from palmares.explain.messages_columns import NO, YES
from palmares.explain.numbers import figure
from palmares.explain.voice import voice
from palmares.io.csv_writer import machine_value, write_csv

if TYPE_CHECKING:
    from rich.console import JustifyMethod

__all__ = [
    "Col",
    "Format",
    "Report",
    "Table",
    "column_word",
    "emit",
    "fixed",
    "machine_value",
    "progress_bar",
    "reader_language",
    "shown",
    "speaking",
    "table_language",
    "word",
]


class Format(enum.StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


T = TypeVar("T")

#: The language the table format is drawing in (set by :func:`emit`): its figures are written
#: as that language writes them (``70,13`` in French); CSV and JSON keep the machine's.
_TABLE_LANGUAGE: ContextVar[Language] = ContextVar("table_language", default=Language.EN)


#: The ``--language`` of the running command (set by ``cli.main``): a report that names none
#: is drawn in it, else in the locale environment's.
_ASKED: ContextVar[Language | None] = ContextVar("asked_language", default=None)


@contextmanager
def _set(var: ContextVar[T], value: T) -> Iterator[None]:
    """``var`` holds ``value`` inside the ``with`` block."""
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def speaking(language: Language | None) -> AbstractContextManager[None]:
    """Draw every report of the running command in ``language`` (``None``: the locale's)."""
    return _set(_ASKED, language)


def reader_language() -> Language:
    """The language the running command speaks: its ``--language``, else the locale's."""
    return _ASKED.get() or language_from_env()


def table_language() -> Language:
    """The language of the table being drawn (English outside :func:`emit`)."""
    return _TABLE_LANGUAGE.get()


def shown(value: Any, places: int = 3, *, exact: bool = True, fixed: bool = False) -> str:
    """:func:`palmares.explain.numbers.figure` in the language of the table being drawn."""
    return figure(value, places, exact=exact, fixed=fixed, language=table_language())


def fixed(places: int) -> Callable[[Any], str]:
    """Display a number to ``places`` decimals, half up (``None`` shows empty)."""

    def show(value: Any) -> str:
        if value is None or value == "":
            return ""
        return shown(value, places, fixed=True)

    return show


def _per_round(key: str) -> tuple[str, str] | None:
    """``r3_ante`` → (``3``, ``ante``): a per-round column of the standings."""
    found = re.fullmatch(r"r(\d+)_(\w+)", key)
    return None if found is None else (found.group(1), found.group(2))


def column_word(text: str, language: Language | None) -> str:
    """A header told in ``language``: the column words' catalogue (``messages_columns``)."""
    per_round = _per_round(text)
    if per_round is not None:
        return f"r{per_round[0]}_{column_word(per_round[1], language)}"
    return voice(language).say(text) if "{" not in text else text


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
        if isinstance(self.header, Message):
            return tell(self.header, language)
        return column_word(self.key if self.header is None else self.header, language)


@dataclass(slots=True)
class Table:
    name: str
    columns: Sequence[Col]
    rows: list[dict[str, Any]]
    title: str | Message | None = None
    #: Values of some columns as columns, in the rows' order (the machine formats read them
    #: there instead of in each row: issue 33's hundred rounds of ten thousand players).
    column_values: dict[str, Sequence[Any]] = field(default_factory=dict)


@dataclass(slots=True)
class Report:
    tables: list[Table] = field(default_factory=list)
    explain: list[str] = field(default_factory=list)
    #: Lines under the tables: a text, or a message told in the report's language.
    notes: list[str | Message] = field(default_factory=list)
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
        return voice(table_language()).say(YES if value else NO)
    if isinstance(value, Message):
        return tell(value, table_language())
    if isinstance(value, enum.Enum):  # a named thing of a rule (a power, a season): a word
        return word(value.value)
    if isinstance(value, float | Fraction | Decimal):
        return shown(value, 2, fixed=True)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return str(value)


def word(value: Any) -> str:
    """A cell naming a thing of a rule (a Great Power, a season), in the table's language: the
    catalogue's word where it has one, else the name as written."""
    return "" if value is None else voice(table_language()).say(str(value))


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


def _plain_report(report: Report, notes: list[str], width: int) -> str | None:
    """The table format of ``report`` on a file that is no terminal, as rich would print it,
    when every table is drawn by :func:`_plain_table` and every line is plain; else ``None``."""
    parts: list[str] = []
    for table in report.tables:
        cells = [[_display(c, row.get(c.key)) for c in table.columns] for row in table.rows]
        plain = _plain_table(table, cells, width, table_language())
        if plain is None:
            return None
        parts.append(plain)
    lines = [*notes, *(["", *report.explain] if report.explain else [])]
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
    language = report.language or reader_language()
    notes = [_words(note, language) for note in report.notes]
    if fmt is Format.json:
        payload: dict[str, Any] = {
            t.name: [
                {
                    c.key: machine_value(
                        t.column_values[c.key][n] if c.key in t.column_values else r.get(c.key)
                    )
                    for c in t.columns
                }
                for n, r in enumerate(t.rows)
            ]
            for t in report.tables
        }
        if report.explain:
            payload["explain"] = report.explain
        if notes:
            payload["notes"] = notes
        json.dump(payload, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return
    if fmt is Format.csv:
        if report.tables:
            table = report.tables[0]
            write_csv(out, [c.key for c in table.columns], table.rows, table.column_values)
        for line in notes + report.explain:
            err.write(line + "\n")
        return
    with _set(_TABLE_LANGUAGE, language):
        _draw(report, notes, out)


def _draw(report: Report, notes: list[str], out: TextIO) -> None:
    """The table format of ``report``: plain text where it can, else rich."""
    width = plain_width(out)
    if width is not None:
        text = _plain_report(report, notes, max(100, width))
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
            plain = _plain_table(table, cells, console.width, table_language())
        if plain is not None:
            console.file.write(plain)
            continue
        title = None if table.title is None else _words(table.title, table_language())
        rich_table = RichTable(title=title, title_justify="left", show_lines=False)
        for col in table.columns:
            rich_table.add_column(col.title_in(table_language()), justify=col.justify)
        for values in cells:
            rich_table.add_row(*values)
        console.print(rich_table)
    for line in notes:
        console.print(line, markup=False, highlight=False)
    if report.explain:
        console.print()
        for line in report.explain:
            console.print(line, markup=False, highlight=False)
