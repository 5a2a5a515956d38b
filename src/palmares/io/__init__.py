"""Readers and writers for the interchange formats of DESIGN.md; every bad row is a clear error.

The names below are loaded on first use (PEP 562): importing one reader or
``palmares.io.formulas`` does not import the table reader (issue 15: the command line's
start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from palmares.io.tables import Column, Row, RowProblems, read_rows, read_table

__all__ = ["Column", "Row", "RowProblems", "read_rows", "read_table"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from palmares.io import tables

    return getattr(tables, name)
