from datetime import date

from palmares.wizard.rules import NEW_WP_BRACKETS, OLD_WP_BRACKETS, rules_on, wizard_rules


def test_the_dated_changes() -> None:
    assert not rules_on(date(2002, 12, 31)).triad
    assert rules_on(date(2003, 1, 1)).triad
    assert rules_on(date(2009, 10, 31)).wp_brackets == OLD_WP_BRACKETS
    assert rules_on(date(2009, 11, 1)).wp_brackets == NEW_WP_BRACKETS
    assert not rules_on(date(2010, 11, 9)).whole_master_points
    assert rules_on(date(2010, 11, 10)).whole_master_points
    before, after = rules_on(date(2019, 12, 31)), rules_on(date(2020, 1, 1))
    assert (before.ranking, before.triad, before.tournament_master_points) == ("matrix", True, True)
    assert (after.ranking, after.triad, after.tournament_master_points) == ("points", False, False)


def test_decisions_are_parameters() -> None:
    rules = wizard_rules(qualifying_games=40, wp_switch=date(2012, 1, 1), fractional_wins=True)
    assert rules.at(date(2011, 6, 1)).wp_brackets == OLD_WP_BRACKETS
    assert rules.at(date(2012, 1, 1)).wp_brackets == NEW_WP_BRACKETS
    assert rules.at(date(2021, 1, 1)).qualifying_games == 40
    assert rules.at(date(2000, 1, 1)).fractional_wins


def test_old_brackets_put_95_to_99_games_in_b() -> None:
    a, b, c = OLD_WP_BRACKETS
    assert [a.holds(n) for n in (39, 40, 74, 75)] == [False, True, True, False]
    assert [b.holds(n) for n in (75, 94, 95, 99, 100)] == [True, True, True, True, False]
    assert c.holds(100) and c.holds(400)
    new_a, new_b, new_c = NEW_WP_BRACKETS
    assert [new_a.holds(n) for n in (19, 20, 44, 45)] == [False, True, True, False]
    assert [new_b.holds(n) for n in (45, 59, 60)] == [True, True, False]
    assert new_c.holds(60)
