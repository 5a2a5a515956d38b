"""Parsers for one cell: each returns a value or raises ``ValueError`` with a short message.

The table reader (``tables.py``) adds the file, line and column to the message. The formats are
those of DESIGN.md: ISO dates, booleans as yes/no/true/false/1/0, decimal numbers with a point.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import TypeVar

__all__ = [
    "Parser",
    "boolean",
    "decimal",
    "integer",
    "iso_date",
    "text",
]

T = TypeVar("T")
Parser = Callable[[str], T]

_TRUE = {"yes", "y", "true", "t", "1"}
_FALSE = {"no", "n", "false", "f", "0"}


def text(value: str) -> str:
    """Any non-empty text, with surrounding spaces removed."""
    return value.strip()


def boolean(value: str) -> bool:
    low = value.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise ValueError(f"expected yes/no/true/false/1/0, got {value!r}")


def integer(minimum: int | None = None, maximum: int | None = None) -> Parser[int]:
    """A whole number, optionally bounded (inclusive)."""

    def parse(value: str) -> int:
        raw = value.strip()
        try:
            number = int(raw)
        except ValueError:
            # Spreadsheets write whole numbers as 12.0.
            try:
                as_decimal = Decimal(raw)
            except InvalidOperation:
                raise ValueError(f"expected a whole number, got {value!r}") from None
            if not as_decimal.is_finite() or as_decimal != as_decimal.to_integral_value():
                raise ValueError(f"expected a whole number, got {value!r}") from None
            number = int(as_decimal)
        if minimum is not None and number < minimum:
            raise ValueError(f"must be at least {minimum}, got {number}")
        if maximum is not None and number > maximum:
            raise ValueError(f"must be at most {maximum}, got {number}")
        return number

    return parse


def decimal(minimum: Decimal | None = None, maximum: Decimal | None = None) -> Parser[Decimal]:
    """A finite decimal number (kept exact), optionally bounded (inclusive)."""

    def parse(value: str) -> Decimal:
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            raise ValueError(f"expected a number, got {value!r}") from None
        if not number.is_finite():
            raise ValueError(f"expected a finite number, got {value!r}")
        if minimum is not None and number < minimum:
            raise ValueError(f"must be at least {minimum}, got {number}")
        if maximum is not None and number > maximum:
            raise ValueError(f"must be at most {maximum}, got {number}")
        return number

    return parse


def iso_date(value: str) -> date:
    raw = value.strip()
    # Spreadsheets hand dates over with a time part.
    if len(raw) > 10 and raw[10] in " T" and raw[11:].strip("0: ") == "":
        raw = raw[:10]
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise ValueError(f"expected a date as YYYY-MM-DD, got {value!r}") from None
