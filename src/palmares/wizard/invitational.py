"""Invitational tournaments (seed 004, "Invitational Tournaments").

"The first invitational tournament was held in January 2007. The top 25-ranking players of the
previous month's Top 10 are invited to participate." We read "the previous month's Top 10" as the
previous month's number ranking (specs/wizard.md): the players ranked 1st to 25th are invited,
and players tied at 25th are all invited (our decision). The size is the rule set's
``invitational_size``.

Public API: :func:`previous_month` (a day) -> Period, :func:`invitation_list` (the previous
month's table) -> players, :func:`uninvited` (tournament, previous month's table) -> players who
played without an invitation.
"""

from __future__ import annotations

from datetime import date

from palmares.wizard.month import LeagueTable, Period, month_period
from palmares.wizard.tournament import Tournament

__all__ = ["invitation_list", "previous_month", "uninvited"]


def previous_month(day: date) -> Period:
    """The calendar month before the one holding ``day``."""
    if day.month == 1:
        return month_period(day.year - 1, 12)
    return month_period(day.year, day.month - 1)


def invitation_list(table: LeagueTable, size: int | None = None) -> tuple[str, ...]:
    """The players ranked 1st to ``size``-th (the rule set's 25 by default) in ``table``."""
    limit = table.rules.invitational_size if size is None else size
    return tuple(
        line.player for line in table.ranked() if line.rank is not None and line.rank <= limit
    )


def uninvited(tournament: Tournament, previous: LeagueTable) -> tuple[str, ...]:
    """Players of an invitational ``tournament`` who were not invited (empty if all were)."""
    if not tournament.invitational:
        return ()
    invited = set(invitation_list(previous))
    return tuple(sorted(p.player for p in tournament.placings if p.player not in invited))
