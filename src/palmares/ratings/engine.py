"""The vectorised Dip Pouch replay: results sorted once, each player's rating one recurrence.

Seed 000's step ``new = old + value/100 · (percentile − old)`` makes each player's rating a linear
recurrence over that player's own events, independent of everyone else's. The engine keeps the
rows grouped by event (a stable counting sort, once, if they are not already), sorts the events
once into application order (date, then event id, then name —
:func:`~palmares.ratings.events.event_order_key`), and walks them in that order in a compiled
kernel, carrying one float64 rating per player: every player's recurrence advances as their
events come. O(rows), no per-row Python. Two builds of the kernels: ``_kernels.c``, compiled
when the package is installed, and the numba ones below, used when that extension was not built
(``KERNEL`` says which runs); they agree to the last bit (a test runs both), and the compiled
one spares a command numba's import and the loading of its cached kernels (issue 15). The
result agrees with the exact loop of :mod:`palmares.ratings.dip_pouch` to 1e-9 (tested).

:class:`Engine` is the mutable state (row buffers with spare capacity so that adding an event
appends in O(its players)); :meth:`Engine.add_event` recomputes only the new event's players —
in O(their players) when it is the latest event, else by re-running those players' own
recurrences. :meth:`Engine.as_of` gives each player's last row on or before a day, events
counted and nationality, for rating lists.

API (the CLI and the web site use it through :mod:`palmares.ratings.history`)::

    arrays = ResultArrays.from_results(results)   # or built directly (bench/dip_pouch.py)
    engine = Engine(arrays)                       # replays everything
    engine.current, engine.before, engine.after   # ratings now / around every row
    engine.as_of(day) -> (last_row, counted, nationality) per player
    engine.add_event(day, position, value, players, row_players, ranks, nationalities)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.ratings.columns import ResultColumns
from palmares.ratings.compiled import KERNEL
from palmares.ratings.compiled import contiguous as _c
from palmares.ratings.compiled import kernels as _kernels
from palmares.ratings.dip_pouch import INITIAL_RATING, event_value
from palmares.ratings.events import Results
from palmares.ratings.jit import njit
from palmares.ratings.percentile import percentile_formula

__all__ = ["KERNEL", "Engine", "ResultArrays", "arrays_of_columns"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

INITIAL = float(INITIAL_RATING)

#: Seed 000's percentile, the one formula (``ratings.percentile``), compiled for the kernels.
_percentile = njit(cache=True)(percentile_formula)


@dataclass(frozen=True, slots=True)
class ResultArrays:
    """Results as columns. Events are indexed 0…E−1, players 0…P−1, rows 0…R−1.

    ``event_position`` is each event's place in application order (a permutation of 0…E−1);
    ``event_value`` the tournament value in points (15.0 for 15); ``event_players`` N.
    ``row_nationality`` indexes a nationality table kept by the caller (−1: none given).
    """

    event_day: I32
    event_position: I64
    event_value: F64
    event_players: I32
    row_event: I32
    row_player: I32
    row_rank: I32
    row_nationality: I32
    n_players: int

    @property
    def n_events(self) -> int:
        return int(self.event_day.shape[0])

    @property
    def n_rows(self) -> int:
        return int(self.row_event.shape[0])

    @classmethod
    def from_results(
        cls, results: Results, nationalities: dict[str, int] | None = None
    ) -> ResultArrays:
        """Columns of ``results``: players indexed in ``results.players`` order, events in
        application order; ``nationalities`` (filled in place) maps a nationality to its code."""
        codes = {} if nationalities is None else nationalities
        player_index = {k: i for i, k in enumerate(results.players)}
        e_count = len(results.events)
        sizes = [len(e.placements) for e in results.events]
        row_event = np.repeat(np.arange(e_count, dtype=np.int32), sizes)
        players: list[int] = []
        ranks: list[int] = []
        nats: list[int] = []
        for e in results.events:
            for pl in e.placements:
                players.append(player_index[pl.player])
                ranks.append(pl.rank)
                nat = pl.nationality
                nats.append(-1 if nat is None else codes.setdefault(nat, len(codes)))
        return cls(
            event_day=np.array([e.date.toordinal() for e in results.events], dtype=np.int32),
            event_position=np.arange(e_count, dtype=np.int64),
            event_value=np.array(
                [float(event_value(e).value) for e in results.events], dtype=np.float64
            ),
            event_players=np.array([e.field_size for e in results.events], dtype=np.int32),
            row_event=row_event,
            row_player=np.array(players, dtype=np.int32),
            row_rank=np.array(ranks, dtype=np.int32),
            row_nationality=np.array(nats, dtype=np.int32),
            n_players=len(player_index),
        )


def arrays_of_columns(columns: ResultColumns) -> ResultArrays:
    """The engine's columns of a history read as columns (no object per row): the same arrays
    as :meth:`ResultArrays.from_results` of ``columns.results()``."""
    e_count = columns.n_events
    sizes = (columns.ev_end - columns.ev_start).astype(np.int64)
    return ResultArrays(
        event_day=np.array([d.toordinal() for d in columns.ev_date], dtype=np.int32),
        event_position=np.arange(e_count, dtype=np.int64),
        event_value=np.array([float(v.value) for v in columns.values], dtype=np.float64),
        event_players=np.array(
            [columns.field_size(e) for e in range(e_count)], dtype=np.int32
        ).reshape(-1),
        row_event=np.repeat(np.arange(e_count, dtype=np.int32), sizes),
        row_player=columns.row_player,
        row_rank=columns.row_rank,
        row_nationality=columns.row_nationality,
        n_players=len(columns.players),
    )


@njit(cache=True)
def _group_by_event(row_event: I32, n_events: int) -> I64:  # pragma: no cover - compiled
    """A stable counting sort of the rows by event: the permutation."""
    n = row_event.shape[0]
    count = np.zeros(n_events + 1, np.int64)
    for i in range(n):
        count[row_event[i] + 1] += 1
    for e in range(n_events):
        count[e + 1] += count[e]
    perm = np.empty(n, np.int64)
    for i in range(n):
        e = row_event[i]
        perm[count[e]] = i
        count[e] += 1
    return perm


@njit(cache=True)
def _replay(
    by_position: I64,
    ev_start: I64,
    ev_end: I64,
    ev_value: F64,
    ev_players: I32,
    row_player: I32,
    row_rank: I32,
    current: F64,
    before: F64,
    after: F64,
) -> None:  # pragma: no cover - compiled
    """Walk the events in application order; ``current`` holds each player's rating."""
    for j in range(by_position.shape[0]):
        e = by_position[j]
        share = ev_value[e] / 100.0
        n = ev_players[e]
        for i in range(ev_start[e], ev_end[e]):
            p = row_player[i]
            old = current[p]
            score = _percentile(row_rank[i], float(n), 0.5)
            new = old + share * (score - old)
            before[i] = old
            after[i] = new
            current[p] = new


