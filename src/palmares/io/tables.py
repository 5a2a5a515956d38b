"""Strict reading of tabular input (CSV, or the first sheet of an .xlsx workbook).

The rules of DESIGN.md: a header row; column names case-insensitive and in any order; an unknown
column is an error (so a typo is caught, not ignored); a missing required column is an error;
every cell is parsed by its column's parser. Every problem is collected with its line and column,
and the file is rejected whole by one :class:`~palmares.core.errors.InputError`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.core.message import Message
from palmares.core.names import name_key
from palmares.core.progress import report
from palmares.io.fields import check, text

__all__ = [
    "SMALL_FILE",
    "Column",
    "Row",
    "RowProblems",
    "check_spellings",
    "read_rows",
    "read_table",
    "small",
    "typed_rows",
]

MAX_PROBLEMS = 50
#: The longest cell a file may hold: the csv module's field limit, for workbooks too.
MAX_CELL = csv.field_size_limit()
#: Rows between two progress reports (see :mod:`palmares.core.progress`).
PROGRESS_EVERY = 10_000
#: Files up to this size (about 800 rows) are read by the row-wise reader alone: it takes a
#: few milliseconds on them, less than loading the columnar fast path (numpy, pyarrow, the
#: compiled checks: a quarter of a second in a fresh process; issue 15, re-importing one
#: event). Larger files try the fast path first (``io/columnar.py``; issue 33: every format).
SMALL_FILE = 64 * 1024


def small(path: Path | str) -> bool:
    """A file of at most :data:`SMALL_FILE` bytes (a missing file is not small: the readers
    report it as before)."""
    try:
        return Path(path).stat().st_size <= SMALL_FILE
    except OSError:
        return False


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a format: its name, how a cell is parsed, and whether it must be present.

    An optional column that is absent, or a cell left empty, takes ``default``.
    """

    name: str
    parse: Callable[[str], Any] = text
    required: bool = False
    default: Any = None


@dataclass(frozen=True, slots=True)
class Row:
    """A parsed row: its 1-based line in the file and its values by column name."""

    line: int
    values: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str, default: Any = None) -> Any:
        value = self.values.get(name)
        return default if value is None else value


@dataclass(slots=True)
class RowProblems:
    """Collects problems while a reader checks rows against each other (a power twice …)."""

    file: str
    problems: list[Problem] = field(default_factory=list)

    def add(
        self, line: int | None, column: str | None, message: str | Message | PalmaresError
    ) -> None:
        """A problem; a :class:`Message` (or an error made from one) is kept typed, for the
        site to tell in the page's language."""
        if isinstance(message, PalmaresError) and message.said is not None:
            message = message.said
        if isinstance(message, Message):
            self.problems.append(Problem.of(self.file, line, column, message))
        else:
            self.problems.append(Problem(self.file, line, column, str(message)))

    def raise_if_any(self) -> None:
        if self.problems:
            raise InputError(self.problems[:MAX_PROBLEMS])


#: The characters ``str.splitlines`` ends a line at besides ``\n`` and ``\r``.
_OTHER_BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def _lines(decoded: str) -> Iterable[str]:
    """The lines the csv module reads from a file opened with ``newline=""``: each ends at
    ``\n``, ``\r`` or ``\r\n`` and keeps it. ``str.splitlines`` cuts them at once, where a
    ``StringIO`` first copies the text at four bytes a character (half the time a file with a
    cell of ten million characters took to be refused); a text holding another character that
    ``splitlines`` cuts at (a form feed, U+2028 …) still goes through the ``StringIO``."""
    if any(c in decoded for c in _OTHER_BREAKS):
        return io.StringIO(decoded, newline="")
    return decoded.splitlines(keepends=True)


def _raw_rows(path: Path) -> list[list[str]]:
    if path.suffix.lower() in {".xlsx", ".xlsm"}:
        return _xlsx_rows(path)
    data = path.read_bytes()
    try:
        decoded = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        said = Message.of("io.not_utf8", why=exc.reason)
        raise InputError.at(str(path), None, None, said) from None
    reader = csv.reader(_lines(decoded))
    rows: list[list[str]] = []
    try:
        for r in reader:
            rows.append(r)
    except csv.Error as exc:
        message: str | Message = str(exc)  # the csv module's own words, else ours
        if "field limit" in str(exc):
            message = Message.of("io.csv_cell_too_long", most=MAX_CELL)
        raise InputError.at(str(path), reader.line_num or None, None, message) from None
    return rows


def _xlsx_rows(path: Path) -> list[list[str]]:
    import openpyxl  # imported here: only workbook input needs it

    rows: list[list[str]] = []
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        try:
            if not book.worksheets:
                raise InputError.at(str(path), None, None, Message.of("io.no_sheet"))
            for cells in book.worksheets[0].iter_rows(values_only=True):
                rows.append(["" if c is None else _cell_text(c) for c in cells])
        finally:
            book.close()
    except InputError:
        raise
    except Exception as exc:  # openpyxl (and zipfile, lxml) raise many kinds for a bad workbook
        reason = str(exc)[:200] or type(exc).__name__
        said = Message.of("io.bad_workbook", why=reason)
        raise InputError.at(str(path), None, None, said) from None
    return rows


def _cell_text(cell: object) -> str:
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    if isinstance(cell, float):
        # repr keeps every digit; an exponent (1e+20) or nan/inf is then refused by the parsers.
        return repr(cell)
    if hasattr(cell, "isoformat"):
        return str(cell.isoformat())
    return str(cell)


