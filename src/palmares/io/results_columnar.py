"""The checks of ``results.csv`` across rows, as array operations (issue 15).

:mod:`palmares.io.results` states the rules and checks them row by row, naming every problem.
This module checks the same rules on the columns of :mod:`palmares.io.columnar` and builds the
history as :class:`~palmares.ratings.columns.ResultColumns`; on the first sign of any problem it
returns ``None`` and the row-wise reader runs to report it. So a file it accepts is one the
row-wise reader accepts, and the history is the same (``tests/io/test_results_columnar.py``
compares the two on every example file and the fuzzer's files).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.core.names import name_key
from palmares.io.columnar import Coded
from palmares.io.rowchecks import distinct
from palmares.ratings.columns import ResultColumns
from palmares.ratings.compiled import contiguous, kernels
from palmares.ratings.events import Player, event_order_key
from palmares.ratings.jit import njit

__all__ = ["result_columns"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
NAME_KEY_PREFIX = "name:"

_EVENT_FIELDS = (
    "event",
    "date",
    "rounds",
    "players",
    "world_championship",
    "coefficient",
    "country",
    "place",
)


def _first_of(groups: I64, n_groups: int, rows: I64) -> I64:
    """For each group, its smallest row among ``rows`` (−1: none)."""
    first = np.full(n_groups, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first, groups[rows], rows)
    return np.where(first == np.iinfo(np.int64).max, -1, first)


def _last_in(keys: I64, n_keys: int, sequence: I64) -> I64:
    """For each key, the last entry of ``sequence`` (rows) whose key it is (−1: none)."""
    at = np.full(n_keys, -1, dtype=np.int64)
    if sequence.size == 0:
        return at
    np.maximum.at(at, keys[sequence], np.arange(sequence.shape[0], dtype=np.int64))
    return np.where(at >= 0, sequence[np.maximum(at, 0)], -1)


def _player_keys(c: dict[str, Coded]) -> tuple[I64, list[str]] | None:
    """Each row's player key (an index into the returned keys), as ``results._player_keys``."""
    names, pids = c["player"], c["player_id"]
    has_id = pids.codes >= 0
    if has_id.all():  # every row names its id: names play no part in the keys
        key_of_id: dict[str, int] = {}
        ids = np.array(
            [
                key_of_id.setdefault(v, len(key_of_id)) if isinstance(v, str) else -1
                for v in pids.values
            ],
            dtype=np.int64,
        )
        return ids[pids.codes], list(key_of_id)
    norms = [name_key(v) if isinstance(v, str) else "" for v in names.values]
    norm_of: dict[str, int] = {}
    norm_code = np.array([norm_of.setdefault(k, len(norm_of)) for k in norms], dtype=np.int64)
    row_norm = norm_code[names.codes] if names.codes.size else np.zeros(0, dtype=np.int64)
    keys: list[str] = []
    key_of: dict[str, int] = {}
    pid_key = np.array(
        [key_of.setdefault(v, len(key_of)) if isinstance(v, str) else -1 for v in pids.values],
        dtype=np.int64,
    )
    keys = list(key_of)
    row_key = np.full(names.codes.shape[0], -1, dtype=np.int64)
    if has_id.any():
        row_key[has_id] = pid_key[pids.codes[has_id]]
    # The ids each normalised name is used with.
    span = max(len(key_of), 1)
    both = distinct(row_norm[has_id] * span + row_key[has_id])
    pairs = np.stack([both // span, both % span])
    ids_per_norm = np.bincount(pairs[0], minlength=len(norm_of)) if pairs.size else None
    without = ~has_id
    if without.any():
        wanted = row_norm[without]
        if ids_per_norm is not None and (ids_per_norm[wanted] > 1).any():
            return None  # a name used with two ids, and a row without one: the exact reader says
        id_of_norm = np.full(len(norm_of), -1, dtype=np.int64)
        if pairs.size:
            id_of_norm[pairs[0]] = pairs[1]
        joined = id_of_norm[wanted]
        by_name = distinct(wanted[joined < 0])
        inverse = list(norm_of)
        name_key_id = np.full(len(norm_of), -1, dtype=np.int64)
        for code in by_name.tolist():
            name_key_id[code] = key_of.setdefault(NAME_KEY_PREFIX + inverse[code], len(key_of))
        keys = list(key_of)
        row_key[without] = np.where(joined >= 0, joined, name_key_id[wanted])
    return row_key, keys


def _agreed(order: I64 | None, starts: I64, column: Coded) -> bool:
    """Every group's non-empty classes are one (rows sorted by group in ``order``; None: they
    are already)."""
    if not column.values or int(column.classes.max(initial=-1)) <= 0:
        return True  # empty throughout, or one value only
    c = column.class_of()
    if order is not None:
        c = c[order]
    high = np.maximum.reduceat(c, starts)
    low = np.minimum.reduceat(np.where(c < 0, np.iinfo(np.int32).max, c), starts)
    return bool(np.all((high < 0) | (low == high)))


def _sorted_pairs(major: I64, minor: I64) -> tuple[I64, I64]:
    """``(major, minor)`` sorted together (a file in that order already: no sort at all)."""
    span = int(minor.max(initial=0)) + 1
    both = major * span + minor
    if both.shape[0] > 1 and not bool(np.all(both[1:] >= both[:-1])):
        both = np.sort(both, kind="stable")
    return both // span, both % span


def _stable_order(key: I64) -> I64:
    """The rows sorted by ``key``, ties in row order (``arange`` when already in order)."""
    if key.shape[0] < 2 or bool(np.all(key[1:] >= key[:-1])):
        return np.arange(key.shape[0], dtype=np.int64)
    return np.argsort(key, kind="stable").astype(np.int64, copy=False)


def _first_seen(values: I64, n_values: int) -> I64:
    """The distinct entries of ``values`` (each in ``0 … n_values − 1``), in the order of
    their first occurrence."""
    first = np.full(n_values, values.shape[0], dtype=np.int64)
    np.minimum.at(first, values, np.arange(values.shape[0], dtype=np.int64))
    order = np.argsort(first, kind="stable")
    return order[: int(np.count_nonzero(first < values.shape[0]))].astype(np.int64, copy=False)


@njit(cache=True)
def _ties_ok(
    g: I64, r: I64, field: I64, explicit: npt.NDArray[np.bool_]
) -> bool:  # pragma: no cover - compiled
    """Over rows sorted by (event, rank): each tie ends within the field; with no explicit
    field, each tie's rank is its first place (1, 2, 2, 4); every tie after an event's first
    starts at or after the place the one before it ends."""
    n = g.shape[0]
    i = 0
    start = 0
    prev_end = 1
    while i < n:
        if i == 0 or g[i] != g[i - 1]:
            start = i
        t = i + 1
        while t < n and g[t] == g[i] and r[t] == r[i]:
            t += 1
        rank, size = r[i], t - i
        if rank + size - 1 > field[g[i]]:
            return False
        if not explicit[g[i]] and rank != i - start + 1:
            return False
        if i > start and rank < prev_end:
            return False
        prev_end = rank + size
        i = t
    return True


def _ranks_ok(
    group_of_row: I64, ranks: I64, sizes: I64, field: I64, explicit: npt.NDArray[Any]
) -> bool:
    """``core.ranking.ranking_problem`` finds nothing in any event, as one pass over the rows
    sorted by event and rank."""
    g, r = _sorted_pairs(group_of_row, ranks)
    if g.shape[0] == 0:
        return True
    flags = np.ascontiguousarray(explicit, dtype=np.bool_)
    if kernels is None:
        return bool(_ties_ok(g, r, field, flags))
    c = contiguous
    return bool(kernels.ties_ok(c(g, np.int64), c(r, np.int64), c(field, np.int64), flags))


def result_columns(c: dict[str, Coded]) -> ResultColumns | None:
    """The history of the coded columns of a results file, or ``None`` when any rule of
    :mod:`palmares.io.results` is broken (or might be)."""
    rows = c["event"].codes.shape[0]
    keyed = _player_keys(c)
    if keyed is None:
        return None
    row_key, keys = keyed
    # Events: by event_id when given, else by name.
    eid, ename = c["event_id"], c["event"]
    id_class, name_class = eid.class_of().astype(np.int64), ename.class_of().astype(np.int64)
    n_id = int(eid.classes.max()) + 1 if eid.classes.size and eid.classes.max() >= 0 else 0
    gkey = np.where(id_class >= 0, id_class, n_id + name_class)
    step = np.diff(gkey)
    if rows and gkey[0] == 0 and bool(np.all((step == 0) | (step == 1))):
        # Events one after another, numbered as they come: each key is its group already.
        group, n_groups = gkey, int(gkey[-1]) + 1
    else:
        uniq, first_row, group = np.unique(gkey, return_index=True, return_inverse=True)
        group = group.astype(np.int64).reshape(-1)
        # Groups in the order the file first shows them (the exact reader's dict order).
        by_first = np.argsort(first_row, kind="stable")
        renumber = np.empty_like(by_first)
        renumber[by_first] = np.arange(by_first.shape[0])
        group = renumber[group]
        n_groups = int(uniq.shape[0])
    in_order = rows < 2 or bool(np.all(group[1:] >= group[:-1]))
    order = None if in_order else np.argsort(group, kind="stable")
    sizes = np.bincount(group, minlength=n_groups).astype(np.int64)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    if rows and not all(_agreed(order, starts, c[f]) for f in _EVENT_FIELDS):
        return None
    # The same player twice in one event.
    g, k = _sorted_pairs(group, row_key)
    if rows > 1 and np.any((g[1:] == g[:-1]) & (k[1:] == k[:-1])):
        return None
    # The first row giving each event field; N, ranks.
    first_given = {
        f: _first_of(group, n_groups, np.flatnonzero(c[f].codes >= 0)) for f in _EVENT_FIELDS
    }

    stored = np.array(
        [-1 if n is None else n for n in c["players"].at(first_given["players"])], dtype=np.int64
    ).reshape(-1)
    given = stored >= 0
    if np.any(given & (stored < sizes)):
        return None
    field = np.where(given, stored, sizes)
    explicit = given & (stored != sizes)
    rank_values = np.array([v if v is not None else 0 for v in c["rank"].values], dtype=np.int64)
    ranks = rank_values[c["rank"].codes] if rows else np.zeros(0, dtype=np.int64)
    if np.any(ranks > field[group]) or not _ranks_ok(group, ranks, sizes, field, explicit):
        return None
    # Event facts; one event per name and date; keys unique.
    first_any = _first_of(group, n_groups, np.arange(rows, dtype=np.int64))
    ids: list[str | None] = eid.at(first_any)
    names = ename.at(first_given["event"])
    days = c["date"].at(first_given["date"])
    if len(set(zip(names, days, strict=True))) != n_groups:
        return None
    ev_keys = [i if i is not None else n for i, n in zip(ids, names, strict=True)]
    if len(set(ev_keys)) != n_groups:
        return None
    # Application order.
    order_keys = [event_order_key(d, i, n) for d, i, n in zip(days, ids, names, strict=True)]
    applied = sorted(range(n_groups), key=lambda g: order_keys[g])
    position = np.empty(n_groups, dtype=np.int64)
    position[np.array(applied, dtype=np.int64)] = np.arange(n_groups)
    row_position = position[group] if rows else np.zeros(0, dtype=np.int64)
    # Players: first seen in application order (file order within an event); the name of their
    # last row there, the nationality of their last row giving one.
    by_event = _stable_order(row_position)
    seen_keys = row_key[by_event]
    player_keys = _first_seen(seen_keys, len(keys))
    index_of_key = np.full(len(keys), -1, dtype=np.int64)
    index_of_key[player_keys] = np.arange(player_keys.shape[0])
    last_row = _last_in(row_key, len(keys), by_event)
    nat = c["nationality"]
    last_nat = _last_in(row_key, len(keys), by_event[nat.codes[by_event] >= 0])
    players = list(
        map(
            Player,
            [keys[k] for k in player_keys.tolist()],
            c["player"].at(last_row[player_keys]),
            nat.at(last_nat[player_keys]),
        )
    )
    # Rows grouped by event in application order, each event's by rank then line.
    placed = _stable_order(row_position * (int(ranks.max(initial=0)) + 1) + ranks)
    # Nationality codes in the order the rows first give them (as ResultArrays.from_results).
    nat_class = nat.class_of()
    row_nat_class = nat_class[placed].astype(np.int64)
    present = row_nat_class >= 0
    ordered = _first_seen(row_nat_class[present], len(nat.values))
    remap = np.full(len(nat.values) + 1, -1, dtype=np.int64)
    remap[ordered] = np.arange(ordered.shape[0])
    row_nationality = np.where(present, remap[np.maximum(row_nat_class, 0)], -1).astype(np.int32)
    value_of_class: dict[int, str] = {}
    for code, cls in enumerate(nat.classes.tolist()):
        value_of_class.setdefault(cls, nat.values[code])
    nationalities = [value_of_class[int(k)] for k in ordered]
    ev_sizes = sizes[np.array(applied, dtype=np.int64)] if n_groups else sizes
    ev_end = np.cumsum(ev_sizes).astype(np.int64)
    ev_start = (ev_end - ev_sizes).astype(np.int64)
    applied_rows = np.array(applied, dtype=np.int64)
    facts = {f: c[f].at(first_given[f][applied_rows]) for f in _EVENT_FIELDS}
    return ResultColumns(
        ev_key=[ev_keys[g] for g in applied],
        ev_name=facts["event"],
        ev_date=facts["date"],
        ev_id=[ids[g] for g in applied],
        ev_country=facts["country"],
        ev_place=facts["place"],
        ev_rounds=facts["rounds"],
        ev_players=facts["players"],
        ev_world_championship=[
            bool(w) if w is not None else False for w in facts["world_championship"]
        ],
        ev_coefficient=facts["coefficient"],
        ev_start=ev_start,
        ev_end=ev_end,
        row_player=index_of_key[row_key[placed]].astype(np.int32),
        row_rank=ranks[placed].astype(np.int32),
        row_nationality=row_nationality,
        nationalities=nationalities,
        players=players,
    )
