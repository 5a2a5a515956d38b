"""The readers' checks across rows as array operations (issue 33), on the columns of
:mod:`palmares.io.columnar`.

Each format's reader states its rules row by row and names every problem; its fast path
(``io/*_columnar.py``) asks the same questions of whole columns with these functions — rows
grouped by a key (a game, a board, a match), a group whose rows disagree, a key twice in a
group, two spellings of one name — and, at the first sign of a problem, leaves the file to the
row-wise reader, which names it. Every answer here is a yes or no about the whole file, never a
message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.core.names import name_keys
from palmares.io.columnar import Coded

__all__ = [
    "Groups",
    "all_distinct",
    "distinct",
    "effective",
    "groups",
    "mixed",
    "named",
    "repeated",
    "spelled_once",
    "values_of",
]

I64 = npt.NDArray[np.int64]
Ints = npt.NDArray[np.int32] | npt.NDArray[np.int64]
_BIG = np.iinfo(np.int64).max


@dataclass(frozen=True, slots=True)
class Groups:
    """Rows grouped by a key: ``of_row[r]`` is row r's group, groups numbered in the order of
    their first row (``first[g]``), as a reader that fills a dictionary row by row numbers
    them."""

    of_row: I64
    count: int
    first: I64

    def sizes(self) -> I64:
        return np.bincount(self.of_row, minlength=self.count).astype(np.int64)

    def order(self) -> I64:
        """The rows grouped: by group, in file order within each (no sort when they are)."""
        g = self.of_row
        if g.shape[0] < 2 or bool(np.all(g[1:] >= g[:-1])):
            return np.arange(g.shape[0], dtype=np.int64)
        return np.argsort(g, kind="stable").astype(np.int64, copy=False)

    def offsets(self) -> I64:
        """Where each group starts among the grouped rows (and where the last ends)."""
        out = np.zeros(self.count + 1, dtype=np.int64)
        np.cumsum(self.sizes(), out=out[1:])
        return out


def _first_seen(key: I64) -> Groups:
    n = key.shape[0]
    if n == 0:
        return Groups(np.zeros(0, np.int64), 0, np.zeros(0, np.int64))
    high = np.maximum.accumulate(key)
    if key[0] == 0 and bool(np.all(key[1:] <= high[:-1] + 1)):
        # Numbered as they come already (a column's classes are): each new key is one above
        # the highest so far.
        new = np.empty(n, dtype=np.bool_)
        new[0] = True
        np.greater(key[1:], high[:-1], out=new[1:])
        return Groups(key.astype(np.int64, copy=False), int(high[-1]) + 1, np.flatnonzero(new))
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty(order.shape[0], dtype=np.int64)
    rank[order] = np.arange(order.shape[0], dtype=np.int64)
    return Groups(rank[inverse.reshape(-1)], int(order.shape[0]), first[order].astype(np.int64))


def groups(*keys: Ints) -> Groups:
    """The rows grouped by the tuple of ``keys`` (class arrays: −1, an empty cell, is a value
    of its own)."""
    out = _first_seen(np.asarray(keys[0], dtype=np.int64) + 1 - int(np.min(keys[0], initial=0)))
    for key in keys[1:]:
        k = np.asarray(key, dtype=np.int64)
        span = int(k.max(initial=0)) + 2
        out = _first_seen(out.of_row * span + (k + 1))
    return out if len(keys) > 1 else _first_seen(out.of_row)


def mixed(g: Groups, classes: Ints) -> bool:
    """Whether some group holds two different classes (empty cells, −1, set aside)."""
    given = classes >= 0
    if not given.any():
        return False
    rows, cls = g.of_row[given], np.asarray(classes, dtype=np.int64)[given]
    high = np.full(g.count, -1, dtype=np.int64)
    low = np.full(g.count, _BIG, dtype=np.int64)
    np.maximum.at(high, rows, cls)
    np.minimum.at(low, rows, cls)
    return bool(np.any((high >= 0) & (low != high)))


def repeated(g: Groups, key: Ints) -> bool:
    """Whether some group holds one key twice (−1 set aside). Small groups whose rows come
    together (a game's, a board's) compare each member with the others; else the rows are
    sorted by group and key."""
    given = key >= 0
    k = np.asarray(key, dtype=np.int64)
    n = k.shape[0]
    sizes = g.sizes()
    widest = int(sizes.max(initial=0))
    if n and widest <= _TABLE_WIDTH and bool(np.all(g.of_row[1:] >= g.of_row[:-1])):
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        table = np.full((g.count, widest), -1, dtype=np.int64)
        table[g.of_row, np.arange(n) - starts[g.of_row]] = np.where(given, k, -1)
        for i in range(widest):
            for j in range(i + 1, widest):
                if bool(np.any((table[:, i] == table[:, j]) & (table[:, i] >= 0))):
                    return True
        return False
    k = k[given]
    if k.shape[0] < 2:
        return False
    both = g.of_row[given] * (int(k.max()) + 1) + k
    both.sort()
    return bool(np.any(both[1:] == both[:-1]))


#: Groups up to this size are checked member against member (:func:`repeated`).
_TABLE_WIDTH = 8


def distinct(values: Ints) -> I64:
    """``np.unique(values)`` by a sort: numpy 2's ``unique`` of plain integers hashes them,
    twenty times slower on a million codes than sorting them (issue 33)."""
    out = np.sort(np.asarray(values, dtype=np.int64))
    if out.shape[0] < 2:
        return out
    keep = np.empty(out.shape[0], dtype=np.bool_)
    keep[0] = True
    np.not_equal(out[1:], out[:-1], out=keep[1:])
    return out[keep]


def all_distinct(values: Ints) -> bool:
    """Whether no value of ``values`` comes twice."""
    ordered = np.sort(np.asarray(values))
    return not bool(np.any(ordered[1:] == ordered[:-1]))


def spelled_once(*columns: Coded) -> bool:
    """One spelling per name key over ``columns`` (``io.tables.check_spellings``: names with
    the same ``core.names.name_key`` are one player, so a second spelling is refused)."""
    spelled: set[str] = set()
    for column in columns:
        values = column.values
        if set(map(type, values)) <= {str}:  # a column of names: the set made in C
            spelled.update(filter(None, values))
        else:
            spelled.update(v for v in values if isinstance(v, str) and v)
    return len(set(name_keys(list(spelled)))) == len(spelled)


def values_of(column: Coded, convert: Callable[[Any], int] = int, empty: int = 0) -> I64:
    """Each row's value as an int64 (``empty`` where the cell is empty)."""
    if not column.values:
        return np.full(column.codes.shape[0], empty, dtype=np.int64)
    table = np.array(
        [empty if v is None else convert(v) for v in column.values] + [empty], dtype=np.int64
    )
    return table[column.codes]  # a code of −1 takes the last entry, the empty one


def effective(column: Coded) -> I64:
    """Each row's class, an empty cell taking its column's default (so a row left empty and a
    row that writes the default compare equal, as the row-wise reader compares values)."""
    values = [*column.values, column.default]
    seen: dict[object, int] = {}
    table = np.array([seen.setdefault(v, len(seen)) for v in values], dtype=np.int64)
    return table[column.codes]


def named(column: Coded) -> tuple[I64, list[Any]]:
    """Each row's value as a code into the distinct values (texts that differ only in the
    spaces around them are one value; −1: an empty cell), and those values."""
    classes = column.classes
    rows = column.class_of().astype(np.int64)
    if classes.shape[0] == len(column.values) and bool(
        np.array_equal(classes, np.arange(classes.shape[0]))
    ):  # each text its own value (names, ids): the values as they are
        return rows, list(column.values)
    # Classes are numbered as they first come: each one's first text.
    given = np.flatnonzero(classes >= 0)
    _, first = np.unique(classes[given], return_index=True)
    values = column.values
    return rows, [values[i] for i in given[first].tolist()]
