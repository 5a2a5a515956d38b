"""Rows ↔ the Wizard engine: stored games and tournaments become its ``Game`` and
``Tournament`` values; its month tables, tournament results and ledgers come back."""

from __future__ import annotations

from datetime import date

from palmares.web.events.models import Event
from palmares.web.wizarddb.models import Game, TournamentPlace
from palmares.wizard import Game as GameValue
from palmares.wizard import LeagueTable, Ledger, ledger, month_table, tournament_result
from palmares.wizard import Tournament as TournamentValue
from palmares.wizard.game import Finish
from palmares.wizard.tournament import Placing, TournamentResult

__all__ = ["games", "month", "player_ledger", "tournament", "tournaments"]


def games(start: date | None = None, end: date | None = None) -> tuple[GameValue, ...]:
    """Stored games (those on ``start`` ≤ day < ``end`` when given) as the engine's values."""
    rows = Game.objects.prefetch_related("placements__player").order_by("date", "code")
    if start is not None:
        rows = rows.filter(date__gte=start)
    if end is not None:
        rows = rows.filter(date__lt=end)
    return tuple(
        GameValue(
            g.code,
            g.date,
            tuple(Finish(p.player.name, p.score, p.place) for p in g.placements.all()),
        )
        for g in rows
    )


def month(first: date) -> LeagueTable:
    following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return month_table(games(first, following), f"{first.year:04d}-{first.month:02d}")


def _tournament(event: Event) -> TournamentValue:
    places = TournamentPlace.objects.filter(event=event).select_related("player")
    return TournamentValue(
        event.name,
        event.date,
        tuple(Placing(p.player.name, p.place, p.games_finished) for p in places),
        invitational=any(p.invitational for p in places),
    )


def tournaments() -> tuple[TournamentValue, ...]:
    events = Event.objects.filter(kind=Event.Kind.WIZARD).order_by("date", "id")
    return tuple(_tournament(e) for e in events if e.wizard_places.exists())


def tournament(event: Event) -> TournamentResult:
    return tournament_result(_tournament(event))


def player_ledger(name: str) -> Ledger:
    return ledger(name, games(), tournaments())
