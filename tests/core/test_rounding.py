from decimal import Decimal
from fractions import Fraction

import pytest

from palmares.core.rounding import Number, half_up, half_up_int


@pytest.mark.parametrize(
    ("value", "places", "expected"),
    [
        (2.675, 2, "2.68"),  # a float is taken as written, not as its binary value
        (2.5, 0, "3"),  # Python's round() would give 2
        (-2.5, 0, "-3"),  # halves go away from zero, as a spreadsheet's ROUND
        (Fraction(1, 8), 2, "0.13"),
        (Fraction(-1, 8), 2, "-0.13"),
        (Fraction(2, 3), 3, "0.667"),
        (Decimal("88.4615"), 2, "88.46"),
        (Fraction(57, 2), 0, "29"),
        (60, 3, "60.000"),
    ],
)
def test_half_up(value: Number, places: int, expected: str) -> None:
    assert str(half_up(value, places)) == expected


def test_half_up_int() -> None:
    assert half_up_int(Fraction(57, 2)) == 29
    assert half_up_int(Fraction(-1, 2)) == -1
    assert half_up_int(12.49) == 12


def test_bool_is_not_a_number() -> None:
    with pytest.raises(TypeError):
        half_up(True)


def test_half_up_keeps_every_digit_of_a_huge_value() -> None:
    # beyond the default 28-digit context: rounded exactly, never decimal.InvalidOperation
    assert half_up(Decimal(10**30), 2) == Decimal(10**30)
    assert str(half_up(Fraction(10**30 + 1, 2), 0)) == "5" + "0" * 28 + "1"
    assert str(half_up(Decimal("123456789012345678901234567890.125"), 2)) == (
        "123456789012345678901234567890.13"
    )
