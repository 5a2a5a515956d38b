"""Time the Tantrix performance rating on a synthetic knockout draw, with a baseline.

Run: ``.venv/bin/python bench/bench_tantrix.py [PLAYERS]``. Prints the time to rate a
single-elimination draw of PLAYERS players (default 1024) with one in eight officially rated,
and, as a baseline in the same run, the time to merely build the Match values.
"""

from __future__ import annotations

import random
import sys
import time
from decimal import Decimal

from palmares.tantrix.match import Match
from palmares.tantrix.tournament import rate_tournament


def draw(players: int, seed: int = 2000) -> tuple[list[Match], dict[str, float]]:
    rng = random.Random(seed)
    alive = [f"p{i}" for i in range(players)]
    official = {p: float(rng.randint(1400, 2100)) for p in alive[::8]}
    matches: list[Match] = []
    rnd = 1
    while len(alive) > 1:
        winners = []
        for a, b in zip(alive[::2], alive[1::2], strict=True):
            games = 4
            tp_a = rng.randint(41, 79)
            matches.append(Match(a, b, games, Decimal(tp_a), Decimal(80 - tp_a), round=f"R{rnd}"))
            winners.append(a)
        alive = winners
        rnd += 1
    return matches, official


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    start = time.perf_counter()
    matches, official = draw(players)
    built = time.perf_counter() - start
    start = time.perf_counter()
    result = rate_tournament(matches, official)
    rated = time.perf_counter() - start
    print(f"players {players}, matches {len(matches)}, officially rated {len(official)}")
    print(f"baseline: build the draw        {built * 1000:8.1f} ms")
    print(f"rate_tournament                 {rated * 1000:8.1f} ms")
    print(f"unrated rated along the draw    {sum(u.elo is not None for u in result.unrated)}")


if __name__ == "__main__":
    main()
