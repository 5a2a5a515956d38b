"""Recompute the Dip Pouch histories and lists from every stored result (one transaction).

The stored rows become the rating engine's values (``palmares.ratings``: events keyed by database
id, players by database id), the engine replays them, and its figures are written back: one
:class:`RatingEntry` per result (percentile, tournament value, rating before and after) and the
rating lists — Permanent (year 0) and the list on 31 December of each year with events — in
blocks of lines (``ratinglists.blocks``), the Permanent list also as :class:`Standing` rows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import partial
from itertools import chain, groupby
from typing import TYPE_CHECKING

from django.db import connection, models, transaction

from palmares.ratings import Event as EngineEvent
from palmares.ratings import Placement, RatingHistory, Results, percentile, year_end
from palmares.ratings import Player as EnginePlayer
from palmares.ratings.engine import Engine
from palmares.web.events.models import Event, Result
from palmares.web.lib.bulk import (
    PG_BULK,
    copy_columns,
    indexes_after,
    insert_raw,
    lock_up_front,
)
from palmares.web.lib.concurrency import hold
from palmares.web.players.models import Player
from palmares.web.ratinglists import binary, blocks, columns, lists, snapshot
from palmares.web.ratinglists.models import Publication, RatingEntry, SkillRating, Standing
from palmares.web.ratinglists.skill import store, stored_skill

if TYPE_CHECKING:
    from palmares.web.lib.pgbinary import Column

__all__ = [
    "SYSTEM",
    "entry_rows",
    "generation",
    "publication",
    "publish",
    "recompute_dip_pouch",
    "results_from_database",
    "standing_rows",
]

log = logging.getLogger(__name__)
SYSTEM = "dip-pouch"
BATCH = 5000
PLACES = Decimal("0.000000000001")


def _decimal(value: Fraction | float) -> Decimal:
    if isinstance(value, Fraction):
        return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(PLACES)
    return Decimal(repr(value)).quantize(PLACES)


def results_from_database() -> tuple[Results, dict[tuple[int, int], int]]:
    """Every stored Diplomacy result as the engine's ``Results`` (keys are database ids).

    Also returns the result id of each (player id, event id), to link the entries back.
    """
    rows = (
        Result.objects.filter(event__kind=Event.Kind.DIPLOMACY)
        .order_by("event_id", "rank", "player_id")
        .values_list("id", "event_id", "player_id", "rank", "nationality")
    )
    facts = {
        e["id"]: e
        for e in Event.objects.filter(kind=Event.Kind.DIPLOMACY).values(
            "id",
            "name",
            "date",
            "external_id",
            "country",
            "place",
            "rounds",
            "players",
            "world_championship",
            "coefficient",
        )
    }
    result_of: dict[tuple[int, int], int] = {}
    events: list[EngineEvent] = []
    for event_id, group in groupby(rows.iterator(chunk_size=BATCH), key=lambda r: r[1]):
        members = list(group)
        f = facts[event_id]
        for r in members:
            result_of[(r[2], event_id)] = r[0]
        events.append(
            EngineEvent(
                key=str(event_id),
                name=f["name"],
                date=f["date"],
                placements=tuple(Placement(str(r[2]), r[3], r[4] or None) for r in members),
                event_id=f["external_id"] or None,
                country=f["country"] or None,
                place=f["place"] or None,
                rounds=f["rounds"],
                players=f["players"],
                world_championship=f["world_championship"],
                coefficient=f["coefficient"],
            )
        )
    wanted = {int(pl.player) for e in events for pl in e.placements}
    players = {
        str(pk): EnginePlayer(str(pk), name, nationality or None)
        for pk, name, nationality in Player.objects.values_list(
            "pk", "name", "nationality"
        ).iterator(chunk_size=BATCH)
        if pk in wanted
    }
    return Results.of(events, players), result_of


ENTRY_FIELDS = (
    "system",
    "player_id",
    "event_id",
    "result_id",
    "date",
    "rating_before",
    "rating_after",
    "percentile",
    "tournament_value",
)
STANDING_FIELDS = (
    "system",
    "year",
    "player_id",
    "nationality",
    "rating",
    "rank",
    "national_rank",
    "events",
    "position",
    "national_position",
)


def entry_rows(
    engine: Engine,
    events: Sequence[EngineEvent],
    player_ids: Sequence[int],
    result_of: Mapping[tuple[int, int], int],
    rows: Iterable[int] | None = None,
) -> Iterator[tuple[object, ...]]:
    """One :class:`RatingEntry` row (``ENTRY_FIELDS``) per engine row (``rows``: only those)."""
    if rows is None:
        rows = (i for e in range(len(events)) for i in range(engine.ev_start[e], engine.ev_end[e]))
    for i in rows:
        e = int(engine.row_event[i])
        event = events[e]
        event_id = int(event.key)
        player_id = player_ids[int(engine.row_player[i])]
        yield (
            SYSTEM,
            player_id,
            event_id,
            result_of[(player_id, event_id)],
            event.date,
            _decimal(float(engine.before[i])),
            _decimal(float(engine.after[i])),
            _decimal(percentile(int(engine.row_rank[i]), int(engine.ev_players[e]))),
            _decimal(float(engine.ev_value[e])),
        )


def standing_rows(
    history: RatingHistory, years: Iterable[int], sizes: dict[str, dict[str, int]]
) -> Iterator[tuple[object, ...]]:
    """The :class:`Standing` rows (``STANDING_FIELDS``) of the lists of ``years`` (0: the
    Permanent list); each list's counts (all, by nation) go into ``sizes``."""
    for year in years:
        as_of = None if year == 0 else year_end(year)
        counts: dict[str, int] = {"": 0}
        for entry in history.ranking(as_of=as_of).entries:
            counts[""] += 1
            nation = entry.nationality or ""
            national: int | None = None
            if nation:
                national = counts[nation] = counts.get(nation, 0) + 1
            yield (
                SYSTEM,
                year,
                int(entry.player),
                nation,
                _decimal(entry.rating),
                entry.rank,
                entry.national_rank,
                entry.events,
                counts[""],
                national,
            )
        sizes[str(year)] = counts


