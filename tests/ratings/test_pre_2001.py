"""Seed 000's pre-2001 rule as a dated rule (issue 16): "Events before 2001, with the exception of
World Championships, have a tournament value of zero" wins over a stored coefficient, which is
flagged; a 1998 event with a stored 10 used to move a rating from 40 to 43.50."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from fractions import Fraction as F

from palmares.core.rulesets import DatedRules
from palmares.explain import explain, explain_text
from palmares.ratings.dip_pouch import move
from palmares.ratings.tournament_value import (
    VALUE_RULES,
    FlagKind,
    Overruled,
    ValueFlag,
    ValueRules,
    tournament_value,
)

DAY_1998 = date(1998, 6, 1)


def test_the_seed_wins_over_a_stored_coefficient_before_2001() -> None:
    tv = tournament_value(2, day=DAY_1998, coefficient=Fraction(10))
    assert (tv.value, tv.rule, tv.stored, tv.overruled) == (F(0), "before-2001", F(10), "seed")
    assert tv.flags == (ValueFlag(FlagKind.STORED_BEFORE_2001, F(10), F(0), Overruled.SEED),)
    assert explain(tv.flags[0], "en") == (
        "stored coefficient 10 on an event before 2001 that is not a World Championship "
        "(the seed's rule wins: tournament value 0)",
    )
    assert explain_text(tv, "en") == (
        "Events before 2001, with the exception of World Championships, have a tournament value "
        "of zero, meaning they have no effect on ratings. The stored tournament value 10 is not "
        "used: seed 000's pre-2001 rule wins over a stored value."
    )
    # the winner of 2: percentile (2 + 0.5 - 1) / 2 x 100 = 75; the rating stays at 40
    assert move(Fraction(40), tv.value, Fraction(75)) == 40


def test_on_both_sides_of_2001_01_01() -> None:
    before = tournament_value(2, day=date(2000, 12, 31), coefficient=Fraction(10))
    after = tournament_value(2, day=date(2001, 1, 1), coefficient=Fraction(10))
    assert (before.value, before.flags != ()) == (F(0), True)
    assert (after.value, after.rule, after.overruled, after.flags) == (F(10), "stored", None, ())
    assert VALUE_RULES.since(date(2000, 12, 31)) == date.min
    assert VALUE_RULES.since(date(2001, 1, 1)) == date(2001, 1, 1)


def test_a_world_championship_keeps_its_stored_value_before_2001() -> None:
    tv = tournament_value(30, world_championship=True, day=DAY_1998, coefficient=Fraction(25))
    assert (tv.value, tv.rule, tv.overruled, tv.flags) == (F(25), "stored", None, ())
    plain = tournament_value(30, world_championship=True, day=DAY_1998)
    assert (plain.value, plain.rule) == (F(20), "world-championship")


def test_the_stored_value_may_be_asked_to_win_and_stays_flagged() -> None:
    tv = tournament_value(2, day=DAY_1998, coefficient=Fraction(10), stored_wins=True)
    assert (tv.value, tv.rule, tv.overruled) == (F(10), "stored", "stored")
    assert move(Fraction(40), tv.value, Fraction(75)) == Fraction(87, 2)  # 43.50, as before
    assert "the stored value is used as asked: 10" in explain_text(tv.flags[0], "en")
    assert "but the stored value was asked to win" in explain_text(tv, "en")


def test_the_date_is_the_rule_sets() -> None:
    moved = DatedRules.of(
        [
            (date.min, ValueRules(date.min, False, "test")),
            (date(1995, 1, 1), ValueRules(date(1995, 1, 1), True, "test")),
        ]
    )
    tv = tournament_value(7, rounds=1, day=DAY_1998, coefficient=Fraction(10), rules=moved)
    assert (tv.value, tv.rule, tv.overruled) == (F(10), "stored", None)
    assert tournament_value(7, rounds=1, day=DAY_1998, rules=moved).value == 3
