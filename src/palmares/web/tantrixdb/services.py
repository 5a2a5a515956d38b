"""Use cases for Tantrix: import a tournament's matches (and the pre-tournament rating list).

Files are read by the same strict readers as ``palmares tantrix`` (``palmares.io.tantrix``); each
tournament in the file (event and date) replaces the one stored before. After each import the
lists after every tournament are recomputed by the engine (:func:`recompute_lists`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import nullcontext
from datetime import date
from decimal import Decimal
from pathlib import Path

import numpy as np
import numpy.typing as npt
from django.db import connection, transaction
from django.db.models import Q

from palmares.core.errors import InputError
from palmares.core.message import Message
from palmares.io.tantrix import check_own_rating, read_match_columns, read_ratings_csv
from palmares.io.tantrix_columnar import MatchColumns
from palmares.tantrix.match import Match as MatchValue
from palmares.tantrix.rating_list import (
    official_ratings,
    rating_changes,
    recentre,
    update_list,
    without_official,
)
from palmares.web.events.models import Event
from palmares.web.events.services import KnownEvents, create_events, stored_event
from palmares.web.lib import hooks
from palmares.web.lib.bulk import indexes_after, insert_raw
from palmares.web.lib.concurrency import LOCKS, hold
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.players.services import resolve_players
from palmares.web.tantrixdb.adapters import ListsBefore, matches_of, tournament_rating
from palmares.web.tantrixdb.models import Match, Rating

__all__ = ["LIST", "import_matches", "recompute_lists", "stored_matches"]

#: The name of the Tantrix list's lock (``lib.concurrency.hold``).
LIST = LOCKS["tantrix"]


def import_matches(path: Path | str, *, ratings: Path | str | None = None) -> list[Event]:
    """Load ``matches.csv`` (and ``ratings.csv``, the list before the tournament).

    The file is read as columns (issue 33: ``io.tantrix.read_match_columns``) and its matches
    written by one prepared insert (``lib.bulk.insert_raw``), with no value or model object per
    match."""
    matches = read_match_columns(path)
    entries = read_ratings_csv(ratings, players=matches.players()) if ratings is not None else ()
    if ratings is not None:
        check_own_rating(matches.matches(np.flatnonzero(matches.own >= 0).tolist()), entries, path)
    undated = np.flatnonzero(matches.days == 0)
    if undated.shape[0]:
        line = int(matches.line[undated[0]])
        raise InputError.at(str(path), line, "date", Message.of("tantrix.match_date"))
    blank = matches.events.index("") if "" in matches.events else -1
    unnamed = np.flatnonzero(matches.event == blank)
    if unnamed.shape[0]:
        line = int(matches.line[unnamed[0]])
        raise InputError.at(str(path), line, "event", Message.of("tantrix.match_event"))
    # Tournaments (event and date) in the order of their first match.
    key = matches.event * (int(matches.days.max(initial=0)) + 1) + matches.days
    _, first, tournament = np.unique(key, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty(order.shape[0], dtype=np.int64)
    rank[order] = np.arange(order.shape[0])
    tournament = rank[tournament.reshape(-1)]
    field_size = _field_sizes(matches, tournament, order.shape[0])
    names = set(matches.players()) | {e.player for e in entries}
    with transaction.atomic():
        hold(LIST)  # one import (and its recompute of the lists) at a time
        players = resolve_players((n, "", "") for n in sorted(names))
        ids = {key[1]: p.pk for key, p in players.items()}
        stored = _events(matches, first[order].tolist(), field_size, str(path))
        event_pk = np.array([e.pk for e in stored], dtype=np.int64)
        if entries:
            for event in stored:  # (each tournament's day, as when they were saved one by one)
                Rating.objects.filter(as_of=event.date, event__isnull=True).delete()
                Rating.objects.bulk_create(
                    Rating(
                        as_of=event.date,
                        player_id=ids[name_key(e.player)],
                        rating=Decimal(repr(e.rating)).quantize(PLACES),
                        games=e.games,
                        official=e.official,
                    )
                    for e in entries
                )
        # Each tournament's matches together, in file order, as they were written one
        # tournament at a time.
        written = np.lexsort((np.arange(len(matches)), tournament))
        rows = _match_rows(matches, written, event_pk[tournament], ids)
        many = len(matches) >= BULK_MATCHES and len(matches) * 4 >= Match.objects.count()
        with indexes_after(Match, rows=len(matches)) if many else nullcontext():
            insert_raw(Match, MATCH_FIELDS, rows)
        recompute_lists(since=_since(stored, with_list=bool(entries)))
    return stored


def _field_sizes(
    matches: MatchColumns, tournament: npt.NDArray[np.int64], tournaments: int
) -> list[int]:
    """How many players each tournament (its number in ``tournament``) has: its distinct
    players as ``player_a`` or ``player_b``, counted for every tournament at once (issue 33: a
    comparison of the whole file per tournament was quadratic, 15 s for 8,366 tournaments)."""
    people = max(len(matches.names), 1)
    pairs = np.concatenate([tournament * people + matches.a, tournament * people + matches.b])
    return np.bincount(np.unique(pairs) // people, minlength=tournaments).tolist()  # type: ignore[no-any-return]


def _events(
    matches: MatchColumns, firsts: list[int], field_size: list[int], where: str
) -> list[Event]:
    """The stored event of each tournament (its first match's row in ``firsts``), replaced or
    created: found at once (``events.services.KnownEvents``), the replaced ones' matches
    deleted and their field updated by a few queries, the new ones written by one insert
    (``create_events``; ids in the tournaments' order, as saving them one by one gave)."""
    wanted = [
        (matches.events[matches.event[m]], date.fromordinal(int(matches.days[m]))) for m in firsts
    ]
    known = KnownEvents([(name, day, None) for name, day in wanted])
    events: list[Event] = []
    for (name, day), size in zip(wanted, field_size, strict=True):
        event = stored_event(name, day, Event.Kind.TANTRIX, where, known=known) or Event(
            name=name, date=day, kind=Event.Kind.TANTRIX
        )
        event.players = size
        event.key = name_key(event.name)
        events.append(event)
    replaced = [e.pk for e in events if e.pk is not None]
    for i in range(0, len(replaced), CHUNK):
        Match.objects.filter(event_id__in=replaced[i : i + CHUNK]).delete()
    Event.objects.bulk_update([e for e in events if e.pk is not None], ["key", "players"], CHUNK)
    create_events([e for e in events if e.pk is None])
    return events


def stored_matches(events: Sequence[Event]) -> int:
    """How many matches ``events`` have stored (a query per :data:`CHUNK` events, not one
    per event)."""
    pks = [e.pk for e in events]
    return sum(
        Match.objects.filter(event_id__in=pks[i : i + CHUNK]).count()
        for i in range(0, len(pks), CHUNK)
    )


#: Events a query names at most (SQLite's bound variables).
CHUNK = 500
#: From this many matches on, an import may build the matches' indexes after it.
BULK_MATCHES = 50_000
MATCH_FIELDS = (
    "event_id",
    "round",
    "player_a_id",
    "player_b_id",
    "games",
    "tp_a",
    "tp_b",
    "own_rating_id",
    "illustrative",
)


def _match_rows(
    matches: MatchColumns,
    written: npt.NDArray[np.int64],
    event_pk: npt.NDArray[np.int64],
    ids: dict[str, int],
) -> Iterator[tuple[object, ...]]:
    """The :class:`Match` rows of ``matches`` (in the order ``written``), each value as
    Django's ``bulk_create`` prepares it: by chunks of columns, each a list of values taken at
    once from the codes (no Python step per value)."""
    field = Match._meta.get_field("tp_a")
    points = _objects([field.get_db_prep_save(p, connection) for p in matches.points])
    # (code −1, no own rating: the last value, None)
    player = _objects([*(ids[name_key(n)] for n in matches.names), None])
    rounds = _objects(list(matches.rounds))
    for at in range(0, written.shape[0], ROWS_CHUNK):
        m = written[at : at + ROWS_CHUNK]
        yield from zip(
            event_pk[m].tolist(),
            rounds[matches.round[m]].tolist(),
            player[matches.a[m]].tolist(),
            player[matches.b[m]].tolist(),
            matches.games[m].tolist(),
            points[matches.tp_a[m]].tolist(),
            points[matches.tp_b[m]].tolist(),
            player[matches.own[m]].tolist(),
            matches.illustrative[m].astype(bool).tolist(),
            strict=True,
        )


#: Matches whose rows :func:`_match_rows` lays out at once.
ROWS_CHUNK = 100_000


def _objects(values: list[object]) -> npt.NDArray[np.object_]:
    """``values`` as an array of Python objects (indexed by codes, then ``tolist``)."""
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


def _since(stored: list[Event], *, with_list: bool) -> tuple[date, int] | None:
    """Where the replay of the lists resumes after an import of ``stored``: at its earliest
    tournament (date, id). A list imported with it is the list of every tournament of its day
    (``adapters.entries_before``), those stored before it included: then from that day's
    first tournament (id 0)."""
    if not stored:
        return None
    return min((e.date, 0 if with_list else e.pk) for e in stored)


#: Tournaments whose matches the lists' recompute reads at once.
READ_AHEAD = 500
#: Names asked for in one query (SQLite's limit of host parameters is 32,766).
NAMES_AT_ONCE = 10_000
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
    matches (``ratinglists.skill_refresh.store_tantrix``, asked through ``lib.hooks``: only the
    matches after the stored ones rated, when that is all that changed; ``full_skill``: every
    match, regardless).

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
        events = list(
            Event.objects.filter(kind=Event.Kind.TANTRIX, tantrix_matches__isnull=False)
            .filter(later)
            .distinct()
            .order_by("date", "pk")
        )
        read: dict[int, tuple[MatchValue, ...]] = {}
        ids: dict[str, int] = {}
        lists = ListsBefore(events[0] if events else None)
        own = set(
            Match.objects.filter(own_rating__isnull=False, event__in=Event.objects.filter(later))
            .values_list("event_id", flat=True)
            .distinct()
        )
        for i, event in enumerate(events):
            entries = lists.entries(event)
            if not official_ratings(entries) and event.pk not in own:
                updated = without_official(entries)  # (nobody rated: its matches unread)
            else:
                if event.pk not in read:  # the matches of the next tournaments, in one read
                    read = matches_of(events[i : i + READ_AHEAD])
                updated = update_list(entries, tournament_rating(event, entries, read[event.pk]))
            new_entries = updated.entries
            if event.world_championship:
                weights = {c.player: c.tournament_games for c in updated.changes}
                new_entries = recentre(new_entries, weights).entries
            before = {e.player: e.rating for e in entries}
            moved = rating_changes(entries, new_entries)
            played = {c.player: c for c in updated.changes}
            # Each player's id asked for once in the replay (no player is made while it runs).
            unknown = [e.player for e in new_entries if e.player not in ids]
            for start in range(0, len(unknown), NAMES_AT_ONCE):
                chunk = unknown[start : start + NAMES_AT_ONCE]
                ids.update(Player.objects.filter(name__in=chunk).values_list("name", "pk"))
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
            if rows:
                lists.written(event)
        # every player's μ ± σ over the stored matches (``ratinglists.skill_refresh``, a floor up)
        hooks.records_changed("tantrix-matches", full=full_skill)
