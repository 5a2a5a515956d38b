"""Divide and Conquer against seed 002, Appendix A: the f(sc) chart and Examples 1 and 2."""

import random
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.core.errors import PalmaresError
from palmares.core.rounding import half_up
from palmares.diplomacy.board import GREAT_POWERS, Board
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.scoring.divide_and_conquer import (
    DivideAndConquer,
    DivideAndConquerWorkings,
    _cents,
    f_sc,
)
from palmares.explain import explain

# The chart of Appendix A, to the printed five decimals.
CHART = {
    17: "18.02731", 16: "15.00000", 15: "12.45434", 14: "10.31371", 13: "8.51366",
    12: "7.00000", 11: "5.72717", 10: "4.65685", 9: "3.75683", 8: "3.00000", 7: "2.36359",
    6: "1.82843", 5: "1.37841", 4: "1.00000", 3: "0.68179", 2: "0.41421", 1: "0.18921",
    0: "0.00000",
}  # fmt: skip

EXAMPLE_1 = {"Austria": 15, "England": 10, "France": 5, "Germany": 0, "Italy": 2,
             "Russia": 0, "Turkey": 2}  # fmt: skip
EXAMPLE_2 = {"Austria": 0, "England": 0, "France": 0, "Germany": 7, "Italy": 8,
             "Russia": 9, "Turkey": 10}  # fmt: skip


@pytest.mark.parametrize(("centres", "printed"), sorted(CHART.items()))
def test_f_sc_chart(centres: int, printed: str) -> None:
    assert half_up(f_sc(centres), 5) == Decimal(printed)


def test_example_1_raw_scores() -> None:
    result = get_system("divide-and-conquer").score(Board("ex1", EXAMPLE_1))
    assert {p: str(s) for p, s in result.scores.items()} == {
        "Austria": "64.47", "England": "24.11", "France": "7.14", "Germany": "0.00",
        "Italy": "2.14", "Russia": "0.00", "Turkey": "2.14",
    }  # fmt: skip
    # "The sum of all 7 f(sc) in this case is 19.31802": the seed adds the chart's rounded
    # entries (12.45434 + 4.65685 + 1.37841 + 2 · 0.41421); the exact sum is 19.31804.
    assert isinstance(result.workings, DivideAndConquerWorkings)
    f = list(result.workings.f.values())
    assert sum(half_up(x, 5) for x in f) == Decimal("19.31802")
    assert half_up(sum(f), 5) == Decimal("19.31804")
    assert result.workings.f["Austria"] == pytest.approx(12.45434, abs=5e-6)
    assert result.board_total == 100


def test_example_2_raw_scores() -> None:
    result = get_system("divide-and-conquer").score(Board("ex2", EXAMPLE_2))
    assert [str(result[p]) for p in ("Turkey", "Russia", "Italy", "Germany")] == [
        "33.80", "27.27", "21.77", "17.16",
    ]  # fmt: skip
    assert [result[p] for p in ("Austria", "England", "France")] == [0, 0, 0]
    assert isinstance(result.workings, DivideAndConquerWorkings)
    f = list(result.workings.f.values())
    assert sum(half_up(x, 5) for x in f) == Decimal("13.77727")


def test_rounding_can_be_turned_off() -> None:
    exact = get_system("divide-and-conquer:rounded=no").score(Board("ex1", EXAMPLE_1))
    assert isinstance(exact["England"], float)
    # 4.65685… / 19.31804… · 100 = 24.10625; 24.10625 % of 70 = 16.874 (the seed pays 16.877).
    assert exact["England"] == pytest.approx(24.10625, abs=5e-6)
    assert float(exact.share("England") * 70) == pytest.approx(16.874375, abs=5e-6)


def test_a_solo_takes_everything() -> None:
    board = Board("s", {p: 0 for p in GREAT_POWERS} | {"Russia": 18, "Turkey": 8, "England": 5})
    result = DivideAndConquer().score(board)
    assert result["Russia"] == 100
    assert all(result[p] == 0 for p in GREAT_POWERS if p != "Russia")
    assert isinstance(result.workings, DivideAndConquerWorkings)
    assert result.workings.soloist == "Russia"
    assert explain(result.workings, "en") == ("Russia solos: raw score 100, everyone else 0",)


