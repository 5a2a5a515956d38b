"""The columnar fast path for reading a CSV table (issue 15): pyarrow's reader, checks per value.

:func:`palmares.io.tables.read_rows` reads a file cell by cell in Python; a million-row file
takes half a minute. This reader gives the same answer for the files it takes, and declines
(returns ``None``) every file it is not sure of, so that the exact reader runs and reports every
problem as ``file:line: column: message``, all or nothing, exactly as before:

- the bytes must be UTF-8 (an optional BOM aside) without NUL, quoted as RFC 4180 says (a quote
  opens a cell and closes it; ``""`` inside), no line break inside a quoted cell and no bare
  carriage return: on such bytes pyarrow's parser and the ``csv`` module split cells alike;
- no line may be longer than ``MAX_CELL // 2`` bytes, the longest cell this reader takes (a
  file with a longer line is declined before pyarrow parses it);
- the header must be the first line, every name known, none twice, every required one present;
- every row must have the header's number of cells and at least one that is not blank;
- every cell must pass its column's parser. Parsers run once per distinct text of a column (a
  column of a million ranks holds a few hundred texts), with the very functions the exact reader
  calls (``palmares.io.fields``), on the cell stripped as it strips it.

The result is one :class:`Coded` per column: a code per row into the column's distinct values
(``-1``: empty, the column's default) and, beside it, a class per value (values that compare
equal share a class: ``3`` and ``3.0`` are one rank), so checks across rows are array
operations. Classes are numbered as the rows first show them, so a column's classes are its
rows' groups in file order (:meth:`Coded.class_of`).

A workbook (.xlsx) goes through the same checks (issue 33): its first sheet's rows, read as the
exact reader reads them (``tables._xlsx_rows``), are coded in Python (:func:`coded_rows`); blank
rows are skipped there as the exact reader skips them, and :class:`CodedTable` keeps each row's
line in the file.
"""

from __future__ import annotations

import codecs
import csv
import io
import itertools
import mmap
import operator
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.io.tables import MAX_CELL, Column
from palmares.ratings.compiled import kernels
from palmares.ratings.jit import njit

