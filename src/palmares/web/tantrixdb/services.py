"""Use cases for Tantrix: import a tournament's matches (and the pre-tournament rating list).

Files are read by the same strict readers as ``palmares tantrix`` (``palmares.io.tantrix``); each
tournament in the file (event and date) replaces the one stored before. After each import the
lists after every tournament are recomputed by the engine (:func:`recompute_lists`).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

from django.db import transaction
from django.db.models import Q

from palmares.core.errors import InputError
from palmares.io.tantrix import check_own_rating, read_matches_csv, read_ratings_csv
from palmares.tantrix.match import Match as MatchValue
from palmares.tantrix.rating_list import rating_changes, recentre, update_list
from palmares.web.events.models import Event
from palmares.web.events.services import stored_event
from palmares.web.lib.concurrency import hold
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.players.services import resolve_players
from palmares.web.ratinglists.skill_refresh import LOCKS, store_tantrix
from palmares.web.tantrixdb.adapters import entries_before, tournament_rating
from palmares.web.tantrixdb.models import Match, Rating

__all__ = ["LIST", "import_matches", "recompute_lists"]

#: The name of the Tantrix list's lock (``lib.concurrency.hold``).
LIST = LOCKS["tantrix"]


def import_matches(path: Path | str, *, ratings: Path | str | None = None) -> list[Event]:
    """Load ``matches.csv`` (and ``ratings.csv``, the list before the tournament)."""
    matches = read_matches_csv(path)
    entries = read_ratings_csv(ratings, matches=matches) if ratings is not None else ()
    if ratings is not None:
        check_own_rating(matches, entries, path)
    undated = [m for m in matches if m.date is None]
    if undated:
        raise InputError.at(str(path), undated[0].line, "date", "a stored match needs a date")
    unnamed = [m for m in matches if not m.event]
    if unnamed:
        raise InputError.at(str(path), unnamed[0].line, "event", "a stored match needs an event")
    tournaments: dict[tuple[str, date], list[MatchValue]] = {}
    for m in matches:
        if m.date is not None:
            tournaments.setdefault((m.event, m.date), []).append(m)
    names = {p for m in matches for p in m.players} | {e.player for e in entries}
    stored: list[Event] = []
    with transaction.atomic():
        hold(LIST)  # one import (and its recompute of the lists) at a time
        players = resolve_players((n, "", "") for n in sorted(names))
        ids = {key[1]: p.pk for key, p in players.items()}
        for (name, day), group in tournaments.items():
            event = stored_event(name, day, Event.Kind.TANTRIX, str(path)) or Event(
                name=name, date=day, kind=Event.Kind.TANTRIX
            )
            event.players = len({p for m in group for p in m.players})
            event.save()
            event.tantrix_matches.all().delete()
            Match.objects.bulk_create(
                Match(
                    event=event,
                    round=m.round,
                    player_a_id=ids[name_key(m.player_a)],
                    player_b_id=ids[name_key(m.player_b)],
                    games=m.games,
                    tp_a=m.tp_a,
                    tp_b=m.tp_b,
                    own_rating_id=ids[name_key(m.own_rating)] if m.own_rating else None,
                    illustrative=m.illustrative,
                )
                for m in group
            )
            if entries:
                Rating.objects.filter(as_of=day, event__isnull=True).delete()
                Rating.objects.bulk_create(
                    Rating(
                        as_of=day,
                        player_id=ids[name_key(e.player)],
                        rating=Decimal(repr(e.rating)).quantize(PLACES),
                        games=e.games,
                        official=e.official,
                    )
                    for e in entries
                )
            stored.append(event)
        recompute_lists(since=_since(stored, with_list=bool(entries)))
    return stored


def _since(stored: list[Event], *, with_list: bool) -> tuple[date, int] | None:
    """Where the replay of the lists resumes after an import of ``stored``: at its earliest
    tournament (date, id). A list imported with it is the list of every tournament of its day
    (``adapters.entries_before``), those stored before it included: then from that day's
    first tournament (id 0)."""
    if not stored:
        return None
    return min((e.date, 0 if with_list else e.pk) for e in stored)


#: Stored to twelve decimals, as the Dip Pouch histories are (``ratinglists.services``).
PLACES = Decimal("0.000000000001")


def _decimal(value: float | None) -> Decimal | None:
    return None if value is None else Decimal(repr(value)).quantize(PLACES)


def recompute_lists(*, since: tuple[date, int] | None = None, full_skill: bool = False) -> None:
    """Replay the Tantrix tournaments in date order through the engine: each is rated
    (``rate_tournament``) against the list before it and applied to that list
    (``rating_list.update_list``; re-centred with ``recentre`` after a World Championship);
    the new list is stored as the list after the tournament, with each player's rating before
    (and the change, ``rating_changes``). Then every player's skill rating over the stored
    matches (``ratinglists.skill_refresh.store_tantrix``: only the matches after the stored
    ones rated, when that is all that changed; ``full_skill``: every match, regardless).

    ``since`` (date, event id): only the tournaments from that one on (in date, then id order)
    are replayed — an import changes nothing before its earliest tournament, and each list is
    computed from the stored one before it, so this is the full replay's result; ``None``:
    every tournament."""
    with transaction.atomic():
        hold(LIST)
        later = Q()
        if since is not None:
            day, pk = since
            later = Q(date__gt=day) | Q(date=day, pk__gte=pk)
        Rating.objects.filter(event__isnull=False).filter(
            event__in=Event.objects.filter(later)
        ).delete()
        events = (
            Event.objects.filter(kind=Event.Kind.TANTRIX, tantrix_matches__isnull=False)
            .filter(later)
            .distinct()
            .order_by("date", "pk")
        )
        for event in events:
            entries = entries_before(event)
            updated = update_list(entries, tournament_rating(event, entries))
            new_entries = updated.entries
            if event.world_championship:
                weights = {c.player: c.tournament_games for c in updated.changes}
                new_entries = recentre(new_entries, weights).entries
            before = {e.player: e.rating for e in entries}
            moved = rating_changes(entries, new_entries)
            played = {c.player: c for c in updated.changes}
            ids = dict(
                Player.objects.filter(name__in=[e.player for e in new_entries]).values_list(
                    "name", "pk"
                )
            )
            rows = []
            for e in new_entries:
                old = before.get(e.player)
                change = played.get(e.player)
                rating = Decimal(repr(e.rating)).quantize(PLACES)
                rows.append(
                    Rating(
                        as_of=event.date,
                        event=event,
                        player_id=ids[e.player],
                        rating=rating,
                        games=e.games,
                        official=e.official,
                        before=_decimal(old),
                        change=_decimal(moved[e.player]),
                        tournament_elo=_decimal(change.tournament_elo) if change else None,
                        tournament_games=change.tournament_games if change else None,
                    )
                )
            Rating.objects.bulk_create(rows)
        store_tantrix(full=full_skill)  # every player's μ ± σ over the stored matches
