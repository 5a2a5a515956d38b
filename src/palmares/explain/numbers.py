"""Numbers for words, per language: the one ``figure``, ``percent``, ``ordinal`` and list join.

English writes ``64.47%``, ``1st``, ``10000``; French (Imprimerie nationale rules) writes a
decimal comma, a narrow no-break space (U+202F) before ``%`` and between groups of three digits
from five digits on (``12 345,6``; a four-digit number such as a year stays whole), and ``1er``,
``1re``, ``2e``. Rounding is half up on the exact value (:func:`palmares.core.rounding.half_up`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, localcontext
from fractions import Fraction

from palmares.core.rounding import Number, half_up, to_decimal
from palmares.explain.language import Language

__all__ = ["NARROW_NBSP", "and_list", "figure", "ordinal", "percent"]

#: U+202F NARROW NO-BREAK SPACE: French puts it before ``%`` and between digit groups.
NARROW_NBSP = "\u202f"

_EXACT_PLACES = 6


def _ends_within(value: Number, places: int) -> Decimal | None:
    """``value`` as a Decimal if its decimals end within ``places``, else ``None``."""
    if isinstance(value, Fraction):
        scaled = value * 10**places
        if scaled.denominator != 1:
            return None
        return Decimal(scaled.numerator).scaleb(-places)
    exact = to_decimal(value)  # not a Fraction here: exact
    if not exact.is_finite():
        return None
    with localcontext() as ctx:  # room for every digit: 10**30 quantizes, never overflows
        ctx.prec = max(ctx.prec, len(exact.as_tuple().digits) + places + abs(exact.adjusted()) + 2)
        if exact != exact.quantize(Decimal(1).scaleb(-places)):
            return None
    return exact


def _trim(text: str) -> str:
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in {"-0", "0", ""} else text


def _localise(text: str, language: Language) -> str:
    if language is Language.EN:
        return text
    sign = "-" if text.startswith("-") else ""
    whole, _, decimals = text.lstrip("-").partition(".")
    if len(whole) > 4:
        groups: list[str] = []
        while whole:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = NARROW_NBSP.join(groups)
    return sign + whole + ("," + decimals if decimals else "")


def figure(
    value: Number,
    places: int = 3,
    *,
    exact: bool = True,
    fixed: bool = False,
    language: Language = Language.EN,
) -> str:
    """``value`` as the words of an explanation write it.

    - default (``exact``): exactly when its decimals end within six places (13.5129, 45.129,
      70), otherwise rounded half up to ``places`` decimals, all written (26.923); a Decimal
      keeps its written places (a raw score of 32.40);
    - ``exact=False``: rounded half up to ``places``, trailing zeros dropped (88.46, 55, 5.019);
    - ``fixed=True``: exactly ``places`` decimals (33.80, 12.45434).
    """
    if fixed:
        return _localise(format(half_up(value, places), "f"), language)
    if exact:
        if isinstance(value, Decimal) and value.is_finite():
            exponent = value.as_tuple().exponent
            if isinstance(exponent, int) and -_EXACT_PLACES <= exponent <= 0:
                return _localise(str(value), language)
        ended = _ends_within(value, _EXACT_PLACES)
        if ended is not None:
            return _localise(_trim(format(ended.normalize(), "f")), language)
        return _localise(format(half_up(value, places), "f"), language)  # 26.923, 2.100
    return _localise(_trim(format(half_up(value, places), "f")), language)


def percent(
    value: Number,
    places: int = 2,
    *,
    exact: bool = True,
    fixed: bool = False,
    language: Language = Language.EN,
) -> str:
    """``value`` (points out of 100: a raw score of 64.47) as a percentage: ``64.47%`` in
    English, ``64,47 %`` (narrow no-break space) in French; digits as :func:`figure`."""
    text = figure(value, places, exact=exact, fixed=fixed, language=language)
    return f"{text}%" if language is Language.EN else f"{text}{NARROW_NBSP}%"


def ordinal(n: int, *, language: Language = Language.EN, feminine: bool = False) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd; French 1er (1re when
    ``feminine``: la 1re place), 2e, 3e …"""
    if language is Language.FR:
        if n == 1:
            return "1re" if feminine else "1er"
        return f"{n}e"
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def and_list(
    items: Sequence[str],
    *,
    language: Language = Language.EN,
    ampersand: bool = False,
    serial_comma: bool = False,
) -> str:
    """Items joined as a sentence lists them: ``A, B and C``; ``A, B & C`` (``ampersand``, as
    seed 002 writes "Germany & Russia"); ``A, B, and C`` (``serial_comma``). French joins with
    ``et`` and never puts a comma before it."""
    if len(items) <= 1:
        return "".join(items)
    if language is Language.FR:
        word, comma = "et", False
    else:
        word, comma = ("&" if ampersand else "and"), serial_comma and len(items) > 2
    head = ", ".join(items[:-1])
    return f"{head}{',' if comma else ''} {word} {items[-1]}"
