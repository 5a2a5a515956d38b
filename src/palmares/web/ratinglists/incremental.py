"""File one new event into the stored Dip Pouch figures without rewriting the others.

Seed 000's rating is one recurrence per player over their own events, so a new event changes
only its players' ratings from its date on (``RatingHistory.add_event`` recomputes just those,
re-running their later events when it is not the latest), and the rating lists from its year on.
:func:`add_event_to_dip_pouch` replays the stored events without the new one, adds it, and
rewrites only those rows: the new event's entries, its players' later entries, the Permanent list
and the year-end lists from the event's year on; the players' skill ratings (μ ± σ) are
replayed whole and only the rows that moved rewritten. The figures are the full replay's (tested
against :func:`~palmares.web.ratinglists.services.recompute_dip_pouch`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np
from django.db import transaction
from django.db.models import F

from palmares.ratings import RatingHistory, Results
from palmares.ratings.engine import ResultArrays
from palmares.web.events.models import Event
from palmares.web.lib.bulk import insert_rows
from palmares.web.lib.concurrency import hold
from palmares.web.ratinglists.models import Publication, RatingEntry, Standing
from palmares.web.ratinglists.services import (
    ENTRY_FIELDS,
    STANDING_FIELDS,
    SYSTEM,
    entry_rows,
    publish,
    recompute_dip_pouch,
    results_from_database,
    standing_rows,
)
from palmares.web.ratinglists.skill import dip_pouch_skill, store_dip_pouch

__all__ = ["Filed", "add_event_to_dip_pouch"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Filed:
    """What the incremental replay rewrote."""

    entries: int  # rating moves written (the event's and its players' later ones)
    lists: tuple[int, ...]  # the lists rewritten (0: Permanent, else the year)
    full: bool  # True: the stored figures had to be replayed whole


def add_event_to_dip_pouch(event: Event) -> Filed:
    """Add ``event`` (its results just written in the caller's transaction) to the Dip Pouch
    figures, incrementally, and note the write (``Publication.requested``).

    Call inside the writing transaction; it takes the list's lock
    (:func:`palmares.web.lib.concurrency.hold`) — the caller should take it first, before its
    own writes. Falls back to the full replay when the stored figures are not the replay of the
    other events: the event already has entries, no list was ever published, or an earlier
    write is not covered yet (``computed < requested``).
    """
    hold(SYSTEM)
    Publication.objects.get_or_create(system=SYSTEM)
    stored = Publication.objects.select_for_update().get(system=SYSTEM)
    behind = stored.computed < stored.requested or stored.generation == 0
    Publication.objects.filter(system=SYSTEM).update(requested=F("requested") + 1)
    stamp = stored.requested + 1
    if behind or RatingEntry.objects.filter(system=SYSTEM, event=event).exists():
        moves = recompute_dip_pouch()
        return Filed(moves, (), True)
    results, result_of = results_from_database()
    key = str(event.pk)
    new = [e for e in results.events if e.key == key]
    if not new:
        return Filed(0, (), False)  # no results: nothing to rate
    others = [e for e in results.events if e.key != key]
    nationalities: dict[str, int] = {}
    base = Results.of(others, results.players)
    arrays = ResultArrays.from_results(base, nationalities)
    skill_before = dip_pouch_skill(arrays, list(results.players))  # what the stored rows hold
    history = RatingHistory(arrays, list(results.players.values()), base.events, nationalities)
    history.add_event(new[0])
    engine = history.engine
    events = [*base.events, new[0]]  # the engine's event indexes
    player_ids = [int(k) for k in results.players]
    index = {k: i for i, k in enumerate(results.players)}
    affected = np.array([index[pl.player] for pl in new[0].placements], dtype=np.int32)
    day = event.date.toordinal()
    n = engine.n_rows
    on_or_after = engine.ev_day[engine.row_event[:n]] >= day
    rows = np.flatnonzero(np.isin(engine.row_player[:n], affected) & on_or_after)
    years = sorted({e.date.year for e in events})
    lists = [0, *[y for y in years if y >= event.date.year]]
    sizes: dict[str, dict[str, int]] = {
        y: counts
        for y, counts in dict(stored.summary.get("sizes", {})).items()
        if int(y) not in lists and int(y) in years
    }
    with transaction.atomic():
        RatingEntry.objects.filter(
            system=SYSTEM,
            player_id__in=[player_ids[int(p)] for p in affected],
            date__gte=event.date,
        ).delete()
        moves = insert_rows(
            RatingEntry,
            ENTRY_FIELDS,
            entry_rows(engine, events, player_ids, result_of, (int(i) for i in rows)),
        )
        Standing.objects.filter(system=SYSTEM, year__in=lists).delete()
        insert_rows(Standing, STANDING_FIELDS, standing_rows(history, lists, sizes))
        # The skill ratings of the whole history, rewritten only where they moved.
        every = ResultArrays.from_results(results, {})
        store_dip_pouch(every, list(results.players), before=skill_before)
        publish(years, dict(sorted(sizes.items(), key=lambda kv: int(kv[0]))), computed=stamp)
    log.info("dip-pouch: %s filed, %d rating moves, lists %s", event, moves, lists)
    return Filed(moves, tuple(lists), False)
