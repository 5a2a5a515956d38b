"""Numbers on the site's pages in the page's language, through the explanation layer's one
:func:`palmares.explain.numbers.figure` (English ``18.86``, French ``18,86``; half up)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from palmares.core.rounding import Number
from palmares.explain.language import Language
from palmares.explain.numbers import figure, percent
from palmares.web.lib.words import site_language

__all__ = ["page_fixed", "page_percent"]

#: ``10 ** -places`` for the usual places, made once.
_QUANTA = {places: Decimal(1).scaleb(-places) for places in range(10)}
#: Below this a French figure, rounded, keeps at most four whole digits: no digit groups.
_FOUR_DIGITS = Decimal(9999)


def _number(value: Any) -> Number:
    if isinstance(value, str):
        try:
            return Decimal(value.strip())
        except InvalidOperation:
            raise ValueError(f"not a number: {value!r}") from None
    if isinstance(value, int | float | Decimal | Fraction) and not isinstance(value, bool):
        return value
    raise TypeError(f"not a number: {value!r}")


def page_fixed(value: Any, places: int = 2, language: Language | None = None) -> str:
    """``value`` to exactly ``places`` decimals, half up, as the page's language writes it
    (``language``: the page's, read once by a caller writing many figures); empty for none."""
    if language is None:
        language = site_language()
    if type(value) is Decimal and value.is_finite():
        # what ``figure(value, places, fixed=True)`` writes, without its checks: the long
        # tables write a hundred figures a page. French: the decimal comma, and no digit
        # groups below five whole digits (``explain.numbers``)
        if language is Language.EN:
            quantum = _QUANTA.get(places) or Decimal(1).scaleb(-places)
            return format(value.quantize(quantum, rounding=ROUND_HALF_UP), "f")
        if language is Language.FR and -_FOUR_DIGITS <= value <= _FOUR_DIGITS:
            quantum = _QUANTA.get(places) or Decimal(1).scaleb(-places)
            return format(value.quantize(quantum, rounding=ROUND_HALF_UP), "f").replace(".", ",")
    if value is None or value == "":
        return ""
    return figure(_number(value), places, fixed=True, language=language)


def page_percent(value: Any, places: int = 2) -> str:
    """``value`` (points out of 100) as a percentage in the page's language (``64.47%``,
    ``64,47 %``); empty for none."""
    if value is None or value == "":
        return ""
    return percent(_number(value), places, fixed=True, language=site_language())
