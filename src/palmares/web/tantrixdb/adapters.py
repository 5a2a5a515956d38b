"""Rows ↔ the Tantrix engine: stored matches and the list before a tournament become the
engine's ``Match`` values and ``RatingEntry`` s; its ``TournamentRating`` comes back for the pages.

The list a tournament is applied to is the list imported with it (``ratings.csv``, dated the
tournament's day) or, without one, the list the engine computed after the previous tournament.

A tournament's ratings against its stored list are computed once per change of the Tantrix data
(``lib.generations.cached_read``), not per request.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db.models import Q, QuerySet

from palmares.ratings.competitions import Competition, from_matches
from palmares.tantrix.match import Match as MatchValue
from palmares.tantrix.rating_list import RatingEntry, official_ratings
from palmares.tantrix.tournament import TournamentRating, rate_tournament
from palmares.web.events.models import Event
from palmares.web.lib.generations import cached_read
from palmares.web.tantrixdb.models import Match, Rating

__all__ = ["SCOPES", "competitions", "current_list", "entries_before", "tournament_rating"]

#: The data a tournament's ratings are computed from (apps' labels).
SCOPES = ("tantrixdb", "players", "events")


def _entries(rows: QuerySet[Rating]) -> tuple[RatingEntry, ...]:
    return tuple(
        RatingEntry(r.player.name, float(r.rating), r.games, r.official)
        for r in rows.select_related("player").order_by("-rating", "player__key")
    )


def _previous_list(event: Event) -> Event | None:
    """The latest tournament before ``event`` (by date, then id) that has a computed list."""
    earlier = Event.objects.filter(kind=Event.Kind.TANTRIX, tantrix_list__isnull=False).filter(
        Q(date__lt=event.date) | Q(date=event.date, pk__lt=event.pk)
    )
    return earlier.order_by("-date", "-pk").first()


def entries_before(event: Event) -> tuple[RatingEntry, ...]:
    """The rating list ``event`` is applied to (see the module's docstring)."""
    imported = Rating.objects.filter(as_of=event.date, event__isnull=True)
    if imported.exists():
        return _entries(imported)
    previous = _previous_list(event)
    if previous is None:
        return ()
    return _entries(Rating.objects.filter(event=previous))


def current_list() -> QuerySet[Rating]:
    """The current list: the one computed after the latest tournament, else the latest import."""
    latest = (
        Event.objects.filter(kind=Event.Kind.TANTRIX, tantrix_list__isnull=False)
        .order_by("-date", "-pk")
        .first()
    )
    if latest is not None:
        return Rating.objects.filter(event=latest)
    as_of = (
        Rating.objects.filter(event__isnull=True)
        .order_by("-as_of")
        .values_list("as_of", flat=True)
        .first()
    )
    if as_of is None:
        return Rating.objects.none()
    return Rating.objects.filter(event__isnull=True, as_of=as_of)


def tournament_rating(
    event: Event, entries: tuple[RatingEntry, ...] | None = None
) -> TournamentRating:
    """The engine's ratings of ``event`` against ``entries`` (default: :func:`entries_before`,
    and the result cached per data generation)."""
    if entries is None:
        return cached_read(
            SCOPES, ("tantrix-rating", event.pk), lambda: _rating(event, entries_before(event))
        )
    return _rating(event, entries)


def _rating(event: Event, entries: tuple[RatingEntry, ...]) -> TournamentRating:
    return rate_tournament(_matches(event), official_ratings(entries))


def _matches(event: Event) -> tuple[MatchValue, ...]:
    return tuple(
        MatchValue(
            player_a=m.player_a.name,
            player_b=m.player_b.name,
            games=m.games,
            tp_a=Decimal(m.tp_a),
            tp_b=Decimal(m.tp_b),
            event=event.name,
            date=event.date,
            round=m.round,
            own_rating=m.own_rating.name if m.own_rating else None,
            illustrative=m.illustrative,
        )
        for m in Match.objects.filter(event=event)
        .select_related("player_a", "player_b", "own_rating")
        .order_by("id")
    )


def competitions() -> tuple[Competition, ...]:
    """Every stored Tantrix match as the backtest's competitions, tournaments in the lists'
    order (date, then id), each with the list imported for its day (as :func:`entries_before`
    takes it): what the ``tantrix-elo`` system replays."""
    events = (
        Event.objects.filter(kind=Event.Kind.TANTRIX, tantrix_matches__isnull=False)
        .distinct()
        .order_by("date", "pk")
    )
    matches: list[MatchValue] = []
    lists: dict[tuple[str, date | None], tuple[RatingEntry, ...]] = {}
    for event in events:
        matches.extend(_matches(event))
        imported = Rating.objects.filter(as_of=event.date, event__isnull=True)
        if imported.exists():
            lists[(event.name, event.date)] = _entries(imported)
    return from_matches(matches, lists)
