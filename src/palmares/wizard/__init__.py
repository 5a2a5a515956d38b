"""Wizard online league (seed 004; our reading in specs/wizard.md).

Modules, in the rule book's words:

- ``rules``: the dated rule sets (``wizard_rules(...)``, ``RULES``, ``rules_on(day)``).
- ``hand_score``: hand scores (bid/tricks) and game totals.
- ``game``: ``Finish`` and ``Game`` (a game's finishes and standing).
- ``placement_points``: placement points and wins of a game.
- ``skill_ratio``: points / games.
- ``winning_percentage``: W.P. and its bracket master points with the pass-down.
- ``master_points``: ``Award`` and the Top 10.
- ``month``: the month's table (``month_table(games, "2019-12")``), "all scores".
- ``junior``: Wizard Junior two-month sessions.
- ``placings``: a tournament's final places; ``tournament``: its master points; ``triad``: the
  TRIAD; ``invitational``.
- ``ledger``: a player's master points across months and tournaments.

Everything here is pure: frozen dataclasses in, plain results out.
"""

from palmares.wizard.game import Finish, Game
from palmares.wizard.invitational import invitation_list, uninvited
from palmares.wizard.junior import junior_session, junior_table
from palmares.wizard.ledger import Ledger, LedgerEntry, ledger
from palmares.wizard.master_points import Award
from palmares.wizard.month import (
    LeagueLine,
    LeagueTable,
    Period,
    league_table,
    month_period,
    month_table,
)
from palmares.wizard.placement_points import placement_points, wins
from palmares.wizard.rules import RULES, WizardRules, rules_on, wizard_rules
from palmares.wizard.tournament import (
    Placing,
    Tournament,
    TournamentResult,
    place_awards,
    tournament_result,
)
from palmares.wizard.triad import TriadGame

__all__ = [
    "RULES",
    "Award",
    "Finish",
    "Game",
    "LeagueLine",
    "LeagueTable",
    "Ledger",
    "LedgerEntry",
    "Period",
    "Placing",
    "Tournament",
    "TournamentResult",
    "TriadGame",
    "WizardRules",
    "invitation_list",
    "junior_session",
    "junior_table",
    "league_table",
    "ledger",
    "month_period",
    "month_table",
    "place_awards",
    "placement_points",
    "rules_on",
    "tournament_result",
    "uninvited",
    "wins",
    "wizard_rules",
]
