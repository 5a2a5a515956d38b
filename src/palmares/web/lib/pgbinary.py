"""Rows for PostgreSQL's binary ``COPY`` built from numpy columns, with no object per row.

A million-result import writes 3.4 million derived rows (rating moves and list lines, most of
their values decimals). Given as Python tuples of texts, each value is made into a string by
the client and parsed again by the server (``numeric_in``); in PostgreSQL's binary copy format
(`COPY … FROM STDIN (FORMAT BINARY)`, the server's manual, "COPY: Binary Format") each row is
fixed-width records of big-endian integers that numpy lays out whole.

Values are checked to fit before anything is sent: an integer past its column's type, or a
decimal not given as int64 units, makes :func:`encode` return ``None`` and the caller writes
the rows as text, where PostgreSQL refuses what does not fit as before. The server still
applies every constraint (checks, lengths of ``varchar``, keys).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date

import numpy as np
import numpy.typing as npt

__all__ = ["SIGNATURE", "TRAILER", "Column", "encode", "pg_days"]

#: The binary format's header (signature, flags, header extension length) and trailer.
SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + b"\x00\x00\x00\x00" + b"\x00\x00\x00\x00"
TRAILER = b"\xff\xff"
#: Decimals are given as int64 integers of 10⁻¹² (12 places): three base-10000 digits either
#: side of the point hold them.
PLACES = 12
NBASE = 10_000
#: Days from 0001-01-01 to PostgreSQL's date epoch, 2000-01-01.
EPOCH = date(2000, 1, 1).toordinal()
#: Rows per record array (a few tens of MB at most).
CHUNK = 200_000
INT_TYPES = {"int2": ">i2", "int4": ">i4", "int8": ">i8", "date": ">i4"}
I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Column:
    """One column's values, in rows' order. ``kind``: ``int2``, ``int4``, ``int8``, ``date``
    (days since 2000-01-01, :func:`pg_days`), ``numeric`` (int64 integers of 10⁻¹²) or
    ``text`` (``values`` are indexes into ``words``, the UTF-8 texts). ``null``: where the
    value is NULL (``None``: nowhere)."""

    kind: str
    values: npt.NDArray[np.generic]
    null: npt.NDArray[np.bool_] | None = None
    words: Sequence[bytes] = field(default_factory=tuple)


def pg_days(ordinals: npt.ArrayLike) -> I64:
    """Proleptic Gregorian ordinals (``date.toordinal``) as PostgreSQL's binary dates."""
    return np.asarray(ordinals, dtype=np.int64) - EPOCH


def _fits(column: Column) -> bool:
    values = column.values
    if column.kind == "text":  # (numpy's fixed bytes drop a text's trailing NULs)
        return not any(w.endswith(b"\x00") for w in column.words)
    if values.shape[0] == 0:
        return True
    if column.null is not None:
        values = values[~column.null]
        if values.shape[0] == 0:
            return True
    if column.kind == "numeric":  # int64 units: integer parts under 10⁷
        return bool(values.dtype == np.int64)
    info = np.iinfo(np.dtype(INT_TYPES[column.kind]).newbyteorder("="))
    return bool(values.min() >= info.min and values.max() <= info.max)


def encode(columns: Sequence[Column]) -> Iterator[bytes] | None:
    """The binary copy stream of the rows (signature, records, trailer), in pieces; ``None``
    when a value does not fit its column's binary form (the caller writes text instead).
    Rows are sent grouped by shape (the length of each text, which values are NULL), each
    group in the given order: the table's rows come in a different physical order, which no
    query relies on."""
    if not columns:
        raise ValueError("no columns")
    n = int(columns[0].values.shape[0])
    if any(int(c.values.shape[0]) != n for c in columns) or not all(map(_fits, columns)):
        return None
    return _stream(columns, n)


def _stream(columns: Sequence[Column], n: int) -> Iterator[bytes]:
    yield SIGNATURE
    shape = np.zeros(n, dtype=np.int64)
    for c in columns:  # the shape of a row: its texts' lengths and NULLs, as one integer
        if c.kind == "text":
            lengths = np.array([len(w) for w in c.words], dtype=np.int64)
            shape = shape * 4096 + lengths[c.values.astype(np.int64)]
        if c.null is not None:
            shape = shape * 2 + c.null
    order = np.argsort(shape, kind="stable")
    bounds = np.flatnonzero(np.diff(shape[order])) + 1
    for group in np.split(order, bounds) if n else []:
        for at in range(0, group.shape[0], CHUNK):
            yield _records(columns, group[at : at + CHUNK]).tobytes()
    yield TRAILER


def _records(columns: Sequence[Column], rows: I64) -> npt.NDArray[np.void]:
    """The records of ``rows``, all of one shape (the first row's)."""
    first = int(rows[0])
    layout: list[tuple[str, str] | tuple[str, str, tuple[int, ...]]] = [("count", ">i2")]
    for i, c in enumerate(columns):
        layout.append((f"l{i}", ">i4"))
        if c.null is not None and c.null[first]:
            continue
        if c.kind == "numeric":
            layout.append((f"v{i}", ">i2", (10,)))
        elif c.kind == "text":
            size = len(c.words[int(c.values[first])])
            if size:
                layout.append((f"v{i}", f"S{size}"))
        else:
            layout.append((f"v{i}", INT_TYPES[c.kind]))
    out = np.empty(rows.shape[0], dtype=np.dtype(layout))
    out["count"] = len(columns)
    names = set(out.dtype.names or ())
    for i, c in enumerate(columns):
        key = f"v{i}"
        if c.null is not None and c.null[first]:
            out[f"l{i}"] = -1
        elif c.kind == "numeric":
            out[f"l{i}"] = 20
            out[key] = _numeric(c.values[rows])
        elif c.kind == "text":  # every text of the group has the first one's length
            out[f"l{i}"] = len(c.words[int(c.values[first])])
            if key in names:
                out[key] = np.array(c.words, dtype=bytes)[c.values[rows]]
        else:
            out[f"l{i}"] = np.dtype(INT_TYPES[c.kind]).itemsize
            out[key] = c.values[rows]
    return out


def _numeric(units: npt.NDArray[np.generic]) -> npt.NDArray[np.int64]:
    """``numeric``'s binary form of each value (integers of 10⁻¹²): digit count 6, weight 2,
    sign, display scale 12, then three base-10000 digits of the integer part and three of the
    fraction. Leading and trailing zero digits are allowed: the server strips them
    (``numeric_recv`` → ``make_result``)."""
    values = units.astype(np.int64)
    negative = values < 0
    whole, fraction = np.divmod(np.abs(values), 10**PLACES)
    out = np.empty((units.shape[0], 10), dtype=np.int64)
    out[:, 0] = 6
    out[:, 1] = 2
    out[:, 2] = np.where(negative, 0x4000, 0)
    out[:, 3] = PLACES
    out[:, 4] = whole // NBASE**2
    out[:, 5] = (whole // NBASE) % NBASE
    out[:, 6] = whole % NBASE
    out[:, 7] = fraction // NBASE**2
    out[:, 8] = (fraction // NBASE) % NBASE
    out[:, 9] = fraction % NBASE
    return out
