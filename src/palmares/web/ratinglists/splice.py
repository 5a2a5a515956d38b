"""The engine's columns of the stored results after a write, made from columns built before
it (a snapshot, ``ratinglists.snapshot``) and the rows of the events written — not from every
stored result read again (issue 15: one event re-imported into a million results).

:func:`splice` gives what :func:`~palmares.web.ratinglists.columns.build` gives for the same
results, array for array (tested), but for the codes of the nationalities: the base's are kept
and a new nationality takes the next code (every use of a code goes through its name). Only the
events written are looked at one by one; the rest is numpy over the base's arrays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import TypeVar

import numpy as np

from palmares.ratings.engine import ResultArrays
from palmares.ratings.events import event_order_key
from palmares.web.ratinglists.columns import I64, Facts, Row, RowColumns, Stored, value_of
from palmares.web.ratinglists.lists import by_name

__all__ = ["splice"]

T = TypeVar("T")


def splice(
    base: Stored,
    events: Sequence[int],
    rows: Sequence[Row],
    facts: Mapping[int, Facts],
    names: Mapping[int, str],
) -> Stored:
    """``base`` with the rows of ``events`` (ids) replaced by ``rows`` (those events' rows as
    they are to be, in any order; an event left without a row is gone), with the ``facts`` of
    the events that have rows and the ``names`` of the players in ``rows`` (a name given
    replaces the base's)."""
    a = base.arrays
    touched = np.unique(np.asarray(list(events), dtype=np.int64))
    hit = np.isin(base.event_ids, touched)
    counts = np.bincount(a.row_event, minlength=base.event_ids.shape[0]).astype(np.int64)
    keep = ~hit[a.row_event]
    new = RowColumns.of(rows, dict(base.nationalities))
    if new.rid.shape[0] and not bool(np.isin(new.eid, touched).all()):
        raise ValueError("splice: a row of an event not among the events replaced")
    order = np.lexsort((new.rid, new.eid))
    rid, eid, pid = new.rid[order], new.eid[order], new.pid[order]
    rank, nat = new.rank[order], new.nat[order]
    added, added_counts = np.unique(eid, return_counts=True)

    # Events: the base's kept ones (their figures as they were) and the written ones.
    kept_ev = np.flatnonzero(~hit)
    event_ids = np.concatenate([base.event_ids[kept_ev], added])
    by_id = np.argsort(event_ids, kind="stable")
    event_ids = event_ids[by_id]
    fresh = [facts[int(e)] for e in added.tolist()]
    day = np.concatenate(
        [a.event_day[kept_ev], np.array([f[2].toordinal() for f in fresh], dtype=np.int32)]
    )[by_id]
    field = [f[5] if f[5] is not None else int(c) for f, c in zip(fresh, added_counts, strict=True)]
    value = np.concatenate(
        [
            a.event_value[kept_ev],
            np.array([value_of(f, n) for f, n in zip(fresh, field, strict=True)], dtype=np.float64),
        ]
    )[by_id]
    players = np.concatenate([a.event_players[kept_ev], np.array(field, dtype=np.int32)])[by_id]
    ev_counts = np.concatenate([counts[kept_ev], added_counts.astype(np.int64)])[by_id]
    pick = by_id.tolist()
    kept_list = kept_ev.tolist()
    dates = _pick([base.event_dates[e] for e in kept_list] + [f[2] for f in fresh], pick)
    externals = _pick(
        [base.event_externals[e] for e in kept_list] + [f[3] or "" for f in fresh], pick
    )
    event_names = _pick([base.event_names[e] for e in kept_list] + [f[1] for f in fresh], pick)
    position = _positions(base, event_ids, dates, externals, event_names)

    # Rows: the kept ones in their order, each written event's inserted where its id falls.
    kept_cum = np.concatenate(([0], np.cumsum(counts[kept_ev])))
    at = np.repeat(kept_cum[np.searchsorted(base.event_ids[kept_ev], added)], added_counts)
    result_ids = np.insert(base.result_ids[keep], at, rid)
    row_rank = np.insert(a.row_rank[keep], at, rank.astype(np.int32))
    row_nat = np.insert(a.row_nationality[keep], at, nat.astype(a.row_nationality.dtype))
    row_event = np.repeat(np.arange(event_ids.shape[0], dtype=np.int32), ev_counts)

    # Players: those with a row, in id order.
    kept_rows_player = a.row_player[keep]
    used = np.bincount(kept_rows_player, minlength=base.player_ids.shape[0]) > 0
    same = bool(used.all()) and _among(pid, base.player_ids)
    player_ids = base.player_ids if same else np.union1d(base.player_ids[used], pid)
    if same:
        player_names = list(base.player_names)
        row_player_kept = kept_rows_player
    else:
        at_base = np.searchsorted(base.player_ids, player_ids)
        known = at_base < base.player_ids.shape[0]
        known[known] = base.player_ids[at_base[known]] == player_ids[known]
        player_names = [
            base.player_names[i] if k else ""
            for i, k in zip(at_base.tolist(), known.tolist(), strict=True)
        ]
        remap = np.searchsorted(player_ids, base.player_ids).astype(np.int32)
        row_player_kept = remap[kept_rows_player]
    renamed = 0
    for i, p in zip(np.searchsorted(player_ids, pid).tolist(), pid.tolist(), strict=True):
        if p in names:
            renamed += player_names[i] != names[p]
            player_names[i] = names[p]
        elif not same and not known[i]:
            raise ValueError(f"splice: no name for the new player {p}")
    row_player = np.insert(
        row_player_kept, at, np.searchsorted(player_ids, pid).astype(np.int32)
    ).astype(np.int32)
    arrays = ResultArrays(
        event_day=day.astype(np.int32),
        event_position=position,
        event_value=value,
        event_players=players.astype(np.int32),
        row_event=row_event,
        row_player=row_player,
        row_rank=row_rank.astype(np.int32),
        row_nationality=row_nat,
        n_players=int(player_ids.shape[0]),
    )
    out = Stored(
        arrays,
        event_ids,
        dates,
        player_ids,
        player_names,
        result_ids,
        new.nats,
        externals,
        event_names,
    )
    if same and renamed == 0:
        out.__dict__["_by_name"] = by_name(base)  # the same players, of the same names
    return out


def _among(ids: I64, sorted_ids: I64) -> bool:
    """Whether every one of ``ids`` is in ``sorted_ids`` (ascending)."""
    if not ids.shape[0]:
        return True
    if not sorted_ids.shape[0]:
        return False
    at = np.minimum(np.searchsorted(sorted_ids, ids), sorted_ids.shape[0] - 1)
    return bool(np.all(sorted_ids[at] == ids))


def _pick(values: list[T], order: list[int]) -> list[T]:
    return [values[i] for i in order]


def _positions(
    base: Stored, event_ids: I64, dates: list[date], externals: list[str], names: list[str]
) -> I64:
    """Each event's place in application order (``columns.build``'s): the base's when the
    events and their order keys are the base's, else sorted again."""
    same = event_ids.shape == base.event_ids.shape and bool(
        np.array_equal(event_ids, base.event_ids)
    )
    if same and (dates, externals, names) == (
        base.event_dates,
        base.event_externals,
        base.event_names,
    ):
        return base.arrays.event_position
    keys = sorted(
        (event_order_key(d, x or None, n), e)
        for e, (d, x, n) in enumerate(zip(dates, externals, names, strict=True))
    )
    position = np.empty(event_ids.shape[0], dtype=np.int64)
    position[[e for _, e in keys]] = np.arange(event_ids.shape[0])
    return position
