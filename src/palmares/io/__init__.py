"""Readers and writers for the interchange formats of DESIGN.md; every bad row is a clear error."""

from palmares.io.tables import Column, Row, RowProblems, read_rows, read_table

__all__ = ["Column", "Row", "RowProblems", "read_rows", "read_table"]
