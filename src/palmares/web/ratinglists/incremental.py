"""Bring the stored Dip Pouch figures up to date after a write, rewriting only what changed.

Seed 000's rating is one recurrence per player over their own events, so a write that replaces
or adds a few events changes only the ratings of those events' players (before and after the
write) from the earliest changed date on, and the lists from that year on. :func:`apply_change`
replays the stored results as they were (the write's :class:`~palmares.web.ratinglists.changes.
Change` puts back what it replaced) and as they are, both in the vectorised engine, and writes
the difference: the changed players' rating moves from that date on, in each list from that year
on the blocks of lines whose bytes differ (``blocks``), and the Permanent list's rows that differ
(a player's rating, rank, national rank, events, position or national position; written whole
when mostly changed); the skill ratings of the players the write reached (``skill_update``). The
figures are those of the full replay, to the digit (tested against
:func:`~palmares.web.ratinglists.services.recompute_dip_pouch`).

Both states come from the stored snapshot of the columns (``snapshot``, issue 15) when it is
the state the stored figures cover: its columns spliced with the rows of the events written
since it, read now (``splice``) — a few queries, not every result. Without one (a database from
before snapshots, or a write whose update did not note its events) they come from every stored
result (``columns.load``'s query), and a snapshot of the state after the write is stored for the
next one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date
from itertools import chain

import numpy as np
from django.db import transaction
from django.db.models import F

from palmares.ratings.engine import Engine
from palmares.web.events.models import Event
from palmares.web.lib.bulk import insert_raw
from palmares.web.lib.concurrency import hold
from palmares.web.ratinglists import blocks, columns, lists, snapshot
from palmares.web.ratinglists.changes import Change
from palmares.web.ratinglists.models import Publication, RatingEntry, Standing
from palmares.web.ratinglists.services import (
    ENTRY_FIELDS,
    STANDING_FIELDS,
    SYSTEM,
    nationality_names,
    publish,
    recompute_dip_pouch,
)
from palmares.web.ratinglists.skill_update import reached, skill_columns, store_reached
from palmares.web.ratinglists.splice import splice

__all__ = ["Filed", "add_event_to_dip_pouch", "apply_change"]

log = logging.getLogger(__name__)
CHUNK = 500


@dataclass(frozen=True, slots=True)
class Filed:
    """What the update rewrote."""

    entries: int  # rating moves written (the changed players' from the earliest changed date)
    lists: tuple[int, ...]  # the lists looked at (0: Permanent, else the year)
    lines: int  # list lines written
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
    Publication.objects.filter(system=SYSTEM).update(requested=F("requested") + 1)
    stamp = stored.requested + 1
    if RatingEntry.objects.filter(system=SYSTEM, event=event).exists():
        return Filed(recompute_dip_pouch(), (), 0, True)
    return apply_change(Change(events=[event.pk]), stamp)


def apply_change(change: Change, stamp: int) -> Filed:
    """Bring the figures up to date after write ``stamp`` (its ``change``), incrementally when
    the stored figures cover every write before it, else by the full replay. Call inside a
    transaction holding the list's lock."""
    hold(SYSTEM)
    Publication.objects.get_or_create(system=SYSTEM)
    stored = Publication.objects.select_for_update().get(system=SYSTEM)
    if stored.generation == 0 or stored.computed != stamp - 1 or change.large:
        return Filed(recompute_dip_pouch(), (), 0, True)
    touched = {*change.events, *change.old_facts}
    base = snapshot.current(SYSTEM, stored.computed)
    states = _from_tables(change, touched) if base is None else _spliced(base, change, touched)
    if states is None:  # most of it (the full replay is quicker), or results changed unnoted
        return Filed(recompute_dip_pouch(), (), 0, True)
    now, was, facts, since = states
    new, old = Engine(now.arrays), Engine(was.arrays)
    days = [facts[e][2] for e in change.events if e in facts]
    days += [f[2] for f in change.old_facts.values()]
    if not days:  # nothing of the write is stored as a Diplomacy result: replay to be sure
        return Filed(recompute_dip_pouch(), (), 0, True)
    first = min(days)
    players = {r[2] for r in change.old_rows}
    in_touched = np.isin(now.event_ids, list(touched))
    rows_now = np.flatnonzero(in_touched[now.arrays.row_event])
    players.update(now.player_ids[now.arrays.row_player[rows_now]].tolist())
    with transaction.atomic():
        moves = _entries(new, now, players, first)
        lists, lines, sizes = _lists(new, now, old, was, first.year, stored.summary)
        # The skill ratings (μ ± σ) of the whole history, computed once and rewritten for the
        # players the write reached. (Weng–Lin moves a player by the ratings of the event's
        # other players, so a change spreads to their later opponents: the skill is not a
        # per-player recurrence and is recomputed whole.)
        store_reached(skill_columns(now), reached(now, was, touched, first))
        publish(now.years, sizes, computed=stamp)
        if since is None or _rows_of(now, since) > snapshot.REBASE:
            snapshot.save(SYSTEM, now, stamp)  # the columns after this write, for the next
        else:
            assert base is not None
            snapshot.note(SYSTEM, base.stamp, since, stamp)
    log.info("dip-pouch: %d rating moves, lists %s (%d lines) rewritten", moves, lists, lines)
    return Filed(moves, tuple(lists), lines, False)


