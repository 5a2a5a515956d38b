from datetime import date

import pytest

from palmares.core.errors import PalmaresError
from palmares.core.rulesets import DatedRules


def test_rule_set_in_force_on_a_date() -> None:
    rules = DatedRules.of([(date(2020, 1, 1), "points"), (date(2004, 1, 5), "matrix")])
    assert rules.at(date(2019, 12, 31)) == "matrix"
    assert rules.at(date(2020, 1, 1)) == "points"
    assert rules.since(date(2021, 6, 1)) == date(2020, 1, 1)
    with pytest.raises(PalmaresError, match="no rule set is in force on 2003-01-01"):
        rules.at(date(2003, 1, 1))


def test_two_sets_on_one_day_are_refused() -> None:
    with pytest.raises(ValueError, match="same day"):
        DatedRules.of([(date(2020, 1, 1), 1), (date(2020, 1, 1), 2)])
