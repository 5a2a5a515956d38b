"""The one figure/percent/ordinal helper, in English and in French typography."""

from decimal import Decimal
from fractions import Fraction

import pytest

from palmares.explain import Language, and_list, figure, ordinal, percent
from palmares.explain.numbers import NARROW_NBSP

FR = Language.FR


def test_figure_is_exact_when_it_ends_within_six_decimals() -> None:
    # seed 002, Appendix A, Example 1: 64.47% of 70 is 45.129; the next ante 13.5129
    assert figure(Fraction(6447, 100) * 70 / 100) == "45.129"
    assert figure(Fraction(1351290, 100000) / 1) == "13.5129"
    assert figure(70) == "70"
    assert figure(Fraction(-0)) == "0"


def test_figure_rounds_half_up_otherwise_and_keeps_written_decimals() -> None:
    assert figure(Fraction(350, 13)) == "26.923"
    assert figure(Fraction(1, 3), 2) == "0.33"
    assert figure(Decimal("32.40")) == "32.40"  # a raw score keeps its written places
    assert figure(2.675, 2, exact=False) == "2.68"  # half up on the number as written


def test_figure_trimmed_and_fixed() -> None:
    assert figure(Fraction(8846154, 100000), 2, exact=False) == "88.46"
    assert figure(Fraction(55), 2, exact=False) == "55"
    assert figure(3, 2, fixed=True) == "3.00"
    assert figure(Fraction(338004, 10000), 2, fixed=True) == "33.80"


def test_figure_in_french() -> None:
    assert figure(Fraction(45129, 1000), language=FR) == "45,129"
    assert figure(1901, language=FR) == "1901"  # four digits stay whole
    assert figure(Fraction(123456789, 10), language=FR) == f"12{NARROW_NBSP}345{NARROW_NBSP}678,9"
    assert figure(-12345, language=FR) == f"-12{NARROW_NBSP}345"
    assert figure(12345) == "12345"


def test_percent() -> None:
    assert percent(Decimal("64.47")) == "64.47%"
    assert percent(Decimal("64.47"), language=FR) == f"64,47{NARROW_NBSP}%"
    assert percent(10) == "10%"


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
        "112th",
    ]
    assert [ordinal(n, language=FR) for n in (1, 2, 11, 21)] == ["1er", "2e", "11e", "21e"]
    assert ordinal(1, language=FR, feminine=True) == "1re"


@pytest.mark.parametrize(
    ("items", "kwargs", "english", "french"),
    [
        (["Germany", "Russia"], {"ampersand": True}, "Germany & Russia", "Germany et Russia"),
        (["A", "E", "F"], {"ampersand": True}, "A, E & F", "A, E et F"),
        (["A", "E", "F"], {"serial_comma": True}, "A, E, and F", "A, E et F"),
        (["A", "E"], {"serial_comma": True}, "A and E", "A et E"),
        (["A"], {}, "A", "A"),
    ],
)
def test_and_list(items: list[str], kwargs: dict[str, bool], english: str, french: str) -> None:
    amp, serial = kwargs.get("ampersand", False), kwargs.get("serial_comma", False)
    assert and_list(items, ampersand=amp, serial_comma=serial) == english
    assert and_list(items, language=FR, ampersand=amp, serial_comma=serial) == french


def test_a_figure_beyond_the_decimal_context_is_written_whole() -> None:
    # an error message quotes an overflowing cell (10**30, 2**64 + 1): never InvalidOperation
    assert figure(Decimal(10**30)) == "1" + "0" * 30
    assert figure(2**64 + 1) == "18446744073709551617"
    assert figure(Fraction(10**30, 3)) == "3" * 30 + ".333"
    assert figure(Decimal(10**30), language=Language.FR).count(NARROW_NBSP) == 10