@njit(cache=True)
def _as_of(
    by_position: I64,
    ev_start: I64,
    ev_end: I64,
    ev_day: I32,
    ev_value: F64,
    row_player: I32,
    row_nationality: I32,
    last_day: int,
    n_players: int,
) -> tuple[I64, I64, I32]:  # pragma: no cover - compiled
    last = np.full(n_players, -1, np.int64)
    counted = np.zeros(n_players, np.int64)
    nat = np.full(n_players, -1, np.int32)
    for j in range(by_position.shape[0]):
        e = by_position[j]
        if ev_day[e] > last_day:
            break
        rated = ev_value[e] > 0.0
        for i in range(ev_start[e], ev_end[e]):
            p = row_player[i]
            last[p] = i
            if rated:
                counted[p] += 1
            if row_nationality[i] >= 0:
                nat[p] = row_nationality[i]
    return last, counted, nat


@njit(cache=True)
def _rerun(
    rows: I64,
    row_player: I32,
    row_event: I32,
    row_rank: I32,
    ev_value: F64,
    ev_players: I32,
    current: F64,
    before: F64,
    after: F64,
    initial: float,
) -> None:  # pragma: no cover - compiled
    """Re-run whole recurrences: ``rows`` grouped by player, each in application order."""
    prev = -1
    rating = initial
    for j in range(rows.shape[0]):
        i = rows[j]
        p = row_player[i]
        if p != prev:
            rating = initial
            prev = p
        e = row_event[i]
        n = ev_players[e]
        score = _percentile(row_rank[i], float(n), 0.5)
        before[i] = rating
        rating = rating + ev_value[e] / 100.0 * (score - rating)
        after[i] = rating
        current[p] = rating


