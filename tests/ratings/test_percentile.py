from decimal import Decimal
from fractions import Fraction

import pytest

from palmares.core.rounding import half_up
from palmares.ratings.percentile import HALF, percentile, percentile_formula
from tests.ratings.seed000 import DIP_IN_THE_OCEAN_2004
from tests.ratings.test_kernels import _arrays, _engine


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


def test_the_formula_is_one_function_exact_and_in_floats() -> None:
    """``percentile`` is ``percentile_formula`` on fractions; on floats it is the float of the
    same expression (what the compiled kernels compute)."""
    for n in range(1, 40):
        for place in range(1, n + 1):
            exact = percentile(place, n)
            assert exact == percentile_formula(place, Fraction(n), HALF)
            assert percentile_formula(place, float(n), 0.5) == (n + 0.5 - place) / n * 100.0
            assert abs(percentile_formula(place, float(n), 0.5) - float(exact)) < 1e-12


@pytest.mark.parametrize("build", ["compiled", "numba"])
@pytest.mark.parametrize("seed", range(3))
def test_every_kernel_step_is_the_one_formula(
    build: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each row of the replay (C kernels and numba both) moves the rating before it by the
    event's value toward ``percentile_formula`` of its place, to the last bit."""
    arrays = _arrays(seed)
    eng = _engine(arrays, build, monkeypatch)
    rows = eng.n_rows
    for i in range(rows):
        e = int(eng.row_event[i])
        n, value = int(eng.ev_players[e]), float(eng.ev_value[e])
        score = percentile_formula(int(eng.row_rank[i]), float(n), 0.5)
        old = float(eng.before[i])
        assert float(eng.after[i]) == old + value / 100.0 * (score - old)
