"""What a write of Dip Pouch results changed: the events written and what the replaced ones
were before, so that the figures can be brought up to date from there
(:mod:`palmares.web.ratinglists.incremental`) instead of replayed whole.

Taken in the writing transaction before it replaces anything (:meth:`Change.before`); a write
that replaces more than :data:`LARGE` results keeps no copy (the full replay is then as quick).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from palmares.web.ratinglists.columns import Facts, Row, fetch_facts, fetch_rows

__all__ = ["LARGE", "Change"]

#: Above this many replaced results, the figures are replayed whole after the write.
LARGE = 50_000


@dataclass
class Change:
    """``events``: ids of the events the write stored (new or replaced); ``old_rows`` and
    ``old_facts``: the replaced events' results and facts before it; ``large``: too many to
    keep (then both are empty)."""

    events: list[int] = field(default_factory=list)
    old_rows: list[Row] = field(default_factory=list)
    old_facts: dict[int, Facts] = field(default_factory=dict)
    large: bool = False

    @classmethod
    def before(cls, replaced: Sequence[int]) -> Change:
        """The stored state of the events ``replaced`` is about to replace (call first)."""
        if not replaced:
            return cls()
        if len(replaced) * 2 > LARGE:
            return cls(large=True)
        rows = fetch_rows(replaced)
        if len(rows) > LARGE:
            return cls(large=True)
        return cls(old_rows=rows, old_facts=fetch_facts(replaced))
