"""Use cases on events: import a results file (all-or-nothing; re-import replaces the event),
and replace one event's classification (the API).

Both are read and checked by the same strict reader as ``palmares dip-pouch``
(``palmares.io.results``: a file, or the API's typed rows through ``results_of_rows``); an event
already stored with the same ``event_id``, or the same name and date, is replaced, if it is an
event of the same kind (:func:`stored_event`). Each write is one transaction holding the Dip
Pouch lock; the ratings are recomputed after its commit (``ratinglists.writes.write_results``,
reached through ``lib.hooks.write_through``: the lists stand on the floor above)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from django.db import connection, transaction

from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.core.progress import report
from palmares.io.results import NAME_KEY_PREFIX, ResultRow, read_result_columns, results_of_rows
from palmares.ratings.columns import ResultColumns
from palmares.ratings.events import Results
from palmares.web.events.models import Event, Result
from palmares.web.lib import hooks
from palmares.web.lib.bulk import (
    GIN_BULK,
    PG_BULK,
    copy_columns,
    indexes_after,
    insert_raw,
    lock_up_front,
    new_ids,
    new_rows,
)
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.players.services import resolve_player_ids

if TYPE_CHECKING:
    from palmares.web.lib.pgbinary import Column

__all__ = [
    "ImportSummary",
    "KnownEvents",
    "ResultIn",
    "create_events",
    "import_results",
    "replace_results",
    "save_results",
    "stored_event",
]


CHUNK = 500
#: The progress an import reports (``core.progress``: the command line's bar, a job's page):
#: read, events written, results written, committed and the ratings brought up to date.
IMPORTING = "importing results"
IMPORT_STEPS = 4
ROWS_CHUNK = 100_000
#: From this many results on, written a quarter of the stored ones or more, SQLite builds the
#: results' indexes after the write rather than row by row (``lib.bulk.indexes_after``).
BULK = 20_000


@dataclass(frozen=True, slots=True)
class ImportSummary:
    events: int
    results: int
    replaced: int


def import_results(path: Path | str, *, recompute: bool = True) -> ImportSummary:
    """Validate the whole file first, then write it (one transaction) and recompute the
    ratings after its commit. ``recompute=False`` writes inside the caller's transaction and
    leaves the recompute to the caller (the demo loads several files, then recomputes once)."""
    report(IMPORTING, 0, IMPORT_STEPS)
    read = [read_result_columns(path)]
    report(IMPORTING, 1, IMPORT_STEPS)
    if not recompute:
        with transaction.atomic():
            return save_results(read[0], str(path))
    done = hooks.write_through(
        "results",
        lambda: save_results(read[0], str(path)),
        what=f"the import of {Path(path).name}",
        # the file's values are written: their memory is the update's
        committed=read.clear,
    )
    report(IMPORTING, IMPORT_STEPS, IMPORT_STEPS)
    return done


def _external_id(key: str) -> str:
    """The reader keys a player by ``player_id`` when the file gives one, else by ``name:`` and
    the name's key; a player without an id is found by that key (``Player.key``), as from every
    other file (issue 13: it was stored under the external id ``name:…``)."""
    return "" if key.startswith(NAME_KEY_PREFIX) else key


class KnownEvents:
    """The stored events an import may replace, fetched at once (a few queries for the whole
    file, not two per event) and kept up to date as the import changes them, so that
    :func:`stored_event` answers exactly as its one-by-one queries would."""

    def __init__(self, wanted: list[tuple[str, date, str | None]]) -> None:
        self.by_id: dict[str, Event] = {}
        self.by_name: dict[tuple[str, date], Event] = {}
        ids = sorted({i for _, _, i in wanted if i})
        pairs = {(n, d) for n, d, _ in wanted}
        names = sorted({n for n, _ in pairs})
        for i in range(0, len(ids), CHUNK):
            # (``exclude``: the partial unique index's condition, so that SQLite uses it)
            found = Event.objects.filter(external_id__in=ids[i : i + CHUNK]).exclude(external_id="")
            for e in found:
                self.by_id[e.external_id] = e
                self.by_name[(e.name, e.date)] = e
        for i in range(0, len(names), CHUNK):
            for e in Event.objects.filter(name__in=names[i : i + CHUNK]):
                if (e.name, e.date) in pairs:
                    self.by_name[(e.name, e.date)] = self.by_id.get(e.external_id, e)
                    if e.external_id:
                        self.by_id.setdefault(e.external_id, self.by_name[(e.name, e.date)])

    def saved(self, event: Event, old_external_id: str) -> None:
        """``event`` was written: its external id may have changed."""
        if old_external_id and self.by_id.get(old_external_id) is event:
            del self.by_id[old_external_id]
        if event.external_id:
            self.by_id[event.external_id] = event
        self.by_name[(event.name, event.date)] = event


def _by_id(event_id: str, known: KnownEvents | None) -> Event | None:
    if known is not None:
        return known.by_id.get(event_id)
    return Event.objects.filter(external_id=event_id).first()


def _by_name(name: str, day: date, known: KnownEvents | None) -> Event | None:
    if known is not None:
        return known.by_name.get((name, day))
    return Event.objects.filter(name=name, date=day).first()


def stored_event(
    name: str,
    day: date,
    kind: str,
    where: str,
    *,
    event_id: str | None = None,
    known: KnownEvents | None = None,
) -> Event | None:
    """The stored event that an import of ``name`` on ``day`` (or of ``event_id``) replaces, or
    ``None``. Replacing needs the same kind (issue 13: an import of results "replaced" a Tantrix
    event of the same name and date, its matches still attached): another kind is refused with an
    :class:`InputError` at ``where``. One lookup for every import (results, boards, matches,
    Wizard tournaments); ``known``: the events fetched beforehand (a whole results file)."""
    found = _by_id(event_id, known) if event_id else None
    if found is None:
        found = _by_name(name, day, known)
    elif (found.name, found.date) != (name, day):
        clash = _by_name(name, day, known)
        if clash is not None and clash.pk != found.pk:
            raise InputError.at(
                where,
                None,
                "event_id",
                Message.of(
                    "events.two_stored",
                    event_id=repr(event_id),
                    found=str(found),
                    clash=str(clash),
                    name=repr(name),
                    day=day.isoformat(),
                ),
            )
    if found is not None and found.kind != kind:
        raise InputError.at(
            where,
            None,
            "event",
            Message.of(
                "events.other_kind",
                found=str(found),
                kind=str(found.get_kind_display()),
                imported=str(Event.Kind(kind).label),
            ),
        )
    return found


#: The fields an import writes on an event it replaces (its name and date stay).
EVENT_FIELDS = (
    "key",
    "external_id",
    "kind",
    "country",
    "place",
    "rounds",
    "players",
    "world_championship",
    "coefficient",
)


def save_results(results: Results | ResultColumns, where: str = "results") -> ImportSummary:
    """Write ``results`` (checked by the reader; objects or the fast reader's columns) in the
    caller's transaction: players found or created, each event found (:func:`stored_event`) and
    replaced or created, every result written in bulk (``lib.bulk.insert_raw``: COPY on
    PostgreSQL) from the columns, with no object per row. The lists are told which events are
    replaced before they are, and which were written after (``lib.hooks.replacing``: the
    ratings are then brought up to date from there rather than replayed whole)."""
    cols = results if isinstance(results, ResultColumns) else ResultColumns.of_results(results)
    if cols.n_rows >= PG_BULK or len(cols.players) >= GIN_BULK or cols.n_events >= GIN_BULK:
        lock_up_front(Player, Event, Result)  # (its bulk steps' locks, taken first)
    people = [(p.name, _external_id(p.key), p.nationality or "") for p in cols.players]
    ids = resolve_player_ids(people)
    player_pk = np.fromiter(
        (ids[(ext, name_key(name))] for name, ext, _ in people),
        dtype=np.int64,
        count=len(people),
    )
    del people, ids
    n_events = cols.n_events
    known = KnownEvents(
        [(cols.ev_name[e], cols.ev_date[e], cols.ev_id[e]) for e in range(n_events)]
    )
    claimed: dict[int, str] = {}
    written: list[Event] = []
    for e in range(n_events):
        name, day, event_id = cols.ev_name[e], cols.ev_date[e], cols.ev_id[e]
        event = stored_event(name, day, Event.Kind.DIPLOMACY, where, event_id=event_id, known=known)
        if event is None:
            event = Event(name=name, date=day)
        elif event.pk in claimed:
            raise InputError.at(
                where,
                None,
                "event",
                Message.of(
                    "events.same_stored",
                    name=repr(name),
                    other=repr(claimed[event.pk]),
                    event=str(event),
                ),
            )
        old_id = event.external_id
        event.external_id = event_id or event.external_id
        event.kind = Event.Kind.DIPLOMACY
        event.country = cols.ev_country[e] or ""
        event.place = cols.ev_place[e] or ""
        event.rounds = cols.ev_rounds[e]
        event.players = cols.field_size(e)
        event.world_championship = cols.ev_world_championship[e]
        event.coefficient = cols.ev_coefficient[e]
        event.key = name_key(event.name)
        if event.pk is not None:
            claimed[event.pk] = name
        known.saved(event, old_id)
        written.append(event)
    replaced = [e.pk for e in written if e.pk is not None]
    written_as = hooks.replacing("results", replaced)
    for i in range(0, len(replaced), CHUNK):
        Result.objects.filter(event_id__in=replaced[i : i + CHUNK]).delete()
    Event.objects.bulk_update([e for e in written if e.pk is not None], EVENT_FIELDS, CHUNK)
    create_events([e for e in written if e.pk is None])
    report(IMPORTING, 2, IMPORT_STEPS)
    many = cols.n_rows
    bulk = many >= BULK and many * 4 >= Result.objects.count()
    event_pk = np.array([e.pk for e in written], dtype=np.int64)
    with indexes_after(Result, rows=many) if bulk else nullcontext():
        binary = _result_binary(cols, event_pk, player_pk) if bulk else None
        count = copy_columns(Result, RESULT_FIELDS, binary)  # (PostgreSQL, a bulk write)
        if count is None:
            count = insert_raw(Result, RESULT_FIELDS, _result_rows(cols, event_pk, player_pk))
    report(IMPORTING, 3, IMPORT_STEPS)
    written_as([e.pk for e in written])
    return ImportSummary(n_events, count, len(replaced))


def _result_rows(
    cols: ResultColumns, event_pk: npt.NDArray[np.int64], player_pk: npt.NDArray[np.int64]
) -> Iterator[tuple[object, ...]]:
    """The rows of :class:`Result` (``RESULT_FIELDS``): each event's placements in order,
    events in the order of their rows, by chunks of columns (no object per row kept)."""
    event_of_row, rows = _in_event_order(cols, event_pk)
    names = np.array([*cols.nationalities, ""], dtype=object)  # code -1: none
    for at in range(0, rows.shape[0], ROWS_CHUNK):
        part = rows[at : at + ROWS_CHUNK]
        yield from zip(
            event_of_row[at : at + ROWS_CHUNK].tolist(),
            player_pk[cols.row_player[part]].tolist(),
            cols.row_rank[part].tolist(),
            names[cols.row_nationality[part]].tolist(),
            strict=True,
        )


def _in_event_order(
    cols: ResultColumns, event_pk: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The event id of each result row to write, and the file's row it is: each event's
    placements in order, events in the order of their rows."""
    by_start = np.argsort(cols.ev_start, kind="stable")
    sizes = (cols.ev_end - cols.ev_start)[by_start]
    rows = np.concatenate(
        [np.arange(cols.ev_start[e], cols.ev_end[e]) for e in by_start.tolist()]
        or [np.empty(0, dtype=np.int64)]
    ).astype(np.int64)
    return np.repeat(event_pk[by_start], sizes), rows


def _result_binary(
    cols: ResultColumns, event_pk: npt.NDArray[np.int64], player_pk: npt.NDArray[np.int64]
) -> list[Column] | None:
    """The rows of :func:`_result_rows` as columns for a binary COPY (``lib.pgbinary``),
    on PostgreSQL (else ``None``)."""
    if connection.vendor != "postgresql":
        return None
    from palmares.web.lib.pgbinary import Column

    event_of_row, rows = _in_event_order(cols, event_pk)
    nations = cols.row_nationality[rows].astype(np.int64)
    words = (*(n.encode() for n in cols.nationalities), b"")  # code −1: none
    return [
        Column("int8", event_of_row),
        Column("int8", player_pk[cols.row_player[rows]]),
        Column("int4", cols.row_rank[rows].astype(np.int64)),
        Column("text", np.where(nations < 0, len(words) - 1, nations), words=words),
    ]


RESULT_FIELDS = ("event_id", "player_id", "rank", "nationality")
NEW_EVENT_FIELDS = ("id", "name", "date", *EVENT_FIELDS)


def create_events(events: list[Event]) -> None:
    """Write the new ``events`` with ids of their own (``lib.bulk.new_ids``) in one
    ``insert_raw``, each value as Django's ``bulk_create`` prepares it (``get_db_prep_save``),
    with no ``RETURNING`` per row; their ``pk`` is set."""
    for event, pk in zip(events, new_ids(Event, len(events)), strict=True):
        event.pk = pk
    fields = [Event._meta.get_field(f) for f in NEW_EVENT_FIELDS]
    plain = {"id", "name", "key", "external_id", "kind", "country", "place"}
    prepared = [
        (f.attname, None if f.name in plain else f.get_db_prep_save, f)  # type: ignore[union-attr]
        for f in fields
    ]

    def row(event: Event) -> tuple[object, ...]:
        return tuple(
            getattr(event, name) if prep is None else prep(getattr(event, name), connection)
            for name, prep, _ in prepared
        )

    attnames = [f.attname for f in fields]  # type: ignore[union-attr]
    with new_rows(Event, len(events)):
        insert_raw(Event, attnames, (row(e) for e in events))


@dataclass(frozen=True, slots=True)
class ResultIn:
    """One row of a classification sent to :func:`replace_results`."""

    player: str
    rank: int
    nationality: str = ""
    player_id: str = ""


def replace_results(event: Event, rows: list[ResultIn], *, players: int | None = None) -> Event:
    """Replace ``event``'s classification with ``rows``, checked as results.csv rows are
    (``io.results``: each player once, ranks within the field …); the field size is ``players``
    if given, else the stored one (else the number of rows). Raises
    :class:`~palmares.core.errors.InputError` (lines: row ``i`` is line ``i + 2``) having
    written nothing; recomputes the ratings after the commit; returns the stored event."""
    if event.kind != Event.Kind.DIPLOMACY:
        said = Message.of("events.from_games", event=str(event), kind=str(event.kind))
        raise PalmaresError.of(said)
    if not rows:
        raise PalmaresError.of(Message.of("events.no_rows"))
    size = players if players is not None else event.players
    typed = [
        ResultRow(
            event=event.name,
            date=event.date,
            player=r.player,
            rank=r.rank,
            event_id=event.external_id,
            player_id=r.player_id,
            nationality=r.nationality,
            country=event.country,
            place=event.place,
            rounds=event.rounds,
            players=size,
            world_championship=event.world_championship,
            coefficient=event.coefficient,
        )
        for r in rows
    ]
    results = results_of_rows(typed, "results")
    hooks.write_through(
        "results", lambda: save_results(results, "results"), what=f"the results of {event}"
    )
    return Event.objects.get(pk=event.pk)
