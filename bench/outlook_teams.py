"""The share of team-championship verdicts the last round's outlook leaves "not computed"
(issue 38), on random tournaments, and how long the verdicts take.

Two families, generated deterministically:

- **small**: the small map of the outlook's tests (three powers, six centres, a solo at four),
  six to nine players on two or three boards of the final round, one of them sometimes the top
  board and sometimes reported, in two to four teams dealt at random (team-mates may meet);
- **realistic**: the standard map under Divide and Conquer (seed 002), 35 to 70 players, five
  rounds of random games under the ante, then the final round: the seven best on the top board,
  everyone else seated at random with team-mates kept apart (seed 002, "Team Tournament"),
  teams of three for a share of the field (a third to all of it), a few boards reported.

Run: ``PYTHONPATH=src .venv/bin/python bench/outlook_teams.py [--small N] [--realistic N]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from fractions import Fraction

from palmares.diplomacy.board import GREAT_POWERS, Board
from palmares.diplomacy.outlook import FinalBoard, Status
from palmares.diplomacy.outlook.catalogue import STANDARD, Map
from palmares.diplomacy.outlook.teams import team_outlook
from palmares.diplomacy.scoring.divide_and_conquer import DivideAndConquer

SYSTEM = DivideAndConquer()
KEY = "divide-and-conquer"
SMALL = Map(seats=3, centres=6, solo=4)
Case = tuple[dict[str, Fraction], list[FinalBoard], dict[str, tuple[str, ...]], Map]


def _centres(rng: random.Random, powers: int, total: int, solo: int) -> list[int]:
    if rng.random() < 0.1:
        counts = [0] * powers
        counts[rng.randrange(powers)] = solo
        return counts
    left, counts = total, []
    for _ in range(powers):
        counts.append(min(left, rng.randint(0, max(1, total // 3))))
        left -= counts[-1]
    counts[rng.randrange(powers)] = min(counts[0], solo - 1)
    return counts


def _result(rng: random.Random, powers: tuple[str, ...], board_map: Map, label: str) -> Board:
    counts = _centres(rng, len(powers), board_map.centres, board_map.solo)
    if sum(counts) == 0:
        counts[0] = 1
    return Board(
        id=label, centres=dict(zip(powers, counts, strict=True)), solo_centres=board_map.solo
    )


def small(rng: random.Random) -> Case:
    powers = GREAT_POWERS[:3]
    n_boards = rng.choice((2, 3))
    names = [f"P{i}" for i in range(rng.randint(3 * n_boards, 3 * n_boards + 2))]
    scores = {n: Fraction(rng.randint(100, 160)) for n in names}
    seated = rng.sample(names, 3 * n_boards)
    top = rng.random() < 0.5
    boards = []
    for i in range(n_boards):
        players = seated[3 * i : 3 * i + 3]
        result = _result(rng, powers, SMALL, str(i)) if rng.random() < 0.2 else None
        boards.append(
            FinalBoard(str(i + 1), tuple(zip(powers, players, strict=True)), top and i == 0, result)
        )
    order = rng.sample(names, len(names))
    k = rng.randint(2, 4)
    teams = {f"T{i}": tuple(order[i::k]) for i in range(k)}
    return scores, boards, teams, SMALL


def realistic(rng: random.Random) -> Case:
    n = rng.randint(35, 70)
    names = [f"player {i}" for i in range(n)]
    score = {p: Fraction(100) for p in names}
    for _ in range(5):  # five rounds under the ante (seed 002, Appendix A)
        order = rng.sample(names, n)
        for b in range(n // 7):
            players = order[7 * b : 7 * b + 7]
            scored = SYSTEM.score(_result(rng, GREAT_POWERS, STANDARD, "r"))
            pot = sum((score[p] for p in players), Fraction(0)) / 10
            for power, p in zip(GREAT_POWERS, players, strict=True):
                score[p] = score[p] * Fraction(9, 10) + scored.share(power) * pot
    ranked = sorted(names, key=lambda p: -score[p])
    in_teams = rng.sample(names, 3 * int(n * rng.uniform(1 / 3, 1) / 3))
    teams = {f"team {i}": tuple(in_teams[3 * i : 3 * i + 3]) for i in range(len(in_teams) // 3)}
    team_of = {p: t for t, ms in teams.items() for p in ms}
    top, rest = ranked[:7], ranked[7:]
    rest = rest[: 7 * (len(rest) // 7)]
    for _ in range(200):  # team-mates kept apart off the top board
        rng.shuffle(rest)
        tables = [rest[7 * b : 7 * b + 7] for b in range(len(rest) // 7)]
        if all(
            len({team_of[p] for p in t if p in team_of}) == sum(1 for p in t if p in team_of)
            for t in tables
        ):
            break
    boards = [FinalBoard("1", tuple(zip(GREAT_POWERS, top, strict=True)), True)]
    for b, t in enumerate(tables, start=2):
        result = _result(rng, GREAT_POWERS, STANDARD, str(b)) if rng.random() < 0.2 else None
        boards.append(FinalBoard(str(b), tuple(zip(GREAT_POWERS, t, strict=True)), False, result))
    return score, boards, teams, STANDARD


def measure(cases: list[Case]) -> tuple[Counter[str], Counter[str], float]:
    statuses: Counter[str] = Counter()
    why: Counter[str] = Counter()
    start = time.perf_counter()
    for scores, boards, teams, board_map in cases:
        for line in team_outlook(
            scores, boards, teams, system=SYSTEM, system_key=KEY, board_map=board_map
        ):
            statuses[line.verdict.status.value] += 1
            if line.verdict.status is Status.NOT_COMPUTED:
                reason = line.verdict.because.get("why")
                why[getattr(reason, "key", "?")] += 1
    return statuses, why, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=2000)
    parser.add_argument("--realistic", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(38)
    for name, make, count in (
        ("small", small, args.small),
        ("realistic", realistic, args.realistic),
    ):
        cases = [make(rng) for _ in range(count)]
        statuses, why, seconds = measure(cases)
        total = sum(statuses.values())
        share = statuses["not_computed"] / total if total else 0.0
        print(
            f"{name}: {count} tournaments, {total} team verdicts, not computed "
            f"{statuses['not_computed']} ({share:.1%}); {dict(statuses)}; reasons {dict(why)}; "
            f"{seconds:.2f} s ({1000 * seconds / max(count, 1):.1f} ms a tournament)"
        )


if __name__ == "__main__":
    main()
