"""Time the ante standings of a large synthetic tournament (and a baseline in the same run).

Baseline: scoring every board with Divide and Conquer alone. Measured: the ante aggregation of
the same boards (which scores them too). Run: ``.venv/bin/python bench/diplomacy_ante.py``.
"""

from __future__ import annotations

import random
import time

from palmares.diplomacy.aggregation.ante import Ante
from palmares.diplomacy.aggregation.base import score_boards
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.scoring import get_system


def tournament(players: int, rounds: int, seed: int = 7) -> list[PlayedBoard]:
    rng = random.Random(seed)
    names = [f"player {i}" for i in range(players)]
    boards = []
    for rnd in range(1, rounds + 1):
        rng.shuffle(names)
        for b in range(players // 7):
            left, counts = 34, []
            for _ in GREAT_POWERS:
                counts.append(min(left, rng.randint(0, 10)))
                left -= counts[-1]
            seats = tuple(
                Seat(p, n, c)
                for p, n, c in zip(GREAT_POWERS, names[7 * b : 7 * b + 7], counts, strict=True)
            )
            boards.append(PlayedBoard(rnd, str(b + 1), seats))
    return boards


def main() -> None:
    system = get_system("divide-and-conquer")
    for players in (70, 350, 700):
        boards = tournament(players, 6)
        start = time.perf_counter()
        score_boards(boards, system)
        baseline = time.perf_counter() - start
        start = time.perf_counter()
        Ante().aggregate(boards, system)
        took = time.perf_counter() - start
        print(
            f"{players} players, 6 rounds, {len(boards)} boards: "
            f"scoring alone {baseline * 1000:.1f} ms, ante standings {took * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
