from decimal import Decimal
from fractions import Fraction

import pytest

from palmares.core.rounding import half_up
from palmares.ratings.percentile import percentile
from tests.ratings.seed000 import DIP_IN_THE_OCEAN_2004


def test_worked_example_8th_of_65_is_88_46() -> None:
    assert percentile(8, 65) == Fraction(575, 650) * 100
    assert half_up(percentile(8, 65), 2) == Decimal("88.46")


@pytest.mark.parametrize(("rank", "name", "score"), DIP_IN_THE_OCEAN_2004)
def test_every_score_of_dip_in_the_ocean_2004(rank: int, name: str, score: str) -> None:
    assert str(half_up(percentile(rank, 24), 2)) == score


def test_tied_players_share_the_best_place_of_their_group() -> None:
    # Two 9th of 24: both 64.58, and the next player is 11th (56.25), not 10th.
    assert percentile(9, 24) == Fraction(775, 12)
    assert half_up(percentile(9, 24), 2) == Decimal("64.58")
    assert half_up(percentile(11, 24), 2) == Decimal("56.25")


def test_first_and_last_of_n() -> None:
    assert percentile(1, 4) == Fraction(875, 10)
    assert percentile(4, 4) == Fraction(125, 10)
    assert percentile(1, 1) == 50


@pytest.mark.parametrize(("place", "players"), [(0, 5), (6, 5), (1, 0)])
def test_a_place_outside_the_field_is_refused(place: int, players: int) -> None:
    with pytest.raises(ValueError):
        percentile(place, players)
