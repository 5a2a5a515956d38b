"""Rule books change over time; a rule set is chosen by the date of what it applies to.

DESIGN.md: "Rule books change over time (Wizard in 2004, 2010, 2020; the WDD's pre-2001 rule).
A rule set is chosen by the date of the event it applies to." A :class:`DatedRules` holds the
rule sets in force from given dates; :meth:`DatedRules.at` returns the one in force on a day.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Generic, TypeVar

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["DatedRules"]

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class DatedRules(Generic[R]):
    """Rule sets keyed by the first day each is in force (sorted, distinct dates)."""

    starts: tuple[date, ...]
    rules: tuple[R, ...]

    @classmethod
    def of(cls, entries: Iterable[tuple[date, R]]) -> DatedRules[R]:
        pairs = sorted(entries, key=lambda e: e[0])
        starts = tuple(d for d, _ in pairs)
        if len(set(starts)) != len(starts):
            raise ValueError("two rule sets start on the same day")
        if not pairs:
            raise ValueError("DatedRules needs at least one rule set")
        return cls(starts=starts, rules=tuple(r for _, r in pairs))

    def at(self, day: date) -> R:
        """The rule set in force on ``day``: the latest that starts on or before it."""
        i = bisect.bisect_right(self.starts, day) - 1
        if i < 0:
            raise _none_in_force(day)
        return self.rules[i]

    def since(self, day: date) -> date:
        """The first day of the rule set in force on ``day``."""
        i = bisect.bisect_right(self.starts, day) - 1
        if i < 0:
            raise _none_in_force(day)
        return self.starts[i]


def _none_in_force(day: date) -> PalmaresError:
    return PalmaresError.of(Message.of("rules.none_in_force", day=day.isoformat()))
