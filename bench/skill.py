"""Benchmark of the Weng–Lin skill ratings against openskill.py (issue 18).

    .venv/bin/python bench/skill.py                      # 100,000 seven-player games
    .venv/bin/python bench/skill.py --games 100000 --openskill-games 10000   # quicker

Generates a deterministic history (seed 2011) of seven-player free-for-alls among
``--players`` players, about one game in ten with a tie, as :class:`Competition` values (what the
readers give the rating). Then, in one run:

- palmares, after a warm-up that loads or compiles the numba kernels (on other games, timed and
  printed apart): end to end, the competitions laid out as arrays (``flatten``, the first time
  their strings are hashed) then rated by Plackett–Luce's compiled walk — the counted figure;
  then each model's walk alone, best of three (the machine is shared: the others are noise);
- openskill.py's ``PlackettLuce.rate`` game by game on the first ``--openskill-games`` games
  (default: all of them; said so in the output when that is a subset, its games/s then
  extrapolated), and the largest |Δμ| and |Δσ| between its ratings and palmares' on those games.

Times are processor time (``time.process_time``): the machine is shared, and processor time is
what a loaded machine leaves comparable. Target (issue 18): palmares' Plackett–Luce, end to end,
at least 100× openskill's games/s.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from openskill.models import PlackettLuce

from palmares.ratings.competitions import Competition
from palmares.ratings.skill import MODELS, WengLin, rate_competitions
from palmares.ratings.skill.history import flat_from_ids, flatten, rate_flat


def synthetic(
    n_games: int, n_players: int, seed: int = 2011
) -> tuple[list[Competition], np.ndarray, np.ndarray]:
    """The games as :class:`Competition` values (player ``p{id}``) and as arrays built directly
    (each game's seven player ids and places, row by row): the same games."""
    rng = np.random.default_rng(seed)
    names = [f"p{i}" for i in range(n_players)]  # one string per player, as a reader keeps
    ids = np.empty((n_games, 7), dtype=np.int64)
    places = np.empty((n_games, 7), dtype=np.int64)
    out: list[Competition] = []
    for g in range(n_games):
        who = rng.choice(n_players, 7, replace=False)
        order = list(range(1, 8))
        if rng.random() < 0.1:
            t = int(rng.integers(0, 6))
            order[t + 1] = order[t]
        ids[g], places[g] = who, order
        out.append(Competition(f"g{g}", None, tuple([names[i] for i in who]), tuple(order)))
    return out, ids, places


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--openskill-games", type=int, default=100_000)
    args = parser.parse_args()
    games, ids, places = synthetic(args.games, args.players)
    print(f"history: {len(games):,} seven-player games among {args.players:,} players")
    print("times are processor seconds (time.process_time) of this process")

    t = time.process_time()
    warm, warm_ids, warm_places = synthetic(10, 20, seed=1)
    rate_competitions(warm, WengLin())
    flat_from_ids(warm_ids.ravel(), np.arange(0, 71, 7), warm_places.ravel())
    print(f"warm-up (numba load/compile): {time.process_time() - t:.2f} s")

    # End to end, first touch: the Competition values laid out as arrays (flatten) and rated.
    t = time.process_time()
    flat = flatten(games)
    flat_s = time.process_time() - t
    t = time.process_time()
    ours_all = rate_flat(flat, WengLin("plackett-luce"))
    first_walk_s = time.process_time() - t
    total_s = flat_s + first_walk_s
    print(
        f"end to end, plackett-luce, from Competition values: flatten {flat_s:.3f} s + rate "
        f"{first_walk_s:.3f} s = {total_s:.3f} s  {len(games) / total_s:12,.0f} games/s"
    )
    # Built as arrays directly (player ids, as the site reads them from its database): the
    # arrays laid out (sorted by place, players numbered) in one compiled pass, then rated.
    t = time.process_time()
    direct = flat_from_ids(ids.ravel(), np.arange(0, 7 * len(games) + 1, 7), places.ravel())
    lay_s = time.process_time() - t
    t = time.process_time()
    ours_direct = rate_flat(direct, WengLin("plackett-luce"))
    direct_walk_s = time.process_time() - t
    direct_s = lay_s + direct_walk_s
    print(
        f"end to end, plackett-luce, arrays built directly: lay out {lay_s:.3f} s + rate "
        f"{direct_walk_s:.3f} s = {direct_s:.3f} s  {len(games) / direct_s:12,.0f} games/s"
    )
    same = direct.players == tuple(p[1:] for p in flat.players) and np.array_equal(
        ours_direct.mu, ours_all.mu
    )
    print(f"  the same ratings as from the Competition values: {same}")
    rates: dict[str, float] = {}
    for slug in MODELS:
        times = []
        for _ in range(3):
            t = time.process_time()
            rate_flat(flat, WengLin(slug))
            times.append(time.process_time() - t)
        dt = min(times)
        rates[slug] = len(games) / dt
        print(f"palmares {slug:26s} walk {dt:7.3f} s  {rates[slug]:12,.0f} games/s (best of 3)")

    n = min(args.openskill_games, len(games))
    subset = games[:n]
    model = PlackettLuce()
    ratings = {p: model.rating() for g in subset for p in g.players}
    t = time.process_time()
    for g in subset:
        after = model.rate([[ratings[p]] for p in g.players], ranks=list(g.places))
        for p, (r,) in zip(g.players, after, strict=True):
            ratings[p] = r
    os_s = time.process_time() - t
    os_rate = n / os_s
    note = "" if n == len(games) else f" (first {n:,} games; {len(games):,} extrapolated)"
    print(f"openskill.py PlackettLuce {os_s:7.3f} s  {os_rate:12,.0f} games/s{note}")
    ours = ours_all if n == len(games) else rate_competitions(subset, WengLin("plackett-luce"))
    d_mu = max(abs(ours.rating(p).mu - r.mu) for p, r in ratings.items())
    d_sigma = max(abs(ours.rating(p).sigma - r.sigma) for p, r in ratings.items())
    print(
        f"on those {n:,} games, {len(ratings):,} players: "
        f"max |Δμ| = {d_mu:.3g}, max |Δσ| = {d_sigma:.3g}"
    )
    pl = rates["plackett-luce"]
    print("speed-up, Plackett–Luce, against openskill.py (target ≥ 100×, conversion counted):")
    print(f"  {len(games) / direct_s / os_rate:6,.0f}× end to end, arrays built directly")
    print(f"  {len(games) / total_s / os_rate:6,.0f}× end to end, from Competition values")
    print(f"  {pl / os_rate:6,.0f}× the rating walk alone")


if __name__ == "__main__":
    main()
