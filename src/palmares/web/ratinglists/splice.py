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
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

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
    counts, player_rows = _counts(base)
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

    # Players: those with a row, in id order.
    starts = np.concatenate(([0], np.cumsum(counts)))
    gone = np.flatnonzero(hit)
    gone_rows = (
        np.concatenate([a.row_player[starts[e] : starts[e + 1]] for e in gone.tolist()])
        if gone.shape[0]
        else np.zeros(0, dtype=np.int32)
    )
    left = player_rows - np.bincount(gone_rows, minlength=player_rows.shape[0])
    used = left > 0
    same = bool(used.all()) and _among(pid, base.player_ids)
    player_ids = base.player_ids if same else np.union1d(base.player_ids[used], pid)
    known = np.ones(player_ids.shape[0], dtype=bool)
    if same:
        player_names = list(base.player_names)
        remap = None
    else:
        at_base = np.searchsorted(base.player_ids, player_ids)
        known = at_base < base.player_ids.shape[0]
        known[known] = base.player_ids[at_base[known]] == player_ids[known]
        player_names = [
            base.player_names[i] if k else ""
            for i, k in zip(at_base.tolist(), known.tolist(), strict=True)
        ]
        remap = np.searchsorted(player_ids, base.player_ids).astype(np.int32)
    new_player = np.searchsorted(player_ids, pid).astype(np.int32)
    renamed = 0
    for i, p in zip(new_player.tolist(), pid.tolist(), strict=True):
        if p in names:
            renamed += player_names[i] != names[p]
            player_names[i] = names[p]
        elif not known[i]:
            raise ValueError(f"splice: no name for the new player {p}")

    # Rows: the base's in blocks between the events written (by id), each written event's
    # rows where its id falls: every array in one concatenation of slices.
    pieces = _pieces(base.event_ids, starts, touched, added, added_counts)
    result_ids = _joined(base.result_ids, rid, pieces)
    row_rank = _joined(a.row_rank, rank.astype(np.int32), pieces)
    row_nat = _joined(a.row_nationality, nat.astype(a.row_nationality.dtype), pieces)
    row_player = _joined(a.row_player, new_player, pieces, remap)
    row_event = np.repeat(np.arange(event_ids.shape[0], dtype=np.int32), ev_counts)
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


def _counts(base: Stored) -> tuple[I64, I64]:
    """The rows of each of ``base``'s events and players (counted once per base: the states
    before and after a write are both spliced from it)."""
    found = base.__dict__.get("_counts")
    if found is None:
        a = base.arrays
        found = base.__dict__["_counts"] = (
            np.bincount(a.row_event, minlength=base.event_ids.shape[0]).astype(np.int64),
            np.bincount(a.row_player, minlength=base.player_ids.shape[0]).astype(np.int64),
        )
    return found


#: A piece of the rows after a splice: (written?, start, end), a range of the written rows
#: (sorted by event id) or of the base's.
Piece = tuple[bool, int, int]


def _pieces(
    event_ids: I64, starts: I64, touched: I64, added: I64, added_counts: I64
) -> list[Piece]:
    """The rows after the splice as pieces ``(written?, start, end)``: a range of the base's
    rows, or of the written rows (sorted by event id), in event id order."""
    out: list[Piece] = []
    cursor = 0
    written = np.concatenate(([0], np.cumsum(added_counts))).tolist()
    at_added = {int(e): i for i, e in enumerate(added.tolist())}
    for e in np.union1d(touched, added).tolist():
        i = int(np.searchsorted(event_ids, e))
        first = int(starts[i])
        out.append((False, cursor, first))
        if e in at_added:
            k = at_added[e]
            out.append((True, written[k], written[k + 1]))
        present = i < event_ids.shape[0] and int(event_ids[i]) == e
        cursor = int(starts[i + 1]) if present else first
    out.append((False, cursor, int(starts[-1])))
    return [p for p in out if p[2] > p[1]]


def _joined(
    kept: npt.NDArray[Any],
    written: npt.NDArray[Any],
    pieces: list[Piece],
    remap: npt.NDArray[Any] | None = None,
) -> npt.NDArray[Any]:
    """One row array after the splice (``remap``: new values of the base's)."""
    parts: list[npt.NDArray[Any]] = []
    for w, a, b in pieces:
        if w:
            parts.append(written[a:b])
        else:
            parts.append(kept[a:b] if remap is None else remap[kept[a:b]])
    if not parts:
        return np.zeros(0, dtype=kept.dtype)
    return np.concatenate(parts).astype(kept.dtype, copy=False)


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
