from fractions import Fraction

import pytest

from palmares.core.errors import PalmaresError
from palmares.core.rounding import half_up
from palmares.wizard.skill_ratio import skill_ratio


def test_the_seed_example_30_points_in_20_games_is_1_5() -> None:
    assert skill_ratio(30, 20) == Fraction(3, 2)
    assert str(half_up(skill_ratio(30, 20), 2)) == "1.50"


def test_kept_exact_and_shown_half_up() -> None:
    assert skill_ratio(-7, 8) == Fraction(-7, 8)
    assert str(half_up(skill_ratio(1, 8), 2)) == "0.13"


def test_no_games_no_ratio() -> None:
    with pytest.raises(PalmaresError):
        skill_ratio(0, 0)
