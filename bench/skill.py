"""Benchmark of the Weng–Lin skill ratings against openskill.py (issue 18).

    .venv/bin/python bench/skill.py                      # 100,000 seven-player games
    .venv/bin/python bench/skill.py --games 100000 --openskill-games 10000

Generates a deterministic history (seed 2011) of seven-player free-for-alls among
``--players`` players, about one game in ten with a tie, as :class:`Competition` values (what the
readers give the rating). Then, in one run:

- palmares: flatten the competitions, then rate the whole history with each model's compiled
  walk, after a warm-up that loads or compiles the numba kernels (timed and printed apart); the
  best of three walks is printed (the machine is shared: the others are noise);
- openskill.py's ``PlackettLuce.rate`` game by game on the first ``--openskill-games`` games
  (said so in the output when that is a subset), its games/s extrapolated to the whole history,
  and the largest |Δμ| and |Δσ| between its ratings and palmares' on those same games.

Target (issue 18): palmares' Plackett–Luce at least 100× openskill's games/s.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from openskill.models import PlackettLuce

from palmares.ratings.competitions import Competition
from palmares.ratings.skill import MODELS, WengLin, rate_competitions
from palmares.ratings.skill.history import flatten, rate_flat


def synthetic(n_games: int, n_players: int, seed: int = 2011) -> list[Competition]:
    rng = np.random.default_rng(seed)
    out: list[Competition] = []
    for g in range(n_games):
        who = rng.choice(n_players, 7, replace=False)
        places = list(range(1, 8))
        if rng.random() < 0.1:
            t = int(rng.integers(0, 6))
            places[t + 1] = places[t]
        out.append(Competition(f"g{g}", None, tuple(f"p{i}" for i in who), tuple(places)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--openskill-games", type=int, default=10_000)
    args = parser.parse_args()
    games = synthetic(args.games, args.players)
    print(f"history: {len(games):,} seven-player games among {args.players:,} players")

    t = time.perf_counter()
    rate_competitions(games[:10], WengLin())
    print(f"warm-up (numba load/compile): {time.perf_counter() - t:.2f} s")

    t = time.perf_counter()
    flat = flatten(games)
    flat_s = time.perf_counter() - t
    print(f"flatten {len(games):,} competitions: {flat_s:.3f} s")
    rates: dict[str, float] = {}
    for slug in MODELS:
        times = []
        for _ in range(3):
            t = time.perf_counter()
            rate_flat(flat, WengLin(slug))
            times.append(time.perf_counter() - t)
        dt = min(times)
        rates[slug] = len(games) / dt
        print(f"palmares {slug:26s} {dt:7.3f} s  {rates[slug]:12,.0f} games/s")

    n = min(args.openskill_games, len(games))
    subset = games[:n]
    model = PlackettLuce()
    ratings = {p: model.rating() for g in subset for p in g.players}
    t = time.perf_counter()
    for g in subset:
        after = model.rate([[ratings[p]] for p in g.players], ranks=list(g.places))
        for p, (r,) in zip(g.players, after, strict=True):
            ratings[p] = r
    os_s = time.perf_counter() - t
    os_rate = n / os_s
    note = "" if n == len(games) else f" (first {n:,} games; {len(games):,} extrapolated)"
    print(
        f"openskill.py PlackettLuce {os_s:7.3f} s  {os_rate:12,.0f} games/s{note}; "
        f"whole history ≈ {len(games) / os_rate:.1f} s"
    )
    ours = rate_competitions(subset, WengLin("plackett-luce"))
    d_mu = max(abs(ours.rating(p).mu - r.mu) for p, r in ratings.items())
    d_sigma = max(abs(ours.rating(p).sigma - r.sigma) for p, r in ratings.items())
    print(f"on those {n:,} games: max |Δμ| = {d_mu:.3g}, max |Δσ| = {d_sigma:.3g}")
    pl = rates["plackett-luce"]
    with_flat = len(games) / (len(games) / pl + flat_s)
    print(
        f"speed-up, Plackett–Luce: {pl / os_rate:,.0f}× the rating walk, "
        f"{with_flat / os_rate:,.0f}× including flatten (target ≥ 100×)"
    )


if __name__ == "__main__":
    main()