def publish(years: list[int], sizes: dict[str, dict[str, int]], *, computed: int) -> None:
    """A new generation of the lists (the pages' caches follow it) with their summary;
    ``computed``: the write requests these figures cover (``Publication.requested``)."""
    publication, _ = Publication.objects.select_for_update().get_or_create(system=SYSTEM)
    publication.generation += 1
    nations = sorted({n for counts in sizes.values() for n in counts if n})
    publication.summary = {"years": years, "nations": nations, "sizes": sizes}
    publication.computed = computed
    publication.save()


def recompute_dip_pouch() -> int:
    """Replay every Diplomacy event in the engine; store its figures and every player's skill
    rating (``ratinglists.skill``); return the moves. The figures of "which rating predicts
    best" follow the new lists in a worker (the backtest job ``ratinglists.backtests`` describes),
    not here.

    One transaction holding the list's lock (``lib.concurrency.hold``): no write of results
    runs meanwhile, so what is read is what is committed, and the stored figures cover every
    write noted before (``Publication.computed`` = ``requested``). Writers call it after their
    commit through :func:`palmares.web.ratinglists.writes.write_results`."""
    with transaction.atomic():
        hold(SYSTEM)
        moves = _recompute()
    return moves


def _recompute() -> int:
    covered = Publication.objects.filter(system=SYSTEM).values_list("requested", flat=True).first()
    stored = columns.load()
    engine = Engine(stored.arrays)  # the bare engine: every row's rating before and after
    skill = stored_skill(stored)  # μ ± σ for the player pages
    years = stored.years
    sizes: dict[str, dict[str, int]] = {}
    tables = (RatingEntry, Standing, SkillRating)
    with transaction.atomic():
        if engine.n_rows >= PG_BULK:  # the locks the constraints' rebuild takes, first
            lock_up_front(Player, Event, Result, *tables)
        with indexes_after(*tables, rows=engine.n_rows):
            RatingEntry.objects.filter(system=SYSTEM).delete()
            Standing.objects.filter(system=SYSTEM).delete()
            blocks.delete()
            order = columns.entry_order(stored)
            moves = _write(
                RatingEntry,
                ENTRY_FIELDS,
                lambda: binary.entry_binary(engine, stored, order),
                lambda: chain.from_iterable(columns.entry_columns(engine, stored, order)),
            )
            lines = write_lists(engine, stored, [0, *years], sizes)
            store(SYSTEM, skill)
            publish(years, sizes, computed=covered or 0)
            # The columns replayed, for the next incremental update (``ratinglists.snapshot``).
            snapshot.save(SYSTEM, stored, covered or 0)
    log.info("dip-pouch: %d rating moves, %d list lines", moves, lines)
    return moves


def nationality_names(stored: columns.Stored) -> list[str]:
    names = [""] * len(stored.nationalities)
    for name, code in stored.nationalities.items():
        names[code] = name
    return names


def write_lists(
    engine: Engine, stored: columns.Stored, years: Iterable[int], sizes: dict[str, dict[str, int]]
) -> int:
    """Write the lists of ``years`` (0: Permanent) whole, in blocks (``blocks``; the Permanent
    list as rows too); their counts go into ``sizes``; return the lines."""
    made = lists.Lists(engine, lists.by_name(stored))
    names = nationality_names(stored)
    lines = 0
    for year in years:
        listed = made.of(year)
        lines += blocks.write(year, blocks.list_blocks(listed, stored, names))
        if year == 0:  # the Permanent list's rows too: the player pages join them
            by_player = lists.by_player(listed, stored)
            _write(
                Standing,
                STANDING_FIELDS,
                partial(binary.standing_binary, listed, stored, names, by_player),
                partial(
                    chain.from_iterable, lists.standing_columns(listed, stored, names, by_player)
                ),
            )
        sizes[str(year)] = lists.sizes(listed, names)
    return lines


def _write(
    model: type[models.Model],
    fields: Sequence[str],
    binary_columns: Callable[[], list[Column] | None],
    rows: Callable[[], Iterable[Sequence[object]]],
) -> int:
    """Write derived rows: on PostgreSQL by binary COPY of ``binary_columns()``
    (``lib.bulk.copy_columns``), else (or when a value does not fit that form) as ``rows()``
    (``lib.bulk.insert_raw``)."""
    written = (
        copy_columns(model, fields, binary_columns()) if connection.vendor == "postgresql" else None
    )
    return insert_raw(model, fields, rows()) if written is None else written


def publication(system: str = SYSTEM) -> Publication:
    """The current generation and summary of ``system``'s lists (generation 0: none yet)."""
    found = Publication.objects.filter(system=system).first()
    return found if found is not None else Publication(system=system)


def generation(system: str = SYSTEM) -> int:
    return int(publication(system).generation)
