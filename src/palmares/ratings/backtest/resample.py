"""The measures a bootstrap resamples, kept with less to add up than the whole matrix (issue
33: a million matches, five systems, 23 columns, 2,000 resamples: 46 billion additions a view).

The measures (a column per system and measure, a row per competition) are taken in one by
one and kept reduced, exactly (:class:`Reduced`):

- a column equal to an earlier one, value for value, is kept once (for two-player matches a
  system's τ-b and ρ are the same values);
- the finite columns that take few values (τ-b, ρ, top-1 of two-player matches: −1, 0, 1 …)
  are kept as the class of each row, its values of those columns together: a resample's sum
  of such a column is Σ over the classes of (the class's draws) × (its value);
- the rest (log-likelihoods) are kept as they are, laid out a row per competition for the
  draws (``bootstrap.py``), eight columns to a 64-byte line.

The few-valued columns' resampled means are the plain sums' but for the order of the
additions (their last bits). The matrix is never held whole (a million matches' 23 columns
were 184 MB).
"""

from __future__ import annotations

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

    def __init__(self, n: int) -> None:
        self.n = n
        self.classes = np.zeros(n, dtype=np.int64)
        self.table = np.zeros((1, 0))
        self.few: list[int] = []
        self.many: list[int] = []
        self.same: list[int] = []
        self._heads: dict[bytes, list[int]] = {}
        self._rows = np.zeros((n, 0))  # the spread columns, eight more at a time
        self._laid = False

    @property
    def width(self) -> int:
        return len(self.same)

    def rows(self) -> F64:
        """The columns kept as they are, a row per competition, padded with zeros to a
        multiple of eight columns (written there as they come: no copy is made at the end);
        no column is taken in after."""
        self._laid = True
        return self._rows

    def column(self, j: int) -> F64:
        """Column ``j`` as it was taken in."""
        j = self.same[j]
        if j in self.few:
            few: F64 = self.table[self.classes, self.few.index(j)]
            return few
        kept: F64 = self._rows[:, self.many.index(j)]
        return kept

    def add(self, values: F64) -> None:
        """Take in the next column."""
        if self._laid:
            raise ValueError("the columns were laid out for the resamples already")
        j = self.width
        head = np.ascontiguousarray(values[:SAMPLE]).tobytes()
        for k in self._heads.get(head, []):
            if np.array_equal(self.column(k), values):
                self.same.append(k)
                return
        self._heads.setdefault(head, []).append(j)
        self.same.append(j)
        found = _codes(values) if bool(np.isfinite(values).all()) else None
        if found is not None:
            codes, distinct = found
            # the classes of the columns so far and this one's values together, numbered by
            # a table of every pair (at most CLASSES × FEW: counted, not sorted)
            kinds = self.table.shape[0]
            pair = self.classes * distinct.shape[0] + codes
            present = np.bincount(pair, minlength=kinds * distinct.shape[0]) > 0
            if int(present.sum()) <= CLASSES:
                number = np.cumsum(present) - 1
                used = np.flatnonzero(present)
                self.table = np.column_stack(
                    [self.table[used // distinct.shape[0]], distinct[used % distinct.shape[0]]]
                ).reshape(used.shape[0], len(self.few) + 1)
                self.classes = number[pair]
                self.few.append(j)
                return
        k = len(self.many)
        if k == self._rows.shape[1]:
            wider = np.zeros((self.n, k + 8))
            wider[:, :k] = self._rows
            self._rows = wider
        self._rows[:, k] = values
        self.many.append(j)

    def whole(self) -> F64:
        """Every column taken in, as one matrix (a row per competition)."""
        out = np.empty((self.n, self.width))
        for j in range(self.width):
            out[:, j] = self.column(j)
        return out

    @classmethod
    def of(cls, values: F64) -> Reduced:
        """The columns of ``values`` taken in."""
        out = cls(values.shape[0])
        for j in range(values.shape[1]):
            out.add(np.ascontiguousarray(values[:, j]))
        return out


def _codes(column: F64) -> tuple[I64, F64] | None:
    """Each value's number among the column's distinct values (ascending) and those values,
    or ``None`` when they are more than :data:`FEW`."""
    head = np.unique(column[:SAMPLE])
    if head.shape[0] > FEW:
        return None
    at = np.minimum(np.searchsorted(head, column), head.shape[0] - 1)
    if not np.array_equal(head[at], column):
        kinds, code = np.unique(column, return_inverse=True)
        if kinds.shape[0] > FEW:
            return None
        return code.reshape(-1).astype(np.int64), kinds
    return at.astype(np.int64), head
