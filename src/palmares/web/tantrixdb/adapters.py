"""Rows ↔ the Tantrix engine: stored matches and the list before a tournament become the
engine's ``Match`` values and ``RatingEntry`` s; its ``TournamentRating`` comes back for the pages.

The list a tournament is applied to is the list imported with it (``ratings.csv``, dated the
tournament's day) or, without one, the list the engine computed after the previous tournament.

A tournament's ratings against its stored list are computed once per change of the Tantrix data
(``lib.generations.cached_read``), not per request.
"""

from __future__ import annotations

from collections.abc import Sequence
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

__all__ = [
    "SCOPES",
    "ListsBefore",
    "competitions",
    "current_list",
    "entries_before",
    "tournament_rating",
]

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


class ListsBefore:
    """:func:`entries_before` for each tournament of a replay of the lists, asked in the
    replay's order (date, then id) right after the lists from the first one on were deleted:
    the same lists with fewer queries (issue 33: three per tournament, 60 s of a 1,000,000-match
    import's 66 s). The days with an imported list are read at once; the latest tournament with
    a computed list is asked for once, then is the latest replayed one whose list was written
    (:meth:`written`); its list is still read back from the database, as stored."""

    def __init__(self, first: Event | None) -> None:
        self.imported = set(
            Rating.objects.filter(event__isnull=True).values_list("as_of", flat=True).distinct()
        )
        self.previous = None if first is None else _previous_list(first)

    def entries(self, event: Event) -> tuple[RatingEntry, ...]:
        """The list ``event`` is applied to (the next tournament of the replay)."""
        if event.date in self.imported:
            return _entries(Rating.objects.filter(as_of=event.date, event__isnull=True))
        if self.previous is None:
            return ()
        return _entries(Rating.objects.filter(event=self.previous))

    def written(self, event: Event) -> None:
        """The list after ``event`` was written (not empty)."""
        self.previous = event


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
    event: Event,
    entries: tuple[RatingEntry, ...] | None = None,
    matches: tuple[MatchValue, ...] | None = None,
) -> TournamentRating:
    """The engine's ratings of ``event`` against ``entries`` (default: :func:`entries_before`,
    and the result cached per data generation); ``matches``: its stored matches when read
    already (:func:`matches_of`)."""
    if entries is None:
        return cached_read(
            SCOPES, ("tantrix-rating", event.pk), lambda: _rating(event, entries_before(event))
        )
    return _rating(event, entries, matches)


def _rating(
    event: Event,
    entries: tuple[RatingEntry, ...],
    matches: tuple[MatchValue, ...] | None = None,
) -> TournamentRating:
    played = _matches(event) if matches is None else matches
    return rate_tournament(played, official_ratings(entries))


def _matches(event: Event) -> tuple[MatchValue, ...]:
    return matches_of([event])[event.pk]


def matches_of(events: Sequence[Event]) -> dict[int, tuple[MatchValue, ...]]:
    """The stored matches of each of ``events`` as the engine's values (by id), in one query
    for them all (issue 33: a recompute of ten thousand tournaments asked for each one's)."""
    by_pk = {e.pk: e for e in events}
    out: dict[int, list[MatchValue]] = {pk: [] for pk in by_pk}
    for i in range(0, len(events), CHUNK):
        rows = (
            Match.objects.filter(event_id__in=[e.pk for e in events[i : i + CHUNK]])
            .order_by("event_id", "id")
            .values_list(
                "event_id",
                "player_a__name",
                "player_b__name",
                "games",
                "tp_a",
                "tp_b",
                "round",
                "own_rating__name",
                "illustrative",
            )
        )
        for pk, a, b, games, tp_a, tp_b, rnd, own, shown in rows.iterator(chunk_size=20_000):
            event = by_pk[pk]
            out[pk].append(
                MatchValue(
                    player_a=a,
                    player_b=b,
                    games=games,
                    tp_a=Decimal(tp_a),
                    tp_b=Decimal(tp_b),
                    event=event.name,
                    date=event.date,
                    round=rnd,
                    own_rating=own,
                    illustrative=shown,
                )
            )
    return {pk: tuple(found) for pk, found in out.items()}


#: Events a query of their matches names at most (SQLite's bound variables).
CHUNK = 500


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
