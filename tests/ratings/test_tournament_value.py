from datetime import date
from decimal import Decimal
from fractions import Fraction

from palmares.core.rounding import half_up
from palmares.explain import explain_text
from palmares.ratings.tournament_value import tournament_value

DAY = date(2004, 8, 27)


def test_65_players_is_20_57_capped_to_15() -> None:
    tv = tournament_value(65, rounds=3, day=DAY)
    assert half_up(tv.uncapped, 2) == Decimal("20.57")
    assert tv.value == 15
    assert tv.rule == "capped"
    assert explain_text(tv, "en") == (
        "A 65 player event would have a tournament value of (65/3.5) +2 = 20.57. However, since "
        "the maximum tournament value is 15, that will be the value for this event."
    )


def test_more_than_one_round_is_n_over_3_5_plus_2() -> None:
    tv = tournament_value(21, rounds=2, day=DAY)
    assert tv.value == 8
    assert tv.rule == "more-rounds"
    # rounds not given means more than one (DESIGN.md's default)
    assert tournament_value(21, day=DAY).value == 8


def test_one_round_is_n_over_7_plus_2() -> None:
    tv = tournament_value(21, rounds=1, day=DAY)
    assert tv.value == 5
    assert tv.rule == "one-round"
    assert explain_text(tv, "en") == (
        "A one-round 21 player event would have a tournament value of (21/7) +2 = 5."
    )
    assert explain_text(tv, "fr") == (
        "Un tournoi de 21 joueurs en une seule ronde aurait une valeur de tournoi de (21/7) +2 = 5."
    )
    assert tournament_value(100, rounds=1, day=DAY).value == 15  # 16.29 capped


def test_world_championship_is_20_whatever_the_size_or_year() -> None:
    for n, day in [(7, DAY), (300, DAY), (40, date(1995, 7, 1))]:
        tv = tournament_value(n, world_championship=True, day=day)
        assert tv.value == 20
        assert tv.rule == "world-championship"


def test_events_before_2001_are_worth_zero() -> None:
    assert tournament_value(30, day=date(2000, 12, 31)).value == 0
    assert tournament_value(30, day=date(2000, 12, 31)).rule == "before-2001"
    assert tournament_value(30, day=date(2001, 1, 1)).value == Fraction(30 * 2, 7) + 2


def test_stored_coefficient_overrides_and_is_flagged_above_the_cap() -> None:
    # Dip in the Ocean 2004: 24 players, 3 rounds, stored 18.86 (the formula gives 8.86).
    tv = tournament_value(24, rounds=3, day=DAY, coefficient=Decimal("18.86"))
    assert tv.value == Fraction(1886, 100)
    assert half_up(tv.formula, 2) == Decimal("8.86")
    assert tv.above_cap
    assert "It is above the maximum tournament value of 15" in explain_text(tv, "en")


def test_stored_coefficient_below_the_cap_is_not_flagged() -> None:
    tv = tournament_value(24, rounds=3, day=DAY, coefficient=Decimal("10"))
    assert tv.value == 10
    assert not tv.above_cap


def test_stored_value_of_a_world_championship_is_not_flagged() -> None:
    tv = tournament_value(24, world_championship=True, day=DAY, coefficient=Decimal("25"))
    assert tv.value == 25
    assert not tv.above_cap


def test_the_59_player_formula_gives_the_stored_18_86() -> None:
    # The reading of the seed: 18.86 is the formula for 59 players, not 24.
    assert half_up(tournament_value(59, rounds=3, day=DAY).uncapped, 2) == Decimal("18.86")