def read_rows(path: Path | str, columns: Sequence[Column]) -> list[Row]:
    """Read and parse every row of ``path`` against ``columns``; raise on any problem."""
    path = Path(path)
    name = str(path)
    if not path.is_file():
        raise InputError.at(name, None, None, Message.of("io.no_file"))
    raw = _raw_rows(path)
    return read_table(raw, columns, name)


def read_table(raw: Sequence[Sequence[str]], columns: Sequence[Column], name: str) -> list[Row]:
    """Parse already-split rows (header first) against ``columns``, as :func:`read_rows`."""
    problems = RowProblems(name)
    # Blank lines (all cells empty) are skipped but still count for line numbers.
    if not raw or all(not any(c.strip() for c in r) for r in raw):
        raise InputError.at(name, None, None, Message.of("io.empty"))
    header_index = next(i for i, r in enumerate(raw) if any(c.strip() for c in r))
    header = [h.strip().lower() for h in raw[header_index]]
    known = {c.name.lower(): c for c in columns}
    positions: dict[str, int] = {}
    for i, h in enumerate(header):
        if not h:
            if any(i < len(r) and r[i].strip() for r in raw[header_index + 1 :]):
                problems.add(header_index + 1, None, Message.of("io.unnamed", column=i + 1))
            continue
        if h not in known:
            expected = tuple(c.name for c in columns)
            # One line per problem: a header cell with a line break inside is shown on one line.
            flat = repr(h)[1:-1] if not h.isprintable() else h
            shown = flat if len(flat) <= 40 else flat[:40] + "…"
            problems.add(header_index + 1, shown, Message.of("io.unknown", expected=expected))
        elif h in positions:
            problems.add(header_index + 1, h, Message.of("io.twice"))
        else:
            positions[h] = i
    for c in columns:
        if c.required and c.name.lower() not in positions:
            problems.add(header_index + 1, c.name, Message.of("io.missing"))
    problems.raise_if_any()

    rows: list[Row] = []
    label = f"reading {Path(name).name}"
    total = len(raw) - header_index - 1
    report(label, 0, total)
    for index in range(header_index + 1, len(raw)):
        if index % PROGRESS_EVERY == 0:
            report(label, index - header_index - 1, total)
        cells = raw[index]
        line = index + 1
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header) :]):
            problems.add(line, None, Message.of("io.cells", cells=len(cells), header=len(header)))
            continue
        values: dict[str, Any] = {}
        for c in columns:
            pos = positions.get(c.name.lower())
            cell = cells[pos].strip() if pos is not None and pos < len(cells) else ""
            if len(cell) > MAX_CELL:
                problems.add(line, c.name, Message.of("io.cell_too_long", most=MAX_CELL))
                continue
            if "\x00" in cell:
                problems.add(line, c.name, Message.of("io.nul"))
                continue
            if cell == "":
                if c.required:
                    problems.add(line, c.name, Message.of("io.required"))
                values[c.name] = c.default
                continue
            try:
                values[c.name] = c.parse(cell)
            except ValueError as exc:
                problems.add(line, c.name, exc if isinstance(exc, PalmaresError) else str(exc))
        rows.append(Row(line, values))
        if len(problems.problems) >= MAX_PROBLEMS:
            break
    problems.raise_if_any()
    report(label, total, total)
    return rows


def typed_rows(
    rows: Sequence[Mapping[str, object]], columns: Sequence[Column], name: str, first_line: int
) -> list[Row]:
    """Check rows whose values are already typed (an API's rows, by column name) against
    ``columns`` as :func:`read_table` checks a file's cells, with the same problems and messages
    (file ``name``, the line, the column), without writing them out as text: a text is stripped
    and bounded as a cell is; a number, a date or a boolean goes through its parser's typed
    check (``fields.check``); ``None``, or a blank text, is an empty cell (``io.required`` in a
    required column, else the column's default). Row ``i`` is line ``first_line + i``. A key
    that names no column is a programming error (``KeyError``), not a problem of the input."""
    problems = RowProblems(name)
    known = {c.name for c in columns}
    out: list[Row] = []
    for index, given in enumerate(rows):
        line = first_line + index
        stray = set(given) - known
        if stray:
            raise KeyError(f"not columns of {name}: {sorted(stray)}")
        values: dict[str, Any] = {}
        for c in columns:
            value = given.get(c.name)
            if isinstance(value, str):
                value = value.strip()
                if len(value) > MAX_CELL:
                    problems.add(line, c.name, Message.of("io.cell_too_long", most=MAX_CELL))
                    continue
                if "\x00" in value:
                    problems.add(line, c.name, Message.of("io.nul"))
                    continue
            if value is None or value == "":
                if c.required:
                    problems.add(line, c.name, Message.of("io.required"))
                values[c.name] = c.default
                continue
            try:
                values[c.name] = check(c.parse, value)
            except ValueError as exc:
                problems.add(line, c.name, exc if isinstance(exc, PalmaresError) else str(exc))
        out.append(Row(line, values))
        if len(problems.problems) >= MAX_PROBLEMS:
            break
    problems.raise_if_any()
    return out


def check_spellings(rows: Sequence[Row], columns: Sequence[str], problems: RowProblems) -> None:
    """One spelling per player in a file: names with the same key (``core.names.name_key``:
    case, accents and spaces aside) are one person in the database, so a second spelling would
    make one person two players in the analysis and one player with two seats on import. Adds a
    problem at each row that spells a name otherwise than its first row."""
    first: dict[str, tuple[str, int]] = {}
    for row in rows:
        for column in columns:
            value = row.values.get(column)
            if not isinstance(value, str) or not value:
                continue
            spelled, line = first.setdefault(name_key(value), (value, row.line))
            if spelled != value:
                problems.add(
                    row.line,
                    column,
                    Message.of("io.spelled", value=repr(value), spelled=repr(spelled), line=line),
                )
