"""Rows ↔ the Wizard engine: stored games and tournaments become its ``Game`` and
``Tournament`` values; its month tables, tournament results and ledgers come back.

The month and Junior tables, a tournament's result and a player's ledger are computed once per
change of the Wizard data (``lib.generations.cached_read``), not per request."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from palmares.web.events.models import Event
from palmares.web.lib.generations import cached_read
from palmares.web.wizarddb.models import Game, Placement, TournamentPlace, TriadFinish
from palmares.wizard import Game as GameValue
from palmares.wizard import LeagueTable, Ledger, ledger, month_table, tournament_result
from palmares.wizard import Tournament as TournamentValue
from palmares.wizard.game import Finish
from palmares.wizard.junior import junior_table, session_of
from palmares.wizard.ledger import month_tables
from palmares.wizard.month import Period
from palmares.wizard.tournament import Placing, TournamentResult
from palmares.wizard.triad import TriadGame

__all__ = [
    "SCOPES",
    "games",
    "junior",
    "junior_sessions",
    "month",
    "replayed_ledger",
    "replayed_ledgers",
    "tournament",
    "tournaments",
    "triad",
    "triads",
]


#: The data the Wizard figures are computed from (apps' labels).
SCOPES = ("wizarddb", "players", "events")


def games(
    start: date | None = None, end: date | None = None, *, division: str = Game.Division.REGULAR
) -> tuple[GameValue, ...]:
    """Stored games of ``division`` (those on ``start`` ≤ day < ``end`` when given) as the
    engine's values."""
    # Two queries of plain values joined in Python: the games, and their placements with the
    # players' names (a filter on the game's columns, never a list of ids: a month of the
    # online league's games would take an OR of ids past SQLite's depth of 1,000).
    chosen = Game.objects.filter(division=division)
    placed = Placement.objects.filter(game__division=division)
    if start is not None:
        chosen = chosen.filter(date__gte=start)
        placed = placed.filter(game__date__gte=start)
    if end is not None:
        chosen = chosen.filter(date__lt=end)
        placed = placed.filter(game__date__lt=end)
    finishes: dict[int, list[Finish]] = {}
    for game_id, name, score, place in placed.order_by("game_id", "place", "-score").values_list(
        "game_id", "player__name", "score", "place"
    ):
        finishes.setdefault(game_id, []).append(Finish(name, score, place))
    return tuple(
        GameValue(code, day, tuple(finishes.get(game_id, ())))
        for game_id, code, day in chosen.order_by("date", "code").values_list("id", "code", "date")
    )


def month(first: date) -> LeagueTable:
    """The month's table (cached per data generation)."""
    return cached_read(SCOPES, ("wizard-month", first), lambda: _month(first))


def _month(first: date) -> LeagueTable:
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


def _stored_tournaments() -> list[tuple[Event, TournamentValue]]:
    events = Event.objects.filter(kind=Event.Kind.WIZARD).order_by("date", "id")
    return [(e, _tournament(e)) for e in events if e.wizard_places.exists()]


def tournaments() -> tuple[TournamentValue, ...]:
    return tuple(t for _, t in _stored_tournaments())


def triad(event: Event) -> TriadGame | None:
    """The stored TRIAD game of ``event``, if one was played."""
    rows = list(TriadFinish.objects.filter(event=event).select_related("player"))
    if not rows:
        return None
    return TriadGame(event.name, tuple(Finish(r.player.name, r.score, r.place) for r in rows))


def triads() -> dict[int, TriadGame]:
    """Every stored TRIAD game by the id of its event (two tournaments may share a name: each
    has its own TRIAD, or none)."""
    found: dict[int, TriadGame] = {}
    for event in Event.objects.filter(wizard_triad__isnull=False).distinct().order_by("date"):
        game = triad(event)
        if game is not None:
            found[event.pk] = game
    return found


def tournament(event: Event, *, with_triad: TriadGame | None = None) -> TournamentResult:
    """The engine's result of ``event`` with its TRIAD (the stored one unless given; then
    cached per data generation)."""
    if with_triad is None:
        return cached_read(
            SCOPES, ("wizard-tournament", event.pk), lambda: _tournament_result(event, None)
        )
    return _tournament_result(event, with_triad)


def _tournament_result(event: Event, with_triad: TriadGame | None) -> TournamentResult:
    played = with_triad if with_triad is not None else triad(event)
    return tournament_result(_tournament(event), triad=played)


def junior(session: Period) -> LeagueTable:
    """A Wizard Junior session's table (``wizard.junior.junior_table``) from the Junior games
    (cached per data generation)."""
    return cached_read(SCOPES, ("wizard-junior", session), lambda: _junior(session))


def _junior(session: Period) -> LeagueTable:
    end = session.last + timedelta(days=1)
    return junior_table(games(session.first, end, division=Game.Division.JUNIOR), session)


def junior_sessions() -> list[Period]:
    """The sessions with a Junior game, latest first."""
    days = Game.objects.filter(division=Game.Division.JUNIOR).values_list("date", flat=True)
    sessions = {session_of(d) for d in days}
    return sorted(sessions, key=lambda p: p.first, reverse=True)


#: Every stored game, each tournament with its own TRIAD, and the Junior games: what every
#: ledger is computed from.
LedgerInputs = tuple[
    tuple[GameValue, ...], list[tuple[TournamentValue, TriadGame | None]], tuple[GameValue, ...]
]


def _ledger_inputs() -> LedgerInputs:
    """What every ledger is computed from, read once per data generation (one value, so the
    tournaments keep their identity beside their TRIADs when the cache copies it)."""
    played = triads()
    return (
        games(),
        [(value, played.get(event.pk)) for event, value in _stored_tournaments()],
        games(division=Game.Division.JUNIOR),
    )


def replayed_ledger(name: str) -> Ledger:
    """The player's ledger replayed by the engine from the whole stored history (what the stored
    ledger must equal)."""
    return replayed_ledgers([name])[name]


def replayed_ledgers(names: Iterable[str]) -> dict[str, Ledger]:
    """:func:`replayed_ledger` of each of ``names``: the history read and its months' tables
    made once for all of them."""
    regular, stored, junior_games = cached_read(SCOPES, ("wizard-ledger-inputs",), _ledger_inputs)
    # Each tournament value is found by identity: its own event's TRIAD, never a namesake's.
    own = {id(value): triad for value, triad in stored}
    tournaments = [value for value, _ in stored]
    months = month_tables(regular)
    return {
        name: ledger(
            name,
            regular,
            tournaments,
            triads=lambda t: own.get(id(t)),
            junior=junior_games,
            months=months,
        )
        for name in names
    }
