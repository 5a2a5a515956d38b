"""One field of issue 20's table, seated round after round in process: prints one JSON line a seed.

Everyone plays (``N`` players, no keep-apart pairs); each round is called with the rounds before
as its history, the tournament's number of rounds given (``rounds=ROUNDS``) and the same seed
every round, as a TD runs ``palmares diplomacy seed … --history … --rounds R --seed S``. Uses
only the public API of :mod:`palmares.diplomacy.seeding`, so ``bench/seeding.py`` can run it
on an older palmares too (the "before" column), by ``PYTHONPATH``.

    .venv/bin/python bench/seeding_issue20.py N ROUNDS SEED [SEED ...]
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from itertools import combinations

from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.seeding import Entrant, SeedingProblem, board_call


def figures(history: list[PlayedBoard]) -> tuple[int, int]:
    """(extra meetings, worst pair) of a history: Σ over pairs of max(0, times met − 1), and
    the most times one pair met."""
    met: Counter[frozenset[str]] = Counter(
        frozenset(pair) for board in history for pair in combinations(board.players, 2)
    )
    return sum(m - 1 for m in met.values()), max(met.values(), default=0)


def power_repeats(history: list[PlayedBoard]) -> int:
    """Games in which a player plays a power they had played before."""
    played = Counter((s.player, s.power) for board in history for s in board.seats)
    return sum(n - 1 for n in played.values())


def tournament(players: int, rounds: int, seed: int) -> dict[str, float]:
    entrants = tuple(Entrant(f"p{i:03d}") for i in range(1, players + 1))
    history: list[PlayedBoard] = []
    walls: list[float] = []
    cpus: list[float] = []
    squares = 0
    for rnd in range(1, rounds + 1):
        problem = SeedingProblem(rnd, entrants, tuple(history), rounds=rounds)
        wall, cpu = time.perf_counter(), time.process_time()
        call = board_call(problem, seed=seed)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        squares += call.quality.objective
        by_board: dict[int, list[Seat]] = {}
        for s in call.seats:
            by_board.setdefault(s.board, []).append(Seat(s.power, s.player, 0))
        history += [PlayedBoard(rnd, str(b), tuple(seats)) for b, seats in by_board.items()]
    extra, worst = figures(history)
    return {
        "extra": extra,
        "worst": worst,
        "power_repeats": power_repeats(history),
        "squares": squares,
        "seconds": sum(walls) / rounds,
        "max_seconds": max(walls),
        "cpu": sum(cpus) / rounds,
    }


def main() -> None:
    players, rounds, *seeds = (int(a) for a in sys.argv[1:])
    # Compile (or load from numba's cache) the annealing before anything is timed.
    board_call(SeedingProblem(2, tuple(Entrant(f"w{i}") for i in range(21)), ()), seed=0)
    for seed in seeds:
        print(json.dumps({"seed": seed, **tournament(players, rounds, seed)}), flush=True)


if __name__ == "__main__":
    main()
