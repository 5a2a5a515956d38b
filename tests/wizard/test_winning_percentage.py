from datetime import date
from fractions import Fraction

from palmares.explain import explain_text
from palmares.wizard.rules import NEW_WP_BRACKETS, OLD_WP_BRACKETS, rules_on
from palmares.wizard.winning_percentage import winning_percentage, wp_awards

OLD_DAY = date(2008, 5, 31)
NEW_DAY = date(2012, 5, 31)


def paid(
    records: list[tuple[str, int, Fraction]], old: bool, whole: bool = True
) -> dict[str, Fraction]:
    brackets = OLD_WP_BRACKETS if old else NEW_WP_BRACKETS
    awards = wp_awards(records, brackets, award=5, whole=whole, day=OLD_DAY, source="m")
    out: dict[str, Fraction] = {}
    for a in awards:
        out[a.player] = out.get(a.player, Fraction(0)) + a.points
    return out


def pct(x: int) -> Fraction:
    return Fraction(x)


def test_wins_over_games_times_100() -> None:
    assert winning_percentage(12, 40) == 30
    assert winning_percentage(Fraction(1, 2), 4) == Fraction(25, 2)


def test_old_brackets_all_paid_when_a_beats_b_beats_c() -> None:
    records = [("a", 50, pct(40)), ("a2", 60, pct(38)), ("b", 80, pct(35)), ("c", 120, pct(30))]
    assert paid(records, old=True) == {"a": 5, "b": 5, "c": 5}


def test_old_brackets_pass_down_from_a_to_b() -> None:
    # A's best (30%) is not higher than B's (35%): A's 5 passes to B's leader.
    records = [("a", 50, pct(30)), ("b", 96, pct(35)), ("c", 100, pct(32))]
    assert paid(records, old=True) == {"b": 10, "c": 5}
    awards = wp_awards(records, OLD_WP_BRACKETS, award=5, whole=True, day=OLD_DAY, source="2008-05")
    assert explain_text(next(a.reason for a in awards), "en") == (
        "bracket A's award passed down (A's best 30.00% is not higher than B's 35.00%) to the "
        "best W.P. in bracket B (75-99 games): 35.00%"
    )


def test_old_brackets_players_below_40_games_are_out() -> None:
    assert paid([("x", 39, pct(90)), ("a", 40, pct(10))], old=True) == {"a": 5}


def test_new_brackets_pass_down_twice_to_c() -> None:
    records = [("a", 20, pct(25)), ("b", 45, pct(25)), ("c", 60, pct(26)), ("c2", 61, pct(20))]
    assert paid(records, old=False) == {"c": 15}


def test_new_brackets_pass_down_from_b_to_c_only() -> None:
    records = [("a", 44, pct(50)), ("b", 59, pct(45)), ("c", 70, pct(50))]
    assert paid(records, old=False) == {"a": 5, "c": 10}


def test_an_empty_bracket_is_skipped() -> None:
    records = [("a", 30, pct(20)), ("c", 90, pct(25))]
    assert paid(records, old=False) == {"c": 10}


def test_tied_leaders_share_the_award() -> None:
    records = [("a", 30, pct(50)), ("a2", 40, pct(50))]
    assert paid(records, old=False) == {"a": 3, "a2": 3}
    assert paid(records, old=False, whole=False) == {"a": Fraction(5, 2), "a2": Fraction(5, 2)}


def test_the_bracket_switch_date() -> None:
    assert rules_on(date(2009, 10, 31)).wp_brackets == OLD_WP_BRACKETS
    assert rules_on(NEW_DAY).wp_brackets == NEW_WP_BRACKETS
