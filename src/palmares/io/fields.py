"""Parsers for one cell: each returns a value or raises ``ValueError`` with a short message.

The table reader (``tables.py``) adds the file, line and column to the message. The formats are
those of DESIGN.md: ISO dates (``YYYY-MM-DD``), booleans as yes/no/true/false/1/0, whole numbers
and decimal numbers written with ASCII digits and a point. Parsing is strict (issue 13): Python's
own parsers would also take ``1_000``, Arabic-Indic digits, ``1e309``, ``20040227`` and
``2004-W35``, none of which is what the messages promise. A value that would not fit its
database column (``palmares.io.limits``) is refused here, so the analysis commands and the
imports accept the same files.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import TypeVar

from palmares.core.names import name_key
from palmares.io.limits import DecimalLimit, IntegerLimit, TextLimit

__all__ = [
    "Parser",
    "boolean",
    "bounded_text",
    "decimal",
    "integer",
    "iso_date",
    "proper_name",
    "text",
]

T = TypeVar("T")
Parser = Callable[[str], T]

_TRUE = {"yes", "y", "true", "t", "1"}
_FALSE = {"no", "n", "false", "f", "0"}
#: A whole number; spreadsheets write whole numbers as ``12.0``.
_WHOLE = re.compile(r"[+-]?([0-9]+)(\.0*)?")
_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: More digits than any column holds: refused before Python builds the number.
_MAX_DIGITS = 40


def text(value: str) -> str:
    """Any text, with surrounding spaces removed."""
    return value.strip()


def bounded_text(limit: TextLimit) -> Parser[str]:
    """Text of at most ``limit.length`` characters (the size of its column)."""

    def parse(value: str) -> str:
        out = value.strip()
        if len(out) > limit.length:
            raise ValueError(f"at most {limit.length} characters, got {len(out)}")
        return out

    return parse


def proper_name(limit: TextLimit) -> Parser[str]:
    """A player's or an event's name: at most ``limit.length`` characters, and so its key
    (``palmares.core.names.name_key``, which the database stores beside it); a name must keep a
    character once accents are removed."""

    def parse(value: str) -> str:
        out = value.strip()
        if len(out) > limit.length:
            raise ValueError(f"at most {limit.length} characters, got {len(out)}")
        if out and out.isascii():  # its key is itself, lower case, spaces collapsed: never empty
            return out
        key = name_key(out)
        if not key:
            raise ValueError(f"{out!r} has no letter or digit left once accents are removed")
        if len(key) > limit.length:
            raise ValueError(
                f"its form without accents has {len(key)} characters, at most {limit.length}"
            )
        return out

    return parse


def boolean(value: str) -> bool:
    low = value.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise ValueError(f"expected yes/no/true/false/1/0, got {_short(value)}")


def _short(value: str) -> str:
    return repr(value) if len(value) <= 40 else repr(value[:40]) + f"… ({len(value)} characters)"


def integer(
    minimum: int | None = None, maximum: int | None = None, *, limit: IntegerLimit | None = None
) -> Parser[int]:
    """A whole number written with ASCII digits (``12`` or ``12.0``), within ``minimum`` ..
    ``maximum`` (inclusive) and the range of its column ``limit``."""
    if limit is not None:
        minimum = limit.minimum if minimum is None else max(minimum, limit.minimum)
        maximum = limit.maximum if maximum is None else min(maximum, limit.maximum)

    def parse(value: str) -> int:
        raw = value.strip()
        match = _WHOLE.fullmatch(raw)
        if match is None:
            raise ValueError(f"expected a whole number, got {_short(value)}")
        if len(match.group(1)) > _MAX_DIGITS:
            raise ValueError(f"a number of {len(match.group(1))} digits is too large")
        number = int(raw.split(".")[0])
        if minimum is not None and number < minimum:
            raise ValueError(f"must be at least {minimum}, got {number}")
        if maximum is not None and number > maximum:
            raise ValueError(f"must be at most {maximum}, got {number}")
        return number

    return parse


def decimal(
    minimum: Decimal | None = None,
    maximum: Decimal | None = None,
    *,
    limit: DecimalLimit | None = None,
) -> Parser[Decimal]:
    """A decimal number (kept exact) written with ASCII digits and a point, within ``minimum``
    .. ``maximum`` (inclusive) and, given ``limit``, with no more digits than its column has."""

    def parse(value: str) -> Decimal:
        raw = value.strip()
        if _DECIMAL.fullmatch(raw) is None:
            raise ValueError(f"expected a number, got {_short(value)}")
        if len(raw) > 2 * _MAX_DIGITS:
            raise ValueError(f"a number of {len(raw)} characters is too long")
        number = Decimal(raw)
        if minimum is not None and number < minimum:
            raise ValueError(f"must be at least {minimum}, got {number}")
        if maximum is not None and number > maximum:
            raise ValueError(f"must be at most {maximum}, got {number}")
        if limit is not None:
            if abs(number) >= limit.bound:
                raise ValueError(f"must be below {limit.bound} in size, got {number}")
            exponent = number.as_tuple().exponent
            places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
            if places > limit.places and number != round(number, limit.places):
                raise ValueError(f"at most {limit.places} decimal places, got {number}")
        return number

    return parse


def iso_date(value: str) -> date:
    """A date as ``YYYY-MM-DD`` (a spreadsheet's midnight time part is allowed)."""
    raw = value.strip()
    # Spreadsheets hand dates over with a time part.
    if len(raw) > 10 and raw[10] in " T" and raw[11:].strip("0: ") == "":
        raw = raw[:10]
    if _DATE.fullmatch(raw) is None:
        raise ValueError(f"expected a date as YYYY-MM-DD, got {_short(value)}")
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise ValueError(f"expected a date as YYYY-MM-DD, got {_short(value)}") from None
