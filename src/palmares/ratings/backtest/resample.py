"""The bootstrap's resampled means, with less arithmetic than one product per resample of the
whole matrix of measures (issue 33: a million matches, five systems, 23 columns, 2,000
resamples: 46 billion products a view, most of the backtest's time).

The measures (a column per system and measure, a row per competition) are taken in one by
one and kept reduced, exactly (:class:`Reduced`):

- a column equal to an earlier one, value for value, is kept once (for two-player matches a
  system's τ-b and ρ are the same values);
- the columns that take few values (τ-b, ρ, top-1 of two-player matches: −1, 0, 1 …) are
  kept as the class of each row, its values of those columns together: a resample's sum of
  such a column is Σ over the classes of (the class's picks) × (its value);
- the rest (log-likelihoods) are kept as they are: a block of resamples' counts times them, one
  product, as the whole matrix was.

The few-valued columns' means are the same figures as the counts' product but for the order of
the additions (their last bits; the tests compare to 1e-12). The matrix is never held whole (a
million matches' 23 columns were 184 MB), unless a value is not finite: then the whole matrix
is rebuilt from what was kept and left to the plain product (where 0 × ∞ is NaN), as before.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["CLASSES", "FEW", "Reduced"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
#: A column with at most this many distinct values is counted by class.
FEW = 8
#: At most this many classes (the values of the few-valued columns together); a column that
#: would make more is kept as it is.
CLASSES = 4096
#: Rows looked at first to tell a few-valued column from the others (and equal columns).
SAMPLE = 4096


class Reduced:
    """The columns taken in (:meth:`add`), ``n`` rows each, as the module describes: column
    j is ``table[classes, few.index(j)]`` (few-valued), ``spread[many.index(j)]`` (the others)
    or, equal to an earlier one, column ``same[j]``."""

    def __init__(self, n: int, width: int) -> None:
        self.n = n
        self.classes = np.zeros(n, dtype=np.int64)
        self.table = np.zeros((1, 0))
        self.few: list[int] = []
        # (room for every column; the rows of those kept as they are only are ever written)
        self._spread = np.empty((width, n))
        self.many: list[int] = []
        self.same: list[int] = []
        self.finite = True
        self._heads: dict[bytes, list[int]] = {}
        self._rows: F64 | None = None  # (the spread columns row by row, for the product)
        self._counts: F64 | None = None

    @property
    def width(self) -> int:
        return len(self.same)

    @property
    def spread(self) -> F64:
        """The columns kept as they are, a row each."""
        if self._rows is not None:
            out: F64 = self._rows.T
            return out
        return self._spread[: len(self.many)]

    def rows(self) -> F64:
        """The columns kept as they are, a row per competition (made once, after the last
        column is taken in: the product's matrix, as the whole one was)."""
        if self._rows is None:
            self._rows = np.ascontiguousarray(self._spread[: len(self.many)].T)
            self._spread = self._rows.T
        return self._rows

    def column(self, j: int) -> F64:
        """Column ``j`` as it was taken in."""
        j = self.same[j]
        if j in self.few:
            few: F64 = self.table[self.classes, self.few.index(j)]
            return few
        kept: F64 = self.spread[self.many.index(j)]
        return kept

    def add(self, values: F64) -> None:
        """Take in the next column."""
        if self._rows is not None:
            raise ValueError("the columns were laid out for the resamples already")
        j = self.width
        head = np.ascontiguousarray(values[:SAMPLE]).tobytes()
        for k in self._heads.get(head, []):
            if np.array_equal(self.column(k), values):
                self.same.append(k)
                return
        self._heads.setdefault(head, []).append(j)
        self.same.append(j)
        self.finite = self.finite and bool(np.isfinite(values).all())
        found = _codes(values) if self.finite else None
        if found is not None:
            kinds, first, together = np.unique(
                self.classes * found[1] + found[0], return_index=True, return_inverse=True
            )
            if kinds.shape[0] <= CLASSES:
                self.table = np.column_stack(
                    [self.table[self.classes[first]], values[first]]
                ).reshape(kinds.shape[0], len(self.few) + 1)
                self.classes = together.reshape(-1).astype(np.int64)
                self.few.append(j)
                return
        self._spread[len(self.many)] = values
        self.many.append(j)

    def whole(self) -> F64:
        """Every column taken in, as one matrix (a row per competition)."""
        out = np.empty((self.n, self.width))
        for j in range(self.width):
            out[:, j] = self.column(j)
        return out

    def means(self, picks: npt.NDArray[np.integer[Any]]) -> F64:
        """Each resample's (a row of ``picks``) mean of every column (all finite): its counts
        per row (``bincount``), over n, times the columns kept as they are (one product for
        the block, as the whole matrix was), and its counts per class times the classes'
        values."""
        k, n = picks.shape[0], self.n
        if self._counts is None or self._counts.shape[0] < k:
            self._counts = np.empty((k, n))
        counts = self._counts[:k]
        for r in range(k):
            counts[r] = np.bincount(picks[r], minlength=n)
        out = np.empty((k, self.width))
        if self.few:
            kinds = self.table.shape[0]
            hist = np.stack(
                [np.bincount(self.classes, weights=counts[r], minlength=kinds) for r in range(k)]
            )
            out[:, self.few] = (hist @ self.table) / n
        np.divide(counts, n, out=counts)
        if self.many:
            out[:, self.many] = counts @ self.rows()
        for j, same in enumerate(self.same):
            if same != j:
                out[:, j] = out[:, same]
        return out

    @classmethod
    def of(cls, values: F64) -> Reduced:
        """The columns of ``values`` taken in."""
        out = cls(values.shape[0], values.shape[1])
        for j in range(values.shape[1]):
            out.add(np.ascontiguousarray(values[:, j]))
        return out


def _codes(column: F64) -> tuple[I64, int] | None:
    """Each value's number among the column's distinct values and how many they are, or
    ``None`` when they are more than :data:`FEW`."""
    head = np.unique(column[:SAMPLE])
    if head.shape[0] > FEW:
        return None
    at = np.minimum(np.searchsorted(head, column), head.shape[0] - 1)
    if not np.array_equal(head[at], column):
        kinds, code = np.unique(column, return_inverse=True)
        if kinds.shape[0] > FEW:
            return None
        return code.reshape(-1).astype(np.int64), int(kinds.shape[0])
    return at.astype(np.int64), int(head.shape[0])
