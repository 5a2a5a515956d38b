"""Benchmark of the Dip Pouch replay engine against a plain per-row Python loop (issue 3).

    .venv/bin/python bench/dip_pouch.py                 # 200,000 players, 120,000 events, 10M
    .venv/bin/python bench/dip_pouch.py --results 1000000 --loop-results 200000

Generates a deterministic synthetic history (seed 2004), then in one run times:

- the vectorised engine's full replay (both counting sorts and every recurrence), after a warm-up
  that loads or compiles the numba kernels (timed and printed apart);
- a plain Python loop over the rows in application order (``new = old + v/100 (p − old)`` per
  row) on the first ``--loop-results`` rows of that order, extrapolated linearly to all rows
  (the loop is O(rows); the subsample is said so in the output), and the largest difference
  between the loop's ratings and the engine's on those rows;
- adding one new 60-player event to a 1M-result history (the issue's target), checked against a
  full replay that includes it.

Targets (issue 3): full 10M replay ≤ 3 s wall, ≥ 30× the loop, peak memory ≤ 2 GB, adding one
event to a 1M-result history ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
from datetime import date
from decimal import Decimal

import numpy as np
import numpy.typing as npt

from palmares.ratings.engine import Engine, ResultArrays
from palmares.ratings.events import Event, Placement, Player
from palmares.ratings.history import RatingHistory
from palmares.ratings.tournament_value import FIRST_RATED_DAY, tournament_value

FIRST_DAY = date(1995, 1, 1).toordinal()
LAST_DAY = date(2026, 6, 30).toordinal()
STRIDES = np.array([p for p in range(7, 10000) if all(p % q for q in range(2, int(p**0.5) + 1))])


def exact_values(
    sizes: npt.NDArray[np.int64],
    one_round: npt.NDArray[np.bool_],
    wc: npt.NDArray[np.bool_],
    day: npt.NDArray[np.int32],
) -> npt.NDArray[np.float64]:
    """Each event's tournament value from the exact rule (``tournament_value``), computed once
    per distinct (players, one round, World Championship, before 2001) and spread by index."""
    rated = day >= FIRST_RATED_DAY.toordinal()
    keys = np.stack([sizes, one_round, wc, rated], axis=1).astype(np.int64)
    distinct, where = np.unique(keys, axis=0, return_inverse=True)
    values = np.array(
        [
            float(
                tournament_value(
                    int(n),
                    rounds=1 if one else 3,
                    world_championship=bool(champ),
                    day=FIRST_RATED_DAY if ok else date(2000, 1, 1),
                ).value
            )
            for n, one, champ, ok in distinct
        ]
    )
    return values[where.reshape(-1)]


def synthetic(n_players: int, n_events: int, n_results: int, seed: int = 2004) -> ResultArrays:
    """A deterministic history: distinct players per event, some ties, WCs, stored values."""
    rng = np.random.default_rng(seed)
    mean = n_results // n_events
    sizes = rng.integers(max(2, mean // 4), mean * 7 // 4 + 1, n_events)
    sizes += (n_results - sizes.sum()) // n_events
    sizes[: n_results - sizes.sum()] += 1
    sizes = np.clip(sizes, 1, n_players)
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    total = int(sizes.sum())
    row_event = np.repeat(np.arange(n_events, dtype=np.int32), sizes)
    j = np.arange(total, dtype=np.int64) - np.repeat(offsets, sizes)
    strides = STRIDES[(STRIDES % 2 != 0) & (STRIDES % 5 != 0) & (n_players % STRIDES != 0)]
    start = rng.integers(0, n_players, n_events)
    stride = rng.choice(strides, n_events)
    row_player = ((start[row_event] + j * stride[row_event]) % n_players).astype(np.int32)
    tie = (rng.random(total) < 0.05) & (j > 0)
    flat = np.arange(total, dtype=np.int64)
    rank = np.maximum.accumulate(np.where(tie, 0, flat)) - np.repeat(offsets, sizes) + 1
    day = rng.integers(FIRST_DAY, LAST_DAY + 1, n_events).astype(np.int32)
    one_round = rng.random(n_events) < 0.2
    wc = np.zeros(n_events, dtype=bool)
    wc[rng.choice(n_events, min(30, n_events // 4), replace=False)] = True
    value = exact_values(sizes, one_round, wc, day)
    stored = rng.random(n_events) < 0.01
    value = np.where(stored, np.round(rng.uniform(5, 25, n_events), 2), value)
    order = np.lexsort((np.arange(n_events), day))
    position = np.empty(n_events, dtype=np.int64)
    position[order] = np.arange(n_events)
    nat_of_player = rng.integers(0, 40, n_players).astype(np.int32)
    return ResultArrays(
        event_day=day,
        event_position=position,
        event_value=value.astype(np.float64),
        event_players=sizes.astype(np.int32),
        row_event=row_event,
        row_player=row_player,
        row_rank=rank.astype(np.int32),
        row_nationality=nat_of_player[row_player],
        n_players=n_players,
    )


def plain_loop(arrays: ResultArrays, max_rows: int) -> tuple[int, int, dict[int, float], float]:
    """Rows in application order, one at a time, keeping the rating after each row (as the
    engine does); returns (rows done, events done, {row: rating after}, seconds the loop took)."""
    order = np.argsort(arrays.event_position)
    starts = np.searchsorted(arrays.row_event, np.arange(arrays.n_events))
    ends = np.searchsorted(arrays.row_event, np.arange(arrays.n_events), side="right")
    ratings: dict[int, float] = {}
    after: dict[int, float] = {}
    done = events = 0
    t0 = time.perf_counter()
    for e in order.tolist():
        if done >= max_rows:
            break
        s, t = int(starts[e]), int(ends[e])
        v, n = float(arrays.event_value[e]), int(arrays.event_players[e])
        players = arrays.row_player[s:t].tolist()
        ranks = arrays.row_rank[s:t].tolist()
        for i in range(t - s):
            p = players[i]
            old = ratings.get(p, 40.0)
            score = (n + 0.5 - ranks[i]) / n * 100.0
            new = old + v / 100.0 * (score - old)
            ratings[p] = new
            after[s + i] = new
            done += 1
        events += 1
    return done, events, after, time.perf_counter() - t0


def history_of(arrays: ResultArrays) -> RatingHistory:
    players = [Player(str(i), f"player {i}") for i in range(arrays.n_players)]
    events = [
        Event(
            key=str(e),
            name=f"event {e}",
            date=date.fromordinal(int(arrays.event_day[e])),
            placements=(),
            event_id=str(e),
            players=int(arrays.event_players[e]),
            # The synthetic values (formula, WCs, stored ones) as stored coefficients.
            coefficient=Decimal(repr(float(arrays.event_value[e]))),
        )
        for e in range(arrays.n_events)
    ]
    return RatingHistory(arrays, players, events, {f"N{i}": i for i in range(40)})


def time_add_event(n_results: int, seed: int) -> None:
    n_players, n_events = max(100, n_results // 50), max(10, n_results // 83)
    arrays = synthetic(n_players, n_events, n_results, seed)
    history = history_of(arrays)
    rng = np.random.default_rng(seed + 1)
    times = []
    for t in range(5):
        who = rng.choice(n_players, 60, replace=False)
        ev = Event(
            key=f"new{t}",
            name=f"new event {t}",
            date=date(2026, 7, 1 + t),
            placements=tuple(Placement(str(p), i + 1, "N1") for i, p in enumerate(who)),
            event_id=f"new{t}",
            rounds=3,
        )
        t0 = time.perf_counter()
        history.add_event(ev)
        times.append(time.perf_counter() - t0)
        last = ev
    check = max(
        abs(history.rating(pl.player) - _full_rating(history, pl.player)) for pl in last.placements
    )
    ms = sorted(x * 1000 for x in times)
    print(
        f"add one 60-player event (the latest) to a {arrays.n_rows:,}-result history: median "
        f"{ms[2]:.2f} ms, max {ms[-1]:.2f} ms over 5 additions (target ≤ 50 ms); "
        f"max |incremental − exact replay of its players| = {check:.2e}"
    )
    who = rng.choice(n_players, 60, replace=False)
    middle = Event(
        key="middle",
        name="back-dated event",
        date=date(2010, 6, 15),
        placements=tuple(Placement(str(p), i + 1, "N2") for i, p in enumerate(who)),
        event_id="middle",
        rounds=3,
    )
    t0 = time.perf_counter()
    history.add_event(middle)
    back = (time.perf_counter() - t0) * 1000
    check = max(
        abs(history.rating(pl.player) - _full_rating(history, pl.player))
        for pl in middle.placements
    )
    print(
        f"add one back-dated 60-player event (2010, its players' later events replayed): "
        f"{back:.2f} ms; max |incremental − exact replay of its players| = {check:.2e}"
    )
    t0 = time.perf_counter()
    top = history.ranking(limit=100)
    rank_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    history.player_page(top.entries[0].player)
    page_ms = (time.perf_counter() - t0) * 1000
    print(
        f"on that history: top-100 ranking {rank_ms:.1f} ms, one exact player page {page_ms:.1f} ms"
    )


def _full_rating(history: RatingHistory, player: str) -> float:
    steps = history._steps(history._player_index[player])  # the exact path, for the check
    return float(steps[-1].after)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=200_000)
    ap.add_argument("--events", type=int, default=120_000)
    ap.add_argument("--results", type=int, default=10_000_000)
    ap.add_argument("--loop-results", type=int, default=1_000_000)
    ap.add_argument("--add-history", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=2004)
    args = ap.parse_args()
    scale = args.results / 10_000_000
    n_players = max(100, int(args.players * scale)) if args.results < 10_000_000 else args.players
    n_events = max(10, int(args.events * scale)) if args.results < 10_000_000 else args.events

    t0 = time.perf_counter()
    warm = history_of(synthetic(50, 10, 300, 1))
    warm.ranking(as_of=date(2010, 1, 1))
    for i, day in enumerate([date(2030, 1, 1), date(2000, 1, 1)]):
        warm.add_event(Event(f"w{i}", "warm", day, (Placement("1", 1), Placement("2", 2))))
    print(f"numba kernels loaded/compiled in {time.perf_counter() - t0:.2f} s (not in the replay)")

    t0 = time.perf_counter()
    arrays = synthetic(n_players, n_events, args.results, args.seed)
    print(
        f"synthetic history: {n_players:,} players, {arrays.n_events:,} events, "
        f"{arrays.n_rows:,} results (generated in {time.perf_counter() - t0:.2f} s)"
    )

    tracemalloc.start()
    t0 = time.perf_counter()
    engine = Engine(arrays)
    engine_s = time.perf_counter() - t0
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    engine_rate = arrays.n_rows / engine_s
    print(f"engine: full replay in {engine_s:.3f} s = {engine_rate:,.0f} results/s (target ≤ 3 s)")

    done, events_done, ratings, loop_s = plain_loop(arrays, args.loop_results)
    loop_rate = done / loop_s
    print(
        f"plain loop: {done:,} results ({events_done:,} events, the first in application order) "
        f"in {loop_s:.2f} s = {loop_rate:,.0f} results/s; extrapolated to all "
        f"{arrays.n_rows:,}: {arrays.n_rows / loop_rate:.1f} s"
    )
    print(f"ratio engine/loop: {engine_rate / loop_rate:.1f}x (target ≥ 30x)")

    rows = np.fromiter(ratings.keys(), dtype=np.int64, count=len(ratings))
    looped = np.fromiter(ratings.values(), dtype=np.float64, count=len(ratings))
    worst = float(np.max(np.abs(engine.after[rows] - looped)))
    print(f"max |engine − loop| over those {len(ratings):,} results: {worst:.2e}")

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"peak memory: replay allocations {traced_peak / 2**20:,.0f} MiB (tracemalloc); "
        f"whole process max RSS {rss:,.0f} MiB (target ≤ 2 GB)"
    )
    del engine
    time_add_event(min(args.add_history, args.results), args.seed + 7)


if __name__ == "__main__":
    main()
