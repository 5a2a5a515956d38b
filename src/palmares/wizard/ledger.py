"""A player's master-point ledger across months and tournaments (issue 5).

Every award a player received, in date order, each with what it was for (the month's Top 10
place, a W.P. bracket, a pass-down, a tournament place, a TRIAD place, a Wizard Junior session)
and the running total. Months are every calendar month that has games; each is scored under its
own rule set (``month.py``), each tournament under the rule set of its date (``tournament.py``),
each two-month Junior session with a Junior game as ``junior.py`` says (seed 004, "WIZARD
JUNIOR"); a Junior award's source reads "Junior 2016-01/02".

Public API: :class:`LedgerEntry`, :class:`Ledger` (``entries``, ``total``), :func:`ledger`
(player, games, tournaments, triads, junior) -> Ledger, :func:`months_of` (games) -> the months
played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from palmares.core.rulesets import DatedRules
from palmares.wizard.game import Game
from palmares.wizard.junior import junior_table, session_of
from palmares.wizard.master_points import Award
from palmares.wizard.month import Period, month_period, month_table
from palmares.wizard.rules import RULES, WizardRules
from palmares.wizard.tournament import Tournament, tournament_result
from palmares.wizard.triad import TriadGame

__all__ = ["Ledger", "LedgerEntry", "ledger", "months_of"]


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One award and the player's total after it."""

    award: Award
    balance: Fraction


@dataclass(frozen=True, slots=True)
class Ledger:
    """A player's awards in date order, with the running total."""

    player: str
    entries: tuple[LedgerEntry, ...]

    @property
    def total(self) -> Fraction:
        return self.entries[-1].balance if self.entries else Fraction(0)


def months_of(games: Iterable[Game]) -> list[Period]:
    """The calendar months in which ``games`` were played, in order."""
    return [month_period(y, m) for y, m in sorted({(g.day.year, g.day.month) for g in games})]


def ledger(
    player: str,
    games: Iterable[Game],
    tournaments: Iterable[Tournament],
    *,
    triads: Mapping[str, TriadGame] | Callable[[Tournament], TriadGame | None] | None = None,
    junior: Iterable[Game] = (),
    rules: DatedRules[WizardRules] = RULES,
) -> Ledger:
    """Every master point ``player`` earned in the months of ``games``, in ``tournaments`` and
    in the Wizard Junior sessions of ``junior`` (the Junior games).

    ``triads`` maps a tournament's name to its TRIAD game, if one was played (a file names
    each tournament once); or it is a function giving each tournament's own TRIAD, for a
    store where two tournaments may share a name (the site keys them by event).
    """
    games = tuple(games)
    awards: list[Award] = []
    for month in months_of(games):
        table = month_table(games, month, rules=rules)
        awards.extend(a for a in table.awards if a.player == player)
    junior = tuple(junior)
    for session in sorted({session_of(g.day) for g in junior}, key=lambda p: p.first):
        table = junior_table(junior, session, rules=rules)
        awards.extend(
            replace(a, source=f"Junior {a.source}") for a in table.awards if a.player == player
        )
    for t in tournaments:
        triad = triads(t) if callable(triads) else (triads or {}).get(t.name)
        result = tournament_result(t, rules=rules, triad=triad)
        awards.extend(a for a in result.awards if a.player == player)
    kinds = {"top-10": 0, "wp": 1, "tournament": 2, "triad": 3}
    awards.sort(key=lambda a: (a.day, a.source, kinds[a.kind]))
    entries: list[LedgerEntry] = []
    balance = Fraction(0)
    for award in awards:
        balance += award.points
        entries.append(LedgerEntry(award, balance))
    return Ledger(player, tuple(entries))
