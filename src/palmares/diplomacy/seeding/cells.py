"""The search's arrays as typed memoryviews over :mod:`array` (issue 20): what the compiled
kernel (:mod:`.anneal`) reads and writes in place, made without importing numpy, so that the
command line's board call loads neither numpy nor numba. ``Cells`` is a C-contiguous
memoryview of 64-bit integers (format ``q``), of one or two dimensions; flags are bytes."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import cast

__all__ = ["Cells", "assign", "copy", "flags", "ints", "matrix", "rows", "words"]

Cells = memoryview


def _shaped(values: array[int], shape: tuple[int, ...]) -> Cells:
    view = memoryview(values)
    if len(shape) == 1 or 0 in shape:
        return view
    code: str = values.typecode
    return cast(Cells, view.cast("B").cast(code, shape))  # type: ignore[call-overload]


def ints(values: Iterable[int]) -> Cells:
    """A vector of 64-bit integers."""
    return memoryview(array("q", values))


def matrix(rows: Sequence[Sequence[int]], width: int) -> Cells:
    """A ``len(rows)`` × ``width`` matrix of 64-bit integers, row by row (flat when it has no
    row: a memoryview has no empty dimension)."""
    flat = array("q", (v for row in rows for v in row))
    if len(flat) != len(rows) * width:
        raise ValueError(f"rows of {width} expected")
    return _shaped(flat, (len(rows), width))


def flags(n: int) -> Cells:
    """``n`` flags (bytes, 0 or 1), all clear."""
    return memoryview(bytearray(n))


def words(values: Iterable[int]) -> Cells:
    """A vector of unsigned 64-bit integers (the generator's state)."""
    return memoryview(array("Q", values))


def copy(cells: Cells) -> Cells:
    """A new array with the same shape and values."""
    values = array(cells.format)
    values.frombytes(cells.tobytes())
    return _shaped(values, tuple(cells.shape or ()))


def assign(target: Cells, source: Cells) -> None:
    """Copy ``source``'s values into ``target`` (same shape), in place."""
    if target.shape != source.shape:
        raise ValueError("shapes differ")
    target.cast("B")[:] = source.cast("B")


def rows(cells: Cells) -> list[list[int]]:
    """A matrix's values, row by row."""
    return cast(list[list[int]], cells.tolist())