#: The states after and before a write (``columns.Stored``), the facts of the events after
#: it, and the events written since the snapshot (``None``: none was used).
States = tuple[columns.Stored, columns.Stored, dict[int, columns.Facts], list[int] | None]


def _from_tables(change: Change, touched: set[int]) -> States | None:
    """Both states from every stored result (no snapshot that the stored figures cover)."""
    people = columns.fetch_people()
    columns_now = columns.fetch_columns()
    facts = columns.fetch_facts()
    kept = ~np.isin(columns_now.eid, np.asarray(sorted(touched), dtype=np.int64))
    changed = int(kept.shape[0] - np.count_nonzero(kept)) + len(change.old_rows)
    if changed * 4 > kept.shape[0]:
        return None
    now = columns.build(columns_now, facts, people)
    was = columns.build(
        columns_now.replaced(sorted(touched), change.old_rows),
        {**facts, **change.old_facts},
        people,
    )
    return now, was, facts, None


def _spliced(base: snapshot.Current, change: Change, touched: set[int]) -> States | None:
    """Both states from the snapshot and the rows of the events written since it, read now
    (those of this write: as they were before it, ``change``)."""
    since = sorted({*base.events, *touched})
    rows = columns.fetch_rows(since)
    if (len(rows) + len(change.old_rows)) * 4 > base.stored.arrays.n_rows:
        return None
    facts = columns.fetch_facts(since)
    rows_was = [r for r in rows if r[1] not in touched] + list(change.old_rows)
    facts_was = {e: f for e, f in facts.items() if e not in touched} | change.old_facts
    names = dict(columns.fetch_people({r[2] for r in (*rows, *change.old_rows)}))
    now = splice(base.stored, since, rows, facts, names)
    if columns.fetch_tally() != (now.arrays.n_rows, int(now.result_ids.sum())):
        # Results written or deleted past the writes noted (a raw edit, the admin's): neither
        # the snapshot nor the stored figures are their state; the full replay is.
        log.warning("dip-pouch: results changed past the writes noted; replayed whole")
        return None
    # (the first write since the snapshot: the state before it is the snapshot's)
    was = splice(base.stored, since, rows_was, facts_was, names) if base.events else base.stored
    return now, was, facts, since


def _rows_of(stored: columns.Stored, events: list[int]) -> int:
    """How many of ``stored``'s rows are of ``events``."""
    counts = np.bincount(stored.arrays.row_event, minlength=stored.event_ids.shape[0])
    return int(counts[np.isin(stored.event_ids, events)].sum())


def _entries(engine: Engine, stored: columns.Stored, players: set[int], first: date) -> int:
    """Rewrite the rating moves of ``players`` on or after ``first``."""
    ids = sorted(players)
    for i in range(0, len(ids), CHUNK):
        RatingEntry.objects.filter(
            system=SYSTEM, player_id__in=ids[i : i + CHUNK], date__gte=first
        ).delete()
    n = engine.n_rows
    mine = np.zeros(stored.player_ids.shape[0], dtype=bool)
    if mine.shape[0]:  # (player ids are in index order)
        wanted = np.asarray(ids, dtype=np.int64)
        at = np.minimum(np.searchsorted(stored.player_ids, wanted), mine.shape[0] - 1)
        mine[at[stored.player_ids[at] == wanted]] = True
    later = stored.arrays.event_day >= first.toordinal()
    rows = np.flatnonzero(mine[engine.row_player[:n]] & later[engine.row_event[:n]])
    rows = rows.astype(np.int64)
    return insert_raw(
        RatingEntry, ENTRY_FIELDS, chain.from_iterable(columns.entry_columns(engine, stored, rows))
    )