def test_seven_powers_are_not_hard_coded() -> None:
    result = DivideAndConquer(rounded=False).score(Board("v", {"North": 4, "South": 4, "X": 0}))
    assert result["North"] == result["South"] == 50.0


def test_a_bad_parameter_is_named() -> None:
    with pytest.raises(PalmaresError, match="rounded: expected yes or no, got 'maybe'"):
        get_system("divide-and-conquer:rounded=maybe")


def test_normalised_rescales_any_board_to_100() -> None:
    result = DivideAndConquer().score(Board("ex1", EXAMPLE_1))
    # 64.47 + 24.11 + 7.14 + 2.14 + 2.14 = 100.00: the board already totals 100.
    assert sum(result.normalised().scores.values()) == 100
    doubled = result.normalised(total=200)
    assert doubled["Austria"] == Fraction(12894, 100)
    assert doubled.unnormalised is not None
    assert doubled.unnormalised["Austria"] == Decimal("64.47")
    assert doubled.total == 200


def test_exact_scores_add_up_where_the_rounded_decimals_do_not_mix() -> None:
    """The rounded raw scores are Decimals as written (64.47); ``exact_scores`` gives the same
    values as Fractions, which add up and mix with other Fractions: the board totals 100. The
    unrounded float raw scores come out at their exact binary value."""
    result = DivideAndConquer().score(Board("ex1", EXAMPLE_1))
    assert result["Austria"] == Decimal("64.47")
    assert result.exact_scores["Austria"] == Fraction(6447, 100)
    assert result.exact_scores["England"] == Fraction(2411, 100)
    assert sum(result.exact_scores.values(), start=Fraction(0)) == 100
    unrounded = DivideAndConquer(rounded=False).score(Board("ex1", EXAMPLE_1))
    england = unrounded["England"]
    assert isinstance(england, float)
    assert unrounded.exact_scores["England"] == Fraction(england) != Fraction("24.10625")


def _fit(counts: list[int], left: int = 34) -> list[int]:
    """Clip counts so the board holds at most 34 centres."""
    out = []
    for c in counts:
        out.append(min(c, left))
        left -= out[-1]
    return out


centres_boards = (
    st.lists(st.integers(0, 17), min_size=7, max_size=7).map(_fit).filter(lambda c: sum(c) > 0)
)


@settings(max_examples=60)
@given(centres_boards)
def test_raw_scores_sum_to_100(counts: list[int]) -> None:
    board = Board("h", dict(zip(GREAT_POWERS, counts, strict=True)))
    exact = DivideAndConquer(rounded=False).score(board)
    assert sum(exact.scores.values()) == pytest.approx(100, abs=1e-9)
    rounded = DivideAndConquer().score(board)
    # Seven values each within half a cent of their exact value.
    assert abs(sum(rounded.exact_scores.values(), start=Fraction(0)) - 100) <= Fraction("0.035")


@given(st.floats(min_value=0, max_value=100, allow_nan=False))
def test_cents_is_half_up_of_any_raw_score(raw: float) -> None:
    """The raw score to the cent without a Decimal context per score (issue 33) is half_up's,
    Decimal and exponent."""
    got = _cents(raw)
    assert (got, str(got)) == (half_up(raw, 2), str(half_up(raw, 2)))


def test_cents_at_every_half_and_whole_cent_and_on_boards() -> None:
    """k / 200 (every whole and half cent from 0 to 100: the floats nearest them) and the raw
    scores of 20,000 random boards of up to 17 centres a power."""
    rng = random.Random(33)
    raws = [k / 200 for k in range(20001)]
    for _ in range(20000):
        centres = [rng.randint(0, 17) for _ in range(7)]
        total = sum(f_sc(c) for c in centres)
        raws += [100 * f_sc(c) / total for c in centres] if total else []
    assert [str(_cents(r)) for r in raws] == [str(half_up(r, 2)) for r in raws]
