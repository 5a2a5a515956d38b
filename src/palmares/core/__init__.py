"""Value types and rules shared by every community: ranking, rounding, dated rule sets, errors.

The names below are loaded on first use (PEP 562), so that importing one submodule
(``palmares.core.errors``, as every command does) does not import the others (issue 15: the
command line's start-up)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from palmares.core.errors import InputError, PalmaresError, Problem
    from palmares.core.ranking import TieGroup, competition_ranks, tie_groups
    from palmares.core.rounding import half_up, half_up_int
    from palmares.core.rulesets import DatedRules

#: Each name of the package and the submodule defining it.
_WHERE = {
    "InputError": "errors",
    "PalmaresError": "errors",
    "Problem": "errors",
    "TieGroup": "ranking",
    "competition_ranks": "ranking",
    "tie_groups": "ranking",
    "half_up": "rounding",
    "half_up_int": "rounding",
    "DatedRules": "rulesets",
}

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


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{where}"), name)