def _lists(
    new: Engine,
    now: columns.Stored,
    old: Engine,
    was: columns.Stored,
    since: int,
    summary: dict[str, object],
) -> tuple[list[int], int, dict[str, dict[str, int]]]:
    """Rewrite the blocks of the lists from year ``since`` on (and of the Permanent list) that
    differ between the replay before (``old``) and after (``new``) the write, and the
    Permanent list's rows that differ."""
    kept_sizes = dict(summary.get("sizes", {}))  # type: ignore[call-overload]
    sizes = {y: c for y, c in kept_sizes.items() if int(y) < since and int(y) in now.years}
    names_now, names_was = nationality_names(now), nationality_names(was)
    made_now = lists.Lists(new, lists.by_name(now))
    made_was = lists.Lists(old, lists.by_name(was))
    years = [0, *sorted(y for y in {*now.years, *was.years} if y >= since)]
    lines = 0
    for year in years:
        if year not in now.years and year != 0:
            blocks.delete(year)
            continue
        after = made_now.of(year)
        sizes[str(year)] = lists.sizes(after, names_now)
        if year != 0 and year not in was.years:
            blocks.delete(year)
            lines += blocks.write(year, blocks.list_blocks(after, now, names_now))
            continue
        before = made_was.of(year)
        changed, gone = _differing(after, now, names_now, before, was, names_was)
        keys, dropped = blocks.changed_keys(after, names_now, before, names_was, changed)
        made = blocks.list_blocks(after, now, names_now, keys)
        lines += blocks.replace(year, made, keys, dropped)
        if year == 0:
            _write_permanent(after, now, names_now, (changed, gone))
    return years, lines, dict(sorted(sizes.items(), key=lambda kv: int(kv[0])))


def _differing(
    after: lists.ListColumns,
    now: columns.Stored,
    names_now: list[str],
    before: lists.ListColumns,
    was: columns.Stored,
    names_was: list[str],
) -> tuple[np.ndarray, np.ndarray]:
    """The lines of ``after`` that are not in ``before`` as they are (indexes into ``after``),
    and the player ids of ``before`` that ``after`` no longer lists."""
    ids_after = now.player_ids[after.players]
    ids_before = was.player_ids[before.players]
    top = int(max(ids_after.max(initial=0), ids_before.max(initial=0))) + 1
    at = np.full(top, -1, dtype=np.int64)
    at[ids_before] = np.arange(ids_before.shape[0])
    j = at[ids_after]
    known = j >= 0
    jj = np.where(known, j, 0)
    # Nationalities compared by name: codes of the two replays translated to one table.
    code = {name: i for i, name in enumerate(names_now)}
    translate = np.array([code.get(n, -2) for n in names_was] + [-1], dtype=np.int64)
    same = known & (jj == np.arange(ids_after.shape[0]))  # position
    if before.players.shape[0]:
        same &= translate[before.nations[jj]] == after.nations
        same &= before.ratings[jj] == after.ratings
        same &= before.ranks[jj] == after.ranks
        same &= before.national_ranks[jj] == after.national_ranks
        same &= before.events[jj] == after.events
        same &= before.national_positions[jj] == after.national_positions
    listed_after = np.zeros(top, dtype=bool)
    listed_after[ids_after] = True
    gone = ids_before[~listed_after[ids_before]]
    return np.flatnonzero(~same), gone


def _write_permanent(
    after: lists.ListColumns,
    now: columns.Stored,
    names: list[str],
    subset: tuple[np.ndarray, np.ndarray],
) -> int:
    """Write the Permanent list's rows ``subset`` (changed, gone), or all of them when most
    changed."""
    if subset[0].shape[0] + subset[1].shape[0] > after.players.shape[0] // 2:
        Standing.objects.filter(system=SYSTEM, year=0).delete()
        return insert_raw(
            Standing,
            STANDING_FIELDS,
            chain.from_iterable(lists.standing_columns(after, now, names)),
        )
    changed, gone = subset
    ids = sorted({*now.player_ids[after.players[changed]].tolist(), *gone.tolist()})
    for i in range(0, len(ids), CHUNK):
        Standing.objects.filter(system=SYSTEM, year=0, player_id__in=ids[i : i + CHUNK]).delete()
    return insert_raw(
        Standing,
        STANDING_FIELDS,
        chain.from_iterable(lists.standing_columns(after, now, names, changed)),
    )
