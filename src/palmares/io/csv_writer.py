"""The one CSV writer of palmares' exports: the command line's ``--format csv`` (``cli.output``)
and the files the site's jobs write (the WDD export, ``web.tournaments.wdd_export``) write their
tables through :func:`write_csv`, so a file downloaded from the site is byte for byte what
``palmares export`` prints for the same data.

A header row of the columns' keys, then one line a row: values at full precision
(:func:`machine_value`: exact decimals, dates as ISO, booleans ``yes``/``no``), text cells a
spreadsheet would run as a formula escaped (:mod:`palmares.io.formulas`, issue 13), lines ending
in ``\n``.
"""

from __future__ import annotations

import csv
import enum
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TextIO, overload

from palmares.io.formulas import FORMULA_STARTS, escape_formula

if TYPE_CHECKING:  # numpy is imported where a column is picked: a command's start loads none
    import numpy as np
    import numpy.typing as npt

    from palmares.diplomacy.aggregation.base import Nearest

__all__ = ["Cells", "csv_cell", "machine_cells", "machine_units", "machine_value", "write_csv"]


def machine_value(value: Any) -> Any:
    """A value for CSV/JSON at full precision (exact decimals where the value has them)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        return float(value)
    if isinstance(value, Decimal):
        return (
            int(value)
            if value == value.to_integral_value() and "." not in str(value)
            else float(value)
        )
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [machine_value(v) for v in value]
    return value


def machine_units(
    units: Sequence[int | None] | npt.NDArray[np.object_],
    places: int,
    order: Sequence[int] | None = None,
) -> list[int | float | None]:
    """:func:`machine_value` of each figure ``units[k]`` · 10^−``places`` (``None`` stays
    ``None``), taken in ``order``, without a Fraction per figure (issue 33): the whole number
    when the figure is one, else the float nearest to it (an integer's true division is
    correctly rounded, as the Fraction's ``float`` is: the same float)."""
    scale = 10**places
    out: list[int | float | None] = []
    append = out.append
    for unit in _picked(units, order):
        if unit is None:
            append(None)
            continue
        nearest = unit / scale
        if nearest.is_integer():
            whole, rest = divmod(unit, scale)
            if rest == 0:
                append(whole)
                continue
        append(nearest)
    return out


def _picked(
    units: Sequence[int | None] | npt.NDArray[np.object_], order: Sequence[int] | None
) -> list[int | None]:
    import numpy as np

    picked = np.asarray(units, dtype=np.object_)
    if order is not None:
        picked = picked[np.asarray(order, dtype=np.int64)]
    values: list[int | None] = picked.tolist()
    return values


class Cells(Sequence[str]):
    """The cells of a column of exact figures ``units[k]`` · 10^−``places`` as :func:`write_csv`
    writes them (:func:`csv_cell` of :func:`machine_units`: ``""`` for ``None``, the whole
    number's digits, the nearest float's repr), its figures picked and made into text a block
    of rows at a time when read (a hundred rounds of ten thousand players are never all held
    at once; issue 33). ``nearest``: the figures' floats where they were proven without a
    division (``state`` 1: the float's repr; 2: empty; 0: picked and divided as above). A
    number's cell never needs quoting."""

    __slots__ = ("_nearest", "_order", "_pick", "_places")

    def __init__(
        self,
        pick: Callable[[npt.NDArray[np.int64]], list[int | None]],
        places: int,
        order: npt.NDArray[np.int64],
        nearest: Nearest | None = None,
    ) -> None:
        self._pick = pick
        self._places = places
        self._order = order
        self._nearest = nearest

    def __len__(self) -> int:
        return len(self._order)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return self._made(self._order[index])
        return self._made(self._order[index : index + 1])[0]

    def _made(self, indices: npt.NDArray[np.int64]) -> list[str]:
        nearest = self._nearest
        if nearest is None:
            return _cells(self._pick(indices), self._places)
        import numpy as np

        state = nearest.state[indices]
        out = np.full(len(indices), "", dtype=np.object_)
        known = np.flatnonzero(state == 1)
        out[known] = list(map(repr, nearest.floats[indices[known]].tolist()))
        divide = np.flatnonzero(state == 0)
        if len(divide):
            out[divide] = _cells(self._pick(indices[divide]), self._places)
        cells: list[str] = out.tolist()
        return cells


def _cells(units: list[int | None], places: int) -> list[str]:
    scale = 10**places
    cells: list[str] = []
    append = cells.append
    for unit in units:
        if unit is None:
            append("")
            continue
        nearest = unit / scale
        if nearest.is_integer():
            whole, rest = divmod(unit, scale)
            if rest == 0:
                append(str(whole))
                continue
        append(repr(nearest))
    return cells


def machine_cells(
    pick: Callable[[npt.NDArray[np.int64]], list[int | None]],
    places: int,
    order: Sequence[int],
    nearest: Nearest | None = None,
) -> Cells:
    """The CSV cells of the figures ``pick(order)`` · 10^−``places``, as :func:`csv_cell` writes
    :func:`machine_units` of them, made a block at a time when written; ``nearest``: their
    floats where known without a division (:class:`Cells`)."""
    import numpy as np

    return Cells(pick, places, np.asarray(order, dtype=np.int64), nearest)


def csv_cell(value: Any) -> str:
    value = machine_value(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list):
        return escape_formula(";".join(str(v) for v in value))
    if isinstance(value, str):
        return escape_formula(value)
    return str(value)


#: The commonest types straight to their cell (what :func:`csv_cell` gives them, faster).
_CSV_FAST: dict[type, Callable[[Any], str]] = {
    str: escape_formula,
    int: str,
    float: repr,
    type(None): lambda _: "",
    bool: lambda v: "yes" if v else "no",
}


_NONE = type(None)
_TEXT = {str, _NONE}
_WHOLE = {int, _NONE}


def _escaped(cells: list[str]) -> list[str]:
    """:func:`~palmares.io.formulas.escape_formula` of each cell; at once when no cell starts
    as a formula would (the column joined, each line's first character checked)."""
    joined = "\n".join(cells)
    if not joined.startswith(FORMULA_STARTS) and not any(
        "\n" + start in joined for start in FORMULA_STARTS
    ):
        return list(cells)
    return list(map(escape_formula, cells))


def _csv_column(values: list[Any]) -> list[str]:
    """The cells of one column (as :func:`csv_cell` writes each), a column at a time."""
    kinds = set(map(type, values))
    if kinds <= _TEXT:  # text, some cells empty
        return _escaped(["" if v is None else v for v in values] if _NONE in kinds else values)
    if kinds <= _WHOLE:  # whole numbers, some cells empty
        return ["" if v is None else str(v) for v in values]
    if len(kinds) == 1:
        fast = _CSV_FAST.get(kinds.pop())
        if fast is not None:
            return list(map(fast, values))
    out = []
    for value in values:
        known = _CSV_FAST.get(type(value))
        out.append(known(value) if known is not None else csv_cell(value))
    return out


def _needs_quotes(cells: Sequence[str]) -> bool:
    """Whether the csv writer would quote any of ``cells`` (a comma, a quote, a line break)."""
    joined = "\t".join(cells)
    return any(ch in joined for ch in ',"\r\n')


#: Rows joined at once by :func:`write_csv`.
_BLOCK = 2048


def _given(values: Sequence[Any]) -> Sequence[str]:
    return values if isinstance(values, Cells) else _csv_column(list(values))


def write_csv(
    out: TextIO,
    keys: Sequence[str],
    rows: Sequence[Mapping[str, Any]],
    column_values: Mapping[str, Sequence[Any]] | None = None,
) -> None:
    """``rows`` as CSV to ``out``: the header ``keys``, then each row's values of ``keys``
    (a missing key is an empty cell), a column at a time (:func:`csv_cell` of each).
    ``column_values``: the values of some keys given as columns, in the rows' order."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(keys)
    given = column_values or {}
    columns = [
        _given(given[k]) if k in given else _csv_column([row.get(k) for row in rows]) for k in keys
    ]
    made = [c for c in columns if not isinstance(c, Cells)]
    if len(keys) > 1 and rows and not any(map(_needs_quotes, made)):
        # What the writer would write, joined a block of rows at a time (no cell it would
        # quote; a block, not the whole file, is held as text at once).
        for first in range(0, len(rows), _BLOCK):
            block = [column[first : first + _BLOCK] for column in columns]
            out.write("\n".join(map(",".join, zip(*block, strict=True))) + "\n")
    else:
        writer.writerows(zip(*columns, strict=True))