def group_by_event(row_event: I32, n_events: int) -> I64:
    """:func:`_group_by_event` by the build that runs."""
    if _kernels is None:
        return _group_by_event(row_event, n_events)
    perm = np.empty(row_event.shape[0], dtype=np.int64)
    _kernels.group_by_event(_c(row_event, np.int32), n_events, perm)
    return perm


def replay(
    by_position: I64,
    ev_start: I64,
    ev_end: I64,
    ev_value: F64,
    ev_players: I32,
    row_player: I32,
    row_rank: I32,
    current: F64,
    before: F64,
    after: F64,
) -> None:
    """:func:`_replay` by the build that runs (``current``, ``before``, ``after`` in place)."""
    if _kernels is None:
        _replay(by_position, ev_start, ev_end, ev_value, ev_players, row_player, row_rank,
                current, before, after)  # fmt: skip
        return
    _kernels.replay(
        _c(by_position, np.int64), _c(ev_start, np.int64), _c(ev_end, np.int64),
        _c(ev_value, np.float64), _c(ev_players, np.int32), _c(row_player, np.int32),
        _c(row_rank, np.int32), current, before, after,
    )  # fmt: skip


def as_of(
    by_position: I64,
    ev_start: I64,
    ev_end: I64,
    ev_day: I32,
    ev_value: F64,
    row_player: I32,
    row_nationality: I32,
    last_day: int,
    n_players: int,
) -> tuple[I64, I64, I32]:
    """:func:`_as_of` by the build that runs."""
    if _kernels is None:
        return _as_of(by_position, ev_start, ev_end, ev_day, ev_value, row_player,
                      row_nationality, last_day, n_players)  # fmt: skip
    last = np.empty(n_players, dtype=np.int64)
    counted = np.empty(n_players, dtype=np.int64)
    nat = np.empty(n_players, dtype=np.int32)
    _kernels.as_of(
        _c(by_position, np.int64), _c(ev_start, np.int64), _c(ev_end, np.int64),
        _c(ev_day, np.int32), _c(ev_value, np.float64), _c(row_player, np.int32),
        _c(row_nationality, np.int32), int(last_day), last, counted, nat,
    )  # fmt: skip
    return last, counted, nat


def rerun(
    rows: I64,
    row_player: I32,
    row_event: I32,
    row_rank: I32,
    ev_value: F64,
    ev_players: I32,
    current: F64,
    before: F64,
    after: F64,
    initial: float,
) -> None:
    """:func:`_rerun` by the build that runs (``current``, ``before``, ``after`` in place)."""
    if _kernels is None:
        _rerun(rows, row_player, row_event, row_rank, ev_value, ev_players, current, before,
               after, initial)  # fmt: skip
        return
    _kernels.rerun(
        _c(rows, np.int64), _c(row_player, np.int32), _c(row_event, np.int32),
        _c(row_rank, np.int32), _c(ev_value, np.float64), _c(ev_players, np.int32),
        current, before, after, float(initial),
    )  # fmt: skip


