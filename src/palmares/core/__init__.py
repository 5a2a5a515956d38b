"""Value types and rules shared by every community: ranking, rounding, dated rule sets, errors."""

from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.core.ranking import TieGroup, competition_ranks, tie_groups
from palmares.core.rounding import half_up, half_up_int
from palmares.core.rulesets import DatedRules

__all__ = [
    "DatedRules",
    "InputError",
    "PalmaresError",
    "Problem",
    "TieGroup",
    "competition_ranks",
    "half_up",
    "half_up_int",
    "tie_groups",
]
