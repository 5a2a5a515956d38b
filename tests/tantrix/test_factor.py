"""Factor(p) = 400·√2 · Φ⁻¹(p) against the seed's Factor column (seed 003, both tables)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.core.rounding import half_up_int
from palmares.tantrix.factor import factor

# (TP won, TP available) behind each Factor the seed prints, with the printed Factor.
SEED_FACTORS = [
    (35, 80, -89),  # MattK
    (32, 80, -143),  # Rochelle
    (30, 80, -180),  # Mighty, Revel, Jace
    (11, 60, -511),  # robin, nArike
    (38, 80, -35),  # Ponder, Chriz, rossj
    (28, 80, -218),  # venus
    (36, 80, -71),  # Damon
    (33, 80, -125),  # SusanDeath
    (29, 80, -199),  # JustAsk
    (8, 60, -628),  # mwhite
    (27, 80, -237),  # Boxer
    (25, 80, -276),  # tyedyed
    (15, 60, -382),  # windy, Scarab
    (123, 240, 18),  # Pekko
    (19, 60, -270),  # Justin
    (92, 160, 107),  # Runes
]


@pytest.mark.parametrize(("won", "available", "printed"), SEED_FACTORS)
def test_the_seeds_factor_column(won: int, available: int, printed: int) -> None:
    assert half_up_int(factor(Fraction(won, available))) == printed


def test_the_sheet_uses_400_root_2_not_565_7() -> None:
    assert half_up_int(factor(Fraction(25, 80))) == -276
    assert half_up_int(factor(Fraction(25, 80), scale=565.7)) == -277


def test_even_share_is_zero() -> None:
    assert factor(Fraction(1, 2)) == 0.0


def test_whitewash_is_clamped() -> None:
    assert half_up_int(factor(1)) == 1316
    assert half_up_int(factor(0)) == -1316
    assert factor(0) == factor(Fraction(1, 100))
    assert factor(1, clamp=0.001) > factor(1)


def test_share_outside_0_1_is_rejected() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        factor(1.5)
    with pytest.raises(ValueError, match="clamp"):
        factor(0.5, clamp=0.6)


@settings(max_examples=100)
@given(st.fractions(min_value=Fraction(1, 1000), max_value=Fraction(999, 1000)))
def test_symmetry(p: Fraction) -> None:
    assert factor(1 - p) == pytest.approx(-factor(p), abs=1e-9)


@settings(max_examples=100)
@given(st.fractions(min_value=0, max_value=1), st.fractions(min_value=0, max_value=1))
def test_monotone(p: Fraction, q: Fraction) -> None:
    if p < q:
        assert factor(p) <= factor(q)
