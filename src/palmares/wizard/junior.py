"""Wizard Junior: two-month sessions (seed 004, "WIZARD JUNIOR").

"No Master Points (for Jr. play) are available to anyone who plays fewer than 20 games of Wizard
Junior during the 2-month session." and "The requirements for winning the 2-month session are the
same as those for the Regular game 1-month session." So a session is a league table
(``month.league_table``) over two calendar months, with its own minimum (20, the rule set's
``junior_minimum``) as the cut-off for a number ranking and for any master points.

Decision (the seed is silent): sessions pair the months January-February, March-April, ...,
November-December; ``first_month`` of a session is odd.

Public API: :func:`junior_session` (year, first month) -> Period, :func:`session_of` (a day) ->
Period, :func:`junior_table` (games of Wizard Junior, session) -> LeagueTable.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from datetime import date

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.rulesets import DatedRules
from palmares.wizard.game import Game
from palmares.wizard.month import LeagueTable, Period, league_table
from palmares.wizard.rules import RULES, WizardRules

__all__ = ["junior_session", "junior_table", "session_of"]


def junior_session(year: int, first_month: int) -> Period:
    """The two-month session starting with ``first_month`` (1, 3, 5, 7, 9 or 11)."""
    if first_month not in (1, 3, 5, 7, 9, 11):
        raise PalmaresError.of(Message.of("wizard.junior_odd", month=str(first_month)))
    second = first_month + 1
    last = date(year, second, calendar.monthrange(year, second)[1])
    return Period(f"{year:04d}-{first_month:02d}/{second:02d}", date(year, first_month, 1), last)


def session_of(day: date) -> Period:
    """The Junior session holding ``day``."""
    return junior_session(day.year, day.month - (day.month + 1) % 2)


def junior_table(
    games: Iterable[Game],
    session: Period,
    *,
    rules: DatedRules[WizardRules] = RULES,
) -> LeagueTable:
    """A Junior session's table: the month's rules with the Junior minimum as the cut-off."""
    minimum = rules.at(session.last).junior_minimum
    return league_table(
        games,
        session,
        rules=rules,
        qualifying_games=minimum,
        master_points_minimum=minimum,
    )
