"""Recompute the Dip Pouch histories and lists from every stored result (one transaction)."""

from __future__ import annotations

import logging
from itertools import groupby

from django.db import transaction

from palmares.web.events.models import Event, Result
from palmares.web.ratinglists import engine
from palmares.web.ratinglists.models import RatingEntry, Standing

__all__ = ["recompute_dip_pouch"]

log = logging.getLogger(__name__)
SYSTEM = "dip-pouch"
BATCH = 5000


def recompute_dip_pouch() -> int:
    """Replay every Diplomacy event in date order; return the number of rating moves."""
    rows = (
        Result.objects.filter(event__kind=Event.Kind.DIPLOMACY)
        .order_by("event__date", "event_id", "rank", "player_id")
        .values_list(
            "id",
            "event_id",
            "event__date",
            "event__players",
            "event__rounds",
            "event__world_championship",
            "event__coefficient",
            "player_id",
            "rank",
            "nationality",
        )
    )
    events: list[engine.EventIn] = []
    result_of: dict[tuple[int, int], int] = {}
    nationality: dict[int, str] = {}
    for event_id, group in groupby(rows.iterator(chunk_size=BATCH), key=lambda r: r[1]):
        members = list(group)
        first = members[0]
        for r in members:
            result_of[(r[7], event_id)] = r[0]
            if r[9]:
                nationality[r[7]] = r[9]
        events.append(
            engine.EventIn(
                event_id=event_id,
                date=first[2],
                players=first[3] or len(members),
                rounds=first[4],
                world_championship=first[5],
                coefficient=first[6],
                placements=tuple((r[7], r[8]) for r in members),
            )
        )
    moves = engine.replay(events)
    lists = engine.lists_by_year(moves, nationality)
    with transaction.atomic():
        RatingEntry.objects.filter(system=SYSTEM).delete()
        Standing.objects.filter(system=SYSTEM).delete()
        RatingEntry.objects.bulk_create(
            (
                RatingEntry(
                    system=SYSTEM,
                    player_id=m.player_id,
                    event_id=m.event_id,
                    result_id=result_of[(m.player_id, m.event_id)],
                    date=m.date,
                    rating_before=m.rating_before,
                    rating_after=m.rating_after,
                    percentile=m.percentile,
                    tournament_value=m.tournament_value,
                )
                for m in moves
            ),
            batch_size=BATCH,
        )
        Standing.objects.bulk_create(
            (
                Standing(
                    system=SYSTEM,
                    year=year,
                    player_id=e.player_id,
                    nationality=e.nationality,
                    rating=e.rating,
                    rank=e.rank,
                    national_rank=e.national_rank,
                    events=e.events,
                )
                for year, entries in lists.items()
                for e in entries
            ),
            batch_size=BATCH,
        )
    log.info("dip-pouch: %d events, %d rating moves", len(events), len(moves))
    return len(moves)