__all__ = ["Coded", "CodedTable", "coded_rows", "read_coded", "read_table"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
Bytes = bytes | mmap.mmap

_QUOTE, _COMMA, _LF, _CR = 34, 44, 10, 13
#: Bytes pyarrow parses at a time (fewer dictionaries to merge than 1 MiB). One thread parses
#: them: on a shared machine more threads cost more processor time than they save (issue 15).
BLOCK = 16 << 20


@dataclass(frozen=True, slots=True)
class Coded:
    """One column of a table: ``codes[row]`` indexes ``values`` (−1: empty, ``default``);
    ``classes[code]`` is the same for values that compare equal (−1 stays −1 through
    :meth:`class_of`)."""

    codes: I32
    values: list[Any]
    classes: I32
    default: Any = None

    def class_of(self) -> I32:
        """The class of each row's value (−1: empty)."""
        if not self.values:
            return np.full(self.codes.shape[0], -1, dtype=np.int32)
        return np.where(self.codes >= 0, self.classes[np.maximum(self.codes, 0)], -1).astype(
            np.int32
        )

    def value(self, row: int) -> Any:
        code = int(self.codes[row])
        return self.default if code < 0 else self.values[code]

    def at(self, rows: npt.NDArray[np.int64]) -> list[Any]:
        """The values of ``rows`` (−1: no row, the default)."""
        if not self.values:
            return [self.default] * rows.shape[0]
        codes = np.where(rows >= 0, self.codes[np.maximum(rows, 0)], -1)
        # The default last, where a −1 looks: one C loop over the list (issue 33).
        return list(map([*self.values, self.default].__getitem__, codes.tolist()))


@dataclass(frozen=True, slots=True)
class CodedTable:
    """A table's columns (every column of the format; an absent optional one all empty) and
    each row's 1-based line in its file."""

    columns: dict[str, Coded]
    lines: I64

    @property
    def rows(self) -> int:
        return int(self.lines.shape[0])

    def __getitem__(self, name: str) -> Coded:
        return self.columns[name]


@njit(cache=True)
def _regular(buf: U8, start: int) -> int:  # pragma: no cover - compiled
    """0 if ``buf[start:]`` is quoted as RFC 4180 says, with no line break inside quotes and no
    bare carriage return; else 1."""
    state = 0  # 0 field start, 1 unquoted, 2 quoted, 3 quote seen inside quoted
    n = buf.shape[0]
    for i in range(start, n):
        c = buf[i]
        if c == _CR and state != 2 and (i + 1 >= n or buf[i + 1] != _LF):
            return 1
        if state == 0:
            if c == _QUOTE:
                state = 2
            elif c != _COMMA and c != _LF and c != _CR:
                state = 1
        elif state == 1:
            if c == _QUOTE:
                return 1
            if c == _COMMA or c == _LF:  # noqa: SIM109 (numba)
                state = 0
        elif state == 2:
            if c == _QUOTE:
                state = 3
            elif c == _LF or c == _CR:  # noqa: SIM109 (numba)
                return 1
        else:
            if c == _QUOTE:
                state = 2
            elif c == _COMMA or c == _LF:  # noqa: SIM109 (numba)
                state = 0
            elif c != _CR:
                return 1
    return 1 if state == 2 else 0


def regular(buf: U8, start: int) -> int:
    """:func:`_regular` by the build that runs (``ratings.compiled``: C, else numba)."""
    if kernels is None:
        return int(_regular(buf, start))
    return int(kernels.regular(buf, start))


def _utf8(data: Bytes, start: int) -> bool:
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    step = 1 << 16  # small pieces: each decoded piece reuses the last one's memory
    try:
        for at in range(start, len(data), step):
            decoder.decode(view[at : at + step])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _header(data: Bytes, start: int) -> list[str] | None:
    end = data.find(b"\n", start)
    first = data[start : end if end >= 0 else len(data)].decode("utf-8").rstrip("\r")
    if not first.strip():
        return None
    return next(csv.reader(io.StringIO(first, newline="")))


def _classes(parsed: list[Any]) -> I32:
    """A class per distinct value (values equal share one), 0, 1, 2 … as they first come."""
    if len(set(parsed)) == len(parsed):  # names, ids, dates: each value its own class
        return np.arange(len(parsed), dtype=np.int32)
    seen: dict[Any, int] = {}
    found = list(map(seen.setdefault, parsed, itertools.count()))
    renumber: dict[int, int] = {}
    return np.array([renumber.setdefault(k, len(renumber)) for k in found], dtype=np.int32)


def _column(
    column: Column, raw: list[str], nul: bool = False
) -> tuple[list[Any], I32, npt.NDArray[np.bool_]] | None:
    """Parse each distinct text of a column as the exact reader does; ``None`` on any problem
    (``nul``: look for a NUL character too, which a CSV file was checked for whole).
    Returns the values, their classes and which texts are blank."""
    if raw and max(map(len, raw)) > MAX_CELL // 2:
        return None
    if nul and any("\x00" in cell for cell in raw):
        return None
    cells = list(map(str.strip, raw))
    blank = np.fromiter(map(operator.not_, cells), dtype=np.bool_, count=len(cells))
    if column.required and blank.any():
        return None
    filled = [cell for cell in cells if cell] if blank.any() else cells
    many = getattr(column.parse, "many", None)  # a parser that takes a list at once
    try:
        parsed = many(filled) if many is not None else list(map(column.parse, filled))
    except ValueError:
        return None
    # A class per distinct value, numbered 0, 1, 2 … in order of first appearance.
    dense = _classes(parsed)
    if not blank.any():
        return parsed, dense, blank
    values: list[Any] = [column.default] * len(cells)
    classes = np.full(len(cells), -1, dtype=np.int32)
    where = np.flatnonzero(~blank)
    for i, value in zip(where.tolist(), parsed, strict=True):
        values[i] = value
    classes[where] = dense
    return values, classes, blank


def _mapped(path: Path) -> Bytes:
    """The file's bytes, mapped rather than copied (no memory of our own for them)."""
    with path.open("rb") as f:
        if os.fstat(f.fileno()).st_size == 0:
            return b""
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


def _encode(array: Any) -> Any:
    """pyarrow's ``dictionary_encode`` of an array, called through its compute layer's own
    module (``pyarrow.compute``, which the method imports, builds a wrapper for every function
    it has: a tenth of a second of a command's start)."""
    try:
        from pyarrow._compute import call_function
    except ImportError:  # pragma: no cover - another pyarrow layout: its public module
        from pyarrow.compute import call_function
    return call_function("dictionary_encode", [array])


def _known(names: list[str], columns: Sequence[Column]) -> dict[str, Column] | None:
    """The column of each header name, or ``None`` when a name is unknown or twice or a
    required column is missing (the exact reader names each)."""
    known = {c.name.lower(): c for c in columns}
    if any(n not in known for n in names) or len(set(names)) != len(names):
        return None
    if any(c.required and c.name.lower() not in names for c in columns):
        return None
    return known


def _finish(out: dict[str, Coded], columns: Sequence[Column], lines: I64) -> CodedTable:
    """The table, the columns the header did not name added all empty."""
    rows = lines.shape[0]
    for column in columns:
        if column.name not in out:
            out[column.name] = Coded(
                np.full(rows, -1, dtype=np.int32), [], np.zeros(0, np.int32), column.default
            )
    return CodedTable(out, lines)


def _line_ends(data: Bytes, start: int) -> I64 | None:
    """The offset of every line feed after ``start`` (from ``start``), or ``None`` when a line
    is longer than a cell may be here (``MAX_CELL // 2`` bytes): a cell's characters are at most
    its line's bytes, so a file whose lines are all shorter holds no cell :func:`_column` would
    decline, and a file with a longer line is left to the exact reader at once, before pyarrow
    parses it (a cell of ten million characters: declined in an eighth of the time it took)."""
    whole = np.frombuffer(data, dtype=np.uint8)[start:]
    ends = np.flatnonzero(whole == _LF)
    if whole.shape[0] > MAX_CELL // 2:
        if ends.shape[0] == 0:
            return None
        first = int(ends[0])
        between = int(np.diff(ends).max()) - 1 if ends.shape[0] > 1 else 0
        last = whole.shape[0] - int(ends[-1]) - 1
        if max(first, between, last) > MAX_CELL // 2:
            return None
    return ends


def _lines(data: Bytes, start: int, rows: int, ends: I64) -> I64 | None:
    """Each row's line: the lines after the header, but for empty ones (pyarrow skips a line
    without a byte, as the exact reader skips it; no line break is inside a cell here).
    ``ends``: :func:`_line_ends`, whose gaps show an empty line (``\n\n``, ``\n\r\n``)."""
    whole = np.frombuffer(data, dtype=np.uint8)[start:]
    gaps = np.diff(ends)
    after = ends[:-1][gaps == 2] + 1
    if not (gaps == 1).any() and not (whole[after] == _CR).any():
        return np.arange(2, rows + 2, dtype=np.int64)  # no empty line: one row a line
    begins = np.concatenate([[0], ends + 1])
    finish = np.concatenate([ends, [whole.shape[0]]])
    length = finish - begins
    cr = length == 1
    cr[cr] = whole[begins[cr]] == _CR
    filled = np.flatnonzero((length > 0) & ~cr) + 1  # 1-based lines with a byte
    found = filled[filled > 1]
    return found.astype(np.int64) if found.shape[0] == rows else None


def read_coded(path: Path, columns: Sequence[Column]) -> dict[str, Coded] | None:
    """The columns of :func:`read_table`."""
    table = read_table(path, columns)
    return None if table is None else table.columns


def read_table(path: Path, columns: Sequence[Column]) -> CodedTable | None:
    """Every column of ``columns`` as :class:`Coded` (absent optional ones all empty) with each
    row's line, or ``None`` when the exact reader must decide (see the module docstring)."""
    if not path.is_file():
        return None
    if path.suffix.lower() in {".xlsx", ".xlsm"}:
        from palmares.core.errors import InputError
        from palmares.io.tables import _xlsx_rows

        try:
            sheet = _xlsx_rows(path)
        except InputError:
            return None
        return coded_rows(sheet, columns)
    try:
        import pyarrow as pa
        import pyarrow.csv as pacsv
    except ImportError:  # pragma: no cover - pyarrow is a dependency; the exact path still works
        return None
    data = _mapped(path)
    start = len(codecs.BOM_UTF8) if data[:3] == codecs.BOM_UTF8 else 0
    ends = _line_ends(data, start)
    if ends is None:
        return None
    if data.find(b"\x00") >= 0 or not _utf8(data, start):
        return None
    if data.find(b'"') >= 0:
        if regular(np.frombuffer(data, dtype=np.uint8), start) != 0:
            return None
    elif data.find(b"\r") >= 0:
        whole = data[:]
        if whole.count(b"\r") != whole.count(b"\r\n"):  # a bare carriage return
            return None
        del whole
    header = _header(data, start)
    if header is None:
        return None
    names = [h.strip().lower() for h in header]
    known = _known(names, columns)
    if known is None:
        return None
    labels = [f"c{i}" for i in range(len(names))]
    # Read as text, then each column dictionary-encoded: a third less processor time than
    # pyarrow's dictionary columns (issue 33).
    kind = pa.string()
    try:
        table = pacsv.read_csv(
            pa.py_buffer(memoryview(data)[start:]),
            read_options=pacsv.ReadOptions(
                column_names=labels, skip_rows=1, block_size=BLOCK, use_threads=False
            ),
            parse_options=pacsv.ParseOptions(newlines_in_values=False),
            convert_options=pacsv.ConvertOptions(
                column_types=dict.fromkeys(labels, kind), strings_can_be_null=False
            ),
        )
    except (pa.ArrowException, ValueError):
        return None
    rows = table.num_rows
    lines = _lines(data, start, rows, ends)
    del data
    if lines is None:
        return None
    out: dict[str, Coded] = {}
    all_blank = np.ones(rows, dtype=np.bool_)
    for label, name in zip(labels, names, strict=True):
        column = known[name]
        chunked = table.column(label)
        table = table.drop_columns([label])
        merged = _encode(chunked.combine_chunks()) if chunked.num_chunks else None
        del chunked
        raw: list[str] = [] if merged is None else merged.dictionary.to_pylist()
        parsed = _column(column, raw)
        if parsed is None:
            return None
        values, classes, blank = parsed
        codes = (
            np.zeros(0, dtype=np.int32)
            if merged is None
            else merged.indices.to_numpy(zero_copy_only=False).astype(np.int32, copy=False)
        )
        if blank.any():
            row_blank = blank[codes]
            codes = np.where(row_blank, -1, codes).astype(np.int32)
            all_blank &= row_blank
        else:
            all_blank[:] = False
        out[column.name] = Coded(codes, values, classes, column.default)
    del table
    pa.default_memory_pool().release_unused()  # the parsed text, back to the system at once
    if rows and all_blank.any():
        return None
    return _finish(out, columns, lines)


def coded_rows(raw: Sequence[Sequence[str]], columns: Sequence[Column]) -> CodedTable | None:
    """:func:`read_table` of rows already split, header first (a workbook's first sheet): the
    same header rules, blank rows skipped (their lines counted) as the exact reader skips them,
    each column coded in Python and its distinct texts parsed as in a CSV file."""
    filled = [i for i, r in enumerate(raw) if any(c.strip() for c in r)]
    if not filled:
        return None
    head = filled[0]
    header = [h.strip().lower() for h in raw[head]]
    body = [raw[i] for i in filled[1:]]
    width = len(header)
    if any(len(r) > width and any(c.strip() for c in r[width:]) for r in body):
        return None
    named = [i for i, h in enumerate(header) if h]
    if any(i < len(r) and r[i].strip() for r in body for i in range(width) if not header[i]):
        return None
    known = _known([header[i] for i in named], columns)
    if known is None:
        return None
    out: dict[str, Coded] = {}
    for i in named:
        column = known[header[i]]
        index: dict[str, int] = {}
        cells = [r[i] if i < len(r) else "" for r in body]
        codes = np.fromiter(
            (index.setdefault(c, len(index)) for c in cells), dtype=np.int32, count=len(cells)
        )
        parsed = _column(column, list(index), nul=True)
        if parsed is None:
            return None
        values, classes, blank = parsed
        if blank.any():
            codes = np.where(blank[codes], -1, codes).astype(np.int32)
        out[column.name] = Coded(codes, values, classes, column.default)
    return _finish(out, columns, np.array(filled[1:], dtype=np.int64) + 1)
