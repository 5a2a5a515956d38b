"""A player's master-point ledger across months and tournaments (issue 5).

Every award a player received, in date order, each with what it was for (the month's Top 10
place, a W.P. bracket, a pass-down, a tournament place, a TRIAD place, a Wizard Junior session)
and the running total. Months are every calendar month that has games; each is scored under its
own rule set (``month.py``), each tournament under the rule set of its date (``tournament.py``),
each two-month Junior session with a Junior game as ``junior.py`` says (seed 004, "WIZARD
JUNIOR"); a Junior award's source reads "Junior 2016-01/02".

Lifetime levels (the league's Master Point Plan of 2020; ``rules.LEVELS``): Earth 500, Water
1000, Air 1500, Fire 2000, Astral 3000, Arch 5000 lifetime master points. A level is reached by
the award that brings the running total to its threshold, so the ledger names the month (or
tournament) it was reached in. Lifetime means every master point, so the ladder of the latest
rule set (``levels_as_of``: ``None``) is applied to the whole history, awards before 2020
included (our decision; docs/wizard.md "After 2020"); pass a date to use the ladder in force then
(none before 2020-01-01).

Public API: :class:`LedgerEntry`, :class:`LevelReached`, :class:`Ledger` (``entries``,
``total``, ``level``, ``reached``, ``next_level``), :func:`ledger` (player, games, tournaments,
triads, junior) -> Ledger, :func:`level_of` (total, ladder), :func:`months_of` (games) -> the
months played.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from palmares.core.rulesets import DatedRules
from palmares.wizard.game import Game
from palmares.wizard.junior import junior_table, session_of
from palmares.wizard.master_points import KIND_ORDER, Award
from palmares.wizard.month import LeagueTable, Period, month_period, month_table
from palmares.wizard.rules import RULES, Level, WizardRules
from palmares.wizard.tournament import Tournament, tournament_result
from palmares.wizard.triad import TriadGame

__all__ = [
    "METHOD",
    "Ledger",
    "LedgerEntry",
    "LedgerMethod",
    "LevelReached",
    "ledger",
    "level_of",
    "month_tables",
    "months_of",
]


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One award, the player's total after it and the lifetime levels it reached (if any)."""

    award: Award
    balance: Fraction
    levels: tuple[Level, ...] = ()


@dataclass(frozen=True, slots=True)
class LevelReached:
    """A lifetime level and the award that reached it: its day and its month or tournament."""

    level: Level
    day: date
    source: str
    balance: Fraction


@dataclass(frozen=True, slots=True)
class Ledger:
    """A player's awards in date order, with the running total and the lifetime levels."""

    player: str
    entries: tuple[LedgerEntry, ...]
    ladder: tuple[Level, ...] = ()

    @property
    def total(self) -> Fraction:
        return self.entries[-1].balance if self.entries else Fraction(0)

    @property
    def reached(self) -> tuple[LevelReached, ...]:
        """Every level reached, lowest first, with the award that reached it."""
        return tuple(
            LevelReached(level, e.award.day, e.award.source, e.balance)
            for e in self.entries
            for level in e.levels
        )

    @property
    def level(self) -> Level | None:
        """The highest level reached (``None`` below the first)."""
        return level_of(self.total, self.ladder)

    @property
    def next_level(self) -> Level | None:
        """The next level up (``None`` at the top or without a ladder)."""
        return next((lv for lv in self.ladder if self.total < lv.master_points), None)


def level_of(points: Fraction, ladder: tuple[Level, ...]) -> Level | None:
    """The highest level of ``ladder`` whose threshold ``points`` reach."""
    got = [lv for lv in ladder if points >= lv.master_points]
    return max(got, key=lambda lv: lv.master_points) if got else None


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
    levels_as_of: date | None = None,
    months: Iterable[LeagueTable] | None = None,
) -> Ledger:
    """Every master point ``player`` earned in the months of ``games``, in ``tournaments`` and
    in the Wizard Junior sessions of ``junior`` (the Junior games), with the levels reached.

    ``triads`` maps a tournament's name to its TRIAD game, if one was played (a file names
    each tournament once); or it is a function giving each tournament's own TRIAD, for a
    store where two tournaments may share a name (the site keys them by event).
    ``levels_as_of`` picks the rule set whose ladder is used (``None``: the latest).
    ``months``: the months' tables when they are made already (a long history's, from its
    tallies at once: ``wizard.tallies``; issue 33), in place of those of ``games``.
    """
    if months is None:
        months = _month_tables(tuple(games), rules)
    awards: list[Award] = []
    for table in months:
        awards.extend(a for a in table.awards if a.player == player)
    sessions: dict[Period, list[Game]] = defaultdict(list)
    for g in junior:
        sessions[session_of(g.day)].append(g)
    for session in sorted(sessions, key=lambda p: p.first):
        table = junior_table(sessions[session], session, rules=rules)
        awards.extend(
            replace(a, source=f"Junior {a.source}") for a in table.awards if a.player == player
        )
    for t in tournaments:
        triad = triads(t) if callable(triads) else (triads or {}).get(t.name)
        result = tournament_result(t, rules=rules, triad=triad)
        awards.extend(a for a in result.awards if a.player == player)
    awards.sort(key=lambda a: (a.day, a.source, KIND_ORDER[a.kind]))
    ladder = tuple(
        sorted(rules.at(levels_as_of or date.max).levels, key=lambda lv: lv.master_points)
    )
    entries: list[LedgerEntry] = []
    balance = Fraction(0)
    for award in awards:
        before = balance
        balance += award.points
        new = tuple(lv for lv in ladder if before < lv.master_points <= balance)
        entries.append(LedgerEntry(award, balance, new))
    return Ledger(player, tuple(entries), ladder)


def month_tables(
    games: Iterable[Game], rules: DatedRules[WizardRules] = RULES
) -> list[LeagueTable]:
    """The tables of the months of ``games`` that :func:`ledger` makes when given none: made
    once, they serve the ledger of every player of the same games."""
    return _month_tables(tuple(games), rules)


def _month_tables(games: tuple[Game, ...], rules: DatedRules[WizardRules]) -> list[LeagueTable]:
    """Each month's table from its own games (one pass over the history, not one per month: a
    table counts only the games of its period)."""
    monthly: dict[tuple[int, int], list[Game]] = defaultdict(list)
    for g in games:
        monthly[(g.day.year, g.day.month)].append(g)
    return [
        month_table(monthly[(month.first.year, month.first.month)], month, rules=rules)
        for month in months_of(games)
    ]


@dataclass(frozen=True, slots=True)
class LedgerMethod:
    """How a ledger is drawn up: every calendar month with games under the rule set of its last
    day (Top 10 and W.P. awards), every tournament under the rule set of its date, every Junior
    session under the rule set of its last day (``month.py``, ``tournament.py``, ``junior.py``)."""


METHOD = LedgerMethod()
