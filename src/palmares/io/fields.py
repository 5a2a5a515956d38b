"""Parsers for one cell: each returns a value or raises ``ValueError`` with a short message
(a :class:`~palmares.core.errors.PalmaresError` made from a typed
:class:`~palmares.core.message.Message`, which the site tells in the page's language).

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

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.names import name_key
from palmares.io.limits import DecimalLimit, IntegerLimit, TextLimit

__all__ = [
    "Parser",
    "boolean",
    "bounded_text",
    "check",
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


class _Text:
    """A text parser with :meth:`many`, which parses a whole list of distinct cells at once
    (the columnar readers', ``io/columnar.py``): the same values, or the same error, as the
    parser called on each, without a call per cell when every cell is plain."""

    def __call__(self, value: str) -> str:
        raise NotImplementedError

    def plain(self, cells: list[str]) -> bool:
        """Every cell (stripped) is one the parser returns as it is."""
        raise NotImplementedError

    def many(self, values: list[str]) -> list[str]:
        cells = list(map(str.strip, values))
        return cells if self.plain(cells) else list(map(self, values))


class _Bounded(_Text):
    def __init__(self, limit: TextLimit) -> None:
        self.limit = limit

    def __call__(self, value: str) -> str:
        out = value.strip()
        if len(out) > self.limit.length:
            raise PalmaresError.of(Message.of("io.too_long", most=self.limit.length, got=len(out)))
        return out

    def plain(self, cells: list[str]) -> bool:
        return max(map(len, cells), default=0) <= self.limit.length


class _ProperName(_Bounded):
    def __call__(self, value: str) -> str:
        out = super().__call__(value)
        if out and out.isascii():  # its key is itself, lower case, spaces collapsed: never empty
            return out
        key = name_key(out)
        if not key:
            raise PalmaresError.of(Message.of("io.no_letter", name=repr(out)))
        if len(key) > self.limit.length:
            raise PalmaresError.of(
                Message.of("io.key_too_long", got=len(key), most=self.limit.length)
            )
        return out

    def plain(self, cells: list[str]) -> bool:
        return super().plain(cells) and all(cells) and all(map(str.isascii, cells))


def bounded_text(limit: TextLimit) -> Parser[str]:
    """Text of at most ``limit.length`` characters (the size of its column)."""
    return _Bounded(limit)


def proper_name(limit: TextLimit) -> Parser[str]:
    """A player's or an event's name: at most ``limit.length`` characters, and so its key
    (``palmares.core.names.name_key``, which the database stores beside it); a name must keep a
    character once accents are removed."""
    return _ProperName(limit)


class _Boolean:
    """yes/no/true/false/1/0 (any case); :meth:`check` takes a ``bool`` as it is."""

    def __call__(self, value: str) -> bool:
        low = value.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise PalmaresError.of(Message.of("io.boolean", got=_short(value)))

    def check(self, value: bool) -> bool:
        if not isinstance(value, bool):
            raise TypeError(f"a bool, not {type(value).__name__}")
        return value


boolean: Parser[bool] = _Boolean()


def _short(value: str) -> str:
    return repr(value) if len(value) <= 40 else repr(value[:40]) + f"… ({len(value)} characters)"


class _Whole:
    """A whole number within ``minimum`` .. ``maximum``: a cell through ``__call__``, an ``int``
    through :meth:`check` (the same bounds, the same messages)."""

    def __init__(self, minimum: int | None, maximum: int | None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def __call__(self, value: str) -> int:
        raw = value.strip()
        match = _WHOLE.fullmatch(raw)
        if match is None:
            raise PalmaresError.of(Message.of("io.whole", got=_short(value)))
        if len(match.group(1)) > _MAX_DIGITS:
            raise PalmaresError.of(Message.of("io.too_many_digits", digits=len(match.group(1))))
        return self.check(int(raw.split(".")[0]))

    def check(self, number: int) -> int:
        if isinstance(number, bool):  # an int to Python, not a number here ("true" in a cell)
            raise PalmaresError.of(Message.of("io.whole", got=_short(str(number))))
        if not isinstance(number, int):
            raise TypeError(f"an int, not {type(number).__name__}")
        if self.minimum is not None and number < self.minimum:
            raise PalmaresError.of(Message.of("io.at_least", low=self.minimum, got=number))
        if self.maximum is not None and number > self.maximum:
            raise PalmaresError.of(Message.of("io.at_most", high=self.maximum, got=number))
        return number


def integer(
    minimum: int | None = None, maximum: int | None = None, *, limit: IntegerLimit | None = None
) -> Parser[int]:
    """A whole number written with ASCII digits (``12`` or ``12.0``), within ``minimum`` ..
    ``maximum`` (inclusive) and the range of its column ``limit``."""
    if limit is not None:
        minimum = limit.minimum if minimum is None else max(minimum, limit.minimum)
        maximum = limit.maximum if maximum is None else min(maximum, limit.maximum)
    return _Whole(minimum, maximum)


class _Number:
    """A decimal number: a cell through ``__call__``, a ``Decimal`` (or an ``int``) through
    :meth:`check` (the same bounds and places, the same messages)."""

    def __init__(
        self, minimum: Decimal | None, maximum: Decimal | None, limit: DecimalLimit | None
    ) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.limit = limit

    def __call__(self, value: str) -> Decimal:
        raw = value.strip()
        if _DECIMAL.fullmatch(raw) is None:
            raise PalmaresError.of(Message.of("io.number", got=_short(value)))
        if len(raw) > 2 * _MAX_DIGITS:
            raise PalmaresError.of(Message.of("io.number_too_long", got=len(raw)))
        return self.check(Decimal(raw))

    def check(self, number: Decimal) -> Decimal:
        if isinstance(number, int) and not isinstance(number, bool):
            number = Decimal(number)
        if not isinstance(number, Decimal):
            raise TypeError(f"a Decimal, not {type(number).__name__}")
        if not number.is_finite():  # no cell is read as one (the pattern above)
            raise PalmaresError.of(Message.of("io.number", got=_short(str(number))))
        if self.minimum is not None and number < self.minimum:
            raise PalmaresError.of(Message.of("io.at_least", low=self.minimum, got=number))
        if self.maximum is not None and number > self.maximum:
            raise PalmaresError.of(Message.of("io.at_most", high=self.maximum, got=number))
        limit = self.limit
        if limit is not None:
            if abs(number) >= limit.bound:
                raise PalmaresError.of(Message.of("io.below", bound=limit.bound, got=number))
            exponent = number.as_tuple().exponent
            places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
            if places > limit.places and number != round(number, limit.places):
                raise PalmaresError.of(Message.of("io.places", places=limit.places, got=number))
        return number


def decimal(
    minimum: Decimal | None = None,
    maximum: Decimal | None = None,
    *,
    limit: DecimalLimit | None = None,
) -> Parser[Decimal]:
    """A decimal number (kept exact) written with ASCII digits and a point, within ``minimum``
    .. ``maximum`` (inclusive) and, given ``limit``, with no more digits than its column has."""
    return _Number(minimum, maximum, limit)


class _IsoDate:
    """A date as ``YYYY-MM-DD`` (a spreadsheet's midnight time part is allowed); :meth:`check`
    takes a ``date`` as it is."""

    def __call__(self, value: str) -> date:
        raw = value.strip()
        # Spreadsheets hand dates over with a time part.
        if len(raw) > 10 and raw[10] in " T" and raw[11:].strip("0: ") == "":
            raw = raw[:10]
        if _DATE.fullmatch(raw) is None:
            raise PalmaresError.of(Message.of("io.date", got=_short(value)))
        try:
            return date.fromisoformat(raw)
        except ValueError:
            raise PalmaresError.of(Message.of("io.date", got=_short(value))) from None

    def check(self, value: date) -> date:
        if type(value) is not date:  # a datetime is a date to Python: its time would be lost
            raise TypeError(f"a date, not {type(value).__name__}")
        return value


iso_date: Parser[date] = _IsoDate()


def check(parse: Parser[T], value: object) -> T:
    """``value``, already typed (an API's row, not a file's cell), through the checks ``parse``
    makes of a cell, with the same messages: text is parsed as a cell is (spaces stripped, its
    length and key bounded); a number, a date or a boolean goes through the parser's own
    ``check`` (a number's bounds, places and column) without being written out as text.
    A value of another type than the column's is a programming error (``TypeError``): the
    typed rows say which type each column takes."""
    if isinstance(value, str):
        return parse(value)
    typed: Callable[[object], T] | None = getattr(parse, "check", None)
    if typed is None:
        raise TypeError(f"{parse!r} reads text only, not {type(value).__name__}")
    return typed(value)