def _grow(a: npt.NDArray[Any], live: int, size: int) -> npt.NDArray[Any]:
    """``a`` with room for ``size`` entries (growing by half), its ``live`` entries kept."""
    if a.shape[0] >= size:
        return a
    out = np.empty(max(size, a.shape[0] + a.shape[0] // 2, 16), dtype=a.dtype)
    out[:live] = a[:live]
    return out


class Engine:
    """The replayed state: rows grouped by event, ratings before/after every row, current ones.

    Row arrays are buffers: entries ``0 … n_rows − 1`` are live. Events are indexed in the order
    they were given; ``by_position`` lists them in application order.
    """

    def __init__(self, arrays: ResultArrays) -> None:
        row_event = arrays.row_event
        grouped = row_event.shape[0] < 2 or bool(np.all(row_event[1:] >= row_event[:-1]))
        perm = None if grouped else group_by_event(row_event, arrays.n_events)

        def take(a: I32) -> I32:
            return a if perm is None else a[perm]

        self.n_rows = arrays.n_rows
        self.n_players = arrays.n_players
        self.row_event = take(row_event)
        self.row_player = take(arrays.row_player)
        self.row_rank = take(arrays.row_rank)
        self.row_nationality = take(arrays.row_nationality)
        counts = np.bincount(self.row_event, minlength=arrays.n_events)
        self.ev_end = np.cumsum(counts).astype(np.int64)
        self.ev_start = self.ev_end - counts
        self.ev_day = arrays.event_day.copy()
        self.ev_value = arrays.event_value.copy()
        self.ev_players = arrays.event_players.copy()
        self.by_position = np.argsort(arrays.event_position, kind="stable").astype(np.int64)
        self.current = np.full(self.n_players, INITIAL, dtype=np.float64)
        # Spare room (untouched memory until used) so that added events need no copy.
        spare = self.n_rows + self.n_rows // 8 + 64
        self.before = np.empty(spare, dtype=np.float64)
        self.after = np.empty(spare, dtype=np.float64)
        replay(
            self.by_position,
            self.ev_start,
            self.ev_end,
            self.ev_value,
            self.ev_players,
            self.row_player,
            self.row_rank,
            self.current,
            self.before,
            self.after,
        )

    @property
    def n_events(self) -> int:
        return int(self.by_position.shape[0])

    def as_of(self, last_day: int) -> tuple[I64, I64, I32]:
        """Per player: last row on or before ``last_day`` (−1: none), events with a non-zero
        value counted, nationality of the last row giving one (−1: none)."""
        n = self.n_rows
        return as_of(
            self.by_position,
            self.ev_start,
            self.ev_end,
            self.ev_day[: self.n_events],
            self.ev_value[: self.n_events],
            self.row_player[:n],
            self.row_nationality[:n],
            last_day,
            self.n_players,
        )

    def rows_of(self, player: int) -> I64:
        """A player's rows in application order (a scan of every row)."""
        rows = np.flatnonzero(self.row_player[: self.n_rows] == player)
        position = np.empty(self.n_events, dtype=np.int64)
        position[self.by_position] = np.arange(self.n_events)
        return rows[np.argsort(position[self.row_event[rows]], kind="stable")]

    def add_event(
        self,
        *,
        day: int,
        position: int,
        value: float,
        players: int,
        row_players: I32,
        ranks: I32,
        nationalities: I32,
        n_players: int,
    ) -> None:
        """Append one event at application ``position`` and recompute its players only."""
        e = self.n_events
        k = row_players.shape[0]
        start, end = self.n_rows, self.n_rows + k
        self.row_event = _grow(self.row_event, start, end)
        self.row_player = _grow(self.row_player, start, end)
        self.row_rank = _grow(self.row_rank, start, end)
        self.row_nationality = _grow(self.row_nationality, start, end)
        self.before = _grow(self.before, start, end)
        self.after = _grow(self.after, start, end)
        self.row_event[start:end] = e
        self.row_player[start:end] = row_players
        self.row_rank[start:end] = ranks
        self.row_nationality[start:end] = nationalities
        self.n_rows = end
        self.ev_start = np.append(self.ev_start, start)
        self.ev_end = np.append(self.ev_end, end)
        self.ev_day = np.append(self.ev_day, np.int32(day))
        self.ev_value = np.append(self.ev_value, value)
        self.ev_players = np.append(self.ev_players, np.int32(players))
        self.by_position = np.insert(self.by_position, position, e)
        if n_players > self.n_players:
            self.current = np.concatenate(
                [self.current, np.full(n_players - self.n_players, INITIAL)]
            )
            self.n_players = n_players
        if position == e:  # the latest event: each player's recurrence takes one more step
            replay(
                self.by_position[e:],
                self.ev_start,
                self.ev_end,
                self.ev_value,
                self.ev_players,
                self.row_player,
                self.row_rank,
                self.current,
                self.before,
                self.after,
            )
            return
        # An earlier date: re-run these players' own recurrences, nobody else's.
        n = self.n_rows
        rows = np.flatnonzero(np.isin(self.row_player[:n], row_players))
        rank_of = np.empty(self.n_events, dtype=np.int64)
        rank_of[self.by_position] = np.arange(self.n_events)
        rows = rows[np.lexsort((rank_of[self.row_event[rows]], self.row_player[rows]))]
        rerun(
            rows,
            self.row_player,
            self.row_event,
            self.row_rank,
            self.ev_value,
            self.ev_players,
            self.current,
            self.before,
            self.after,
            INITIAL,
        )
