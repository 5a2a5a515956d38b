"""The repair's local search as it was first written (every seat's state worked out afresh at
each move): the oracle the faster :func:`palmares.diplomacy.seeding.colouring.repair` must
equal move for move, the same random draws and the same powers."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from palmares.diplomacy.seeding.colouring import (
    CLASH,
    NOW,
    REPAIR_MOVES,
    REPEAT,
    STALL,
    THIRD,
    WALK,
    Line,
)


def reference_repair(
    lines: Sequence[Line],
    start: Sequence[int],
    free: Sequence[int],
    played: Mapping[str, Sequence[int]],
    size: int,
    *,
    seed: int = 0,
    moves: int = REPAIR_MOVES,
) -> list[int]:
    """Powers for the lines ``free`` (each board of them a permutation), from ``start``, with
    fewer repeats: a local search that swaps the powers of two players on one board, taking the
    best swap for a player who repeats (a random one now and then, to leave a dead end).

    A line repeats when its player played its power before (``played``, or an earlier round
    of ``free``); a repeat in the first round of ``free`` — the round being called — costs
    :data:`NOW` times one in a later round, so this round's powers come first. The search
    stops when no repeat is left but those no assignment avoids."""
    rng = random.Random(seed)
    power = list(start)
    player = [lines[e].player for e in free]
    rnd = [lines[e].round for e in free]
    board = [(lines[e].round, lines[e].board) for e in free]
    first = min(rnd, default=0)
    seats_of_board: dict[tuple[int, int], list[int]] = {}
    seats_of_player: dict[str, list[int]] = {}
    for x in range(len(free)):
        seats_of_board.setdefault(board[x], []).append(x)
        seats_of_player.setdefault(player[x], []).append(x)
    zero = [0] * size

    def state(x: int) -> tuple[int, bool]:
        """How often seat ``x``'s player played its power before its round, and whether they
        play it on another board in the same round."""
        k = power[x]
        times = played.get(player[x], zero)[k]
        clash = False
        for y in seats_of_player[player[x]]:
            if y != x and power[y] == k:
                if rnd[y] < rnd[x]:
                    times += 1
                elif rnd[y] == rnd[x]:
                    clash = True
        return times, clash

    def cost(p: str) -> tuple[int, int]:
        """The penalty of player ``p``'s lines, and how many of them repeat."""
        total = repeats = 0
        for x in seats_of_player[p]:
            times, clash = state(x)
            if clash:
                total += CLASH
            if times:
                repeats += 1
                total += (REPEAT + THIRD * (times - 1)) * (NOW if rnd[x] == first else 1)
        return total, repeats

    now = {p: cost(p) for p in seats_of_player}
    total = sum(c for c, _ in now.values())
    repeats = sum(r for _, r in now.values())
    # The fewest repeats possible: the games beyond the powers a player has left.
    floor = 0
    for p, mine in seats_of_player.items():
        before = played.get(p, zero)
        floor += max(0, len(mine) - sum(1 for c in before if not c))

    def swap(x: int, y: int) -> int:
        """Swap the powers of seats x and y; returns the change of penalty."""
        nonlocal repeats
        power[x], power[y] = power[y], power[x]
        d = 0
        for p in {player[x], player[y]}:
            c, r = cost(p)
            d += c - now[p][0]
            repeats += r - now[p][1]
            now[p] = (c, r)
        return d

    best = (total, list(power))
    since = 0  # moves since the best was last improved
    for _ in range(moves):
        if (repeats <= floor and total < CLASH) or since > STALL:
            break
        since += 1
        bad = [
            x
            for p, (c, _) in now.items()
            if c
            for x in seats_of_player[p]
            if state(x) != (0, False)
        ]
        if not bad:
            break
        x = bad[rng.randrange(len(bad))]
        others = [y for y in seats_of_board[board[x]] if y != x]
        if rng.random() < WALK:
            y = others[rng.randrange(len(others))]
            total += swap(x, y)
        else:
            trials = []
            for y in others:
                d = swap(x, y)
                swap(x, y)
                trials.append((d, rng.random(), y))
            d, _, y = min(trials)
            total += swap(x, y)
        if total < best[0]:
            best, since = (total, list(power)), 0
    return power if total <= best[0] else best[1]
