"""Powers for every round at once, as an edge colouring (issue 6; seed 002, "Board
Assignments": "minimizing the number of times players play the same powers").

Draw a line from each player to each board they sit on, in every round played or foreseen (see
:mod:`.plan`). A power for every seat is a colour for every line such that the seven lines of a
board get seven different colours (each power once a board) and the lines of one player
different colours (no repeat). The graph is bipartite, players on one side and boards on the
other, and as long as no player plays more than seven games no vertex has more than seven
lines: by König's edge-colouring theorem seven colours are then always enough. So powers never
need to repeat in a tournament whose boards are known in advance; repeats come from giving them
round by round, each round blind to the next.

:func:`konig` colours the whole graph — the rounds played and the rounds foreseen — with the
textbook algorithm (each line takes a colour free at both ends, after swapping two colours along
an alternating path when needed), the lines taken in a fixed order. The calls of later rounds
colour the same graph again and find the same colours, so the powers given in a round are those
the earlier calls had planned and no repeat appears. When the powers played differ from the
colouring (a round seated by hand, a change of field or of seed), :func:`repair` lowers the
repeats by swapping powers within a board, the powers played kept as they are and a repeat in
the round being called weighing more than one in a later round.

A player with more than seven games (a two-boarder) must repeat: their lines are split into
blocks of at most seven, a round's lines always in one block, each block coloured as one
vertex.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Line", "colour", "konig", "repair"]

#: Moves of the repair's local search.
REPAIR_MOVES = 5_000
#: The repair stops after this many moves without a better assignment.
STALL = 1_000
#: How often the repair takes a random swap rather than the best one.
WALK = 0.1
#: The penalty of one power on both boards of a two-boarder in one round (never allowed).
CLASH = 10**6
#: How much more a repeat weighs in the round being called than in a later one.
NOW = 100
#: What a repeat costs, and what a third (fourth …) play of a power costs on top.
REPEAT = 1_000
THIRD = 10


@dataclass(frozen=True, slots=True)
class Line:
    """One seat: ``player`` on board ``board`` of round ``round``; ``power`` is the power played
    (an index) for a round already played, ``None`` for a seat to give a power."""

    round: int
    board: int
    player: str
    power: int | None = None


def konig(ends: Sequence[tuple[int, int]], left: int, right: int, size: int) -> list[int]:
    """A proper edge colouring with ``size`` colours of a bipartite multigraph whose vertices
    ``0 … left-1`` and ``0 … right-1`` have at most ``size`` edges each; ``ends[e] = (u, v)``.

    Edges are coloured in order: ``a`` free at ``u`` and ``b`` free at ``v``; if ``a`` is taken at
    ``v``, the path from ``v`` alternating ``a`` and ``b`` has its two colours swapped (it cannot
    reach ``u``, which lacks ``a``), which frees ``a`` at ``v``."""
    at = [[-1] * size for _ in range(left + right)]
    colour_of = [-1] * len(ends)
    other = [(u, left + v) for u, v in ends]
    for e, (u, v) in enumerate(other):
        a = at[u].index(-1)
        b = at[v].index(-1)
        if at[v][a] != -1:
            # Walk from v along a, b, a, … and swap the two colours on the way.
            path: list[int] = []
            x, c = v, a
            while at[x][c] != -1:
                f = at[x][c]
                path.append(f)
                x = other[f][0] if other[f][1] == x else other[f][1]
                c = b if c == a else a
            for f in path:
                for y in other[f]:
                    if at[y][colour_of[f]] == f:
                        at[y][colour_of[f]] = -1
            for f in path:
                colour_of[f] = b if colour_of[f] == a else a
            for f in path:
                for y in other[f]:
                    at[y][colour_of[f]] = f
        colour_of[e] = a
        at[u][a] = e
        at[v][a] = e
    return colour_of


def colour(lines: Sequence[Line], size: int, *, seed: int = 0) -> list[int]:
    """A power for each line with ``power`` ``None``, in order: the König colouring of all the
    lines, repaired where the powers played differ from it (see the module docstring)."""
    order = sorted(range(len(lines)), key=lambda e: _key(lines[e]))
    in_round = Counter((line.player, line.round) for line in lines)
    boards: dict[tuple[int, int], int] = {}
    block_of: dict[tuple[str, int], int] = {}  # (player, round) → block
    filled: dict[str, tuple[int, int]] = {}  # player → (block, lines in it)
    vertex: dict[tuple[str, int], int] = {}
    ends: list[tuple[int, int]] = []
    for e in order:
        line = lines[e]
        if (line.player, line.round) not in block_of:
            # A round's lines stay in one block, so a two-boarder's two powers differ.
            block, used = filled.get(line.player, (0, 0))
            need = in_round[line.player, line.round]
            if used + need > size:
                block, used = block + 1, 0
            filled[line.player] = (block, used + need)
            block_of[line.player, line.round] = block
        block = block_of[line.player, line.round]
        u = vertex.setdefault((line.player, block), len(vertex))
        v = boards.setdefault((line.round, line.board), len(boards))
        ends.append((u, v))
    got = konig(ends, len(vertex), len(boards), size)
    power = [0] * len(lines)
    for e, k in zip(order, got, strict=True):
        power[e] = k
    free = [e for e, line in enumerate(lines) if line.power is None]
    played: dict[str, list[int]] = {}
    for line in lines:
        if line.power is not None:
            played.setdefault(line.player, [0] * size)[line.power] += 1
    if not free:
        return []
    return repair(lines, [power[e] for e in free], free, played, size, seed=seed)


def _key(line: Line) -> tuple[int, int, str]:
    return (line.round, line.board, line.player)


def repair(
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

    # Each seat's player's other seats: in earlier rounds, and in the same round (two boards).
    earlier = [[y for y in seats_of_player[player[x]] if rnd[y] < rnd[x]] for x in range(len(free))]
    beside = [
        [y for y in seats_of_player[player[x]] if y != x and rnd[y] == rnd[x]]
        for x in range(len(free))
    ]
    before_of = [played.get(player[x], zero) for x in range(len(free))]

    def state(x: int) -> tuple[int, bool]:
        """How often seat ``x``'s player played its power before its round, and whether they
        play it on another board in the same round."""
        k = power[x]
        times = before_of[x][k]
        for y in earlier[x]:
            if power[y] == k:
                times += 1
        clash = False
        for y in beside[x]:
            if power[y] == k:
                clash = True
        return times, clash

    def cost(p: str) -> tuple[int, int, list[int]]:
        """The penalty of player ``p``'s lines, how many of them repeat, and the seats of
        theirs that repeat or clash (none when the penalty is nil)."""
        total = repeats = 0
        bad: list[int] = []
        for x in seats_of_player[p]:
            times, clash = state(x)
            if clash:
                total += CLASH
            if times:
                repeats += 1
                total += (REPEAT + THIRD * (times - 1)) * (NOW if rnd[x] == first else 1)
            if times or clash:
                bad.append(x)
        return total, repeats, bad if total else []

    now = {p: cost(p) for p in seats_of_player}
    total = sum(c for c, _, _ in now.values())
    repeats = sum(r for _, r, _ in now.values())
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
            c, r, bad = cost(p)
            d += c - now[p][0]
            repeats += r - now[p][1]
            now[p] = (c, r, bad)
        return d

    def trial(x: int, y: int) -> int:
        """The change of penalty swapping seats x and y would make (nothing changed)."""
        nonlocal repeats
        kept = [(p, now[p]) for p in {player[x], player[y]}]
        was = repeats
        d = swap(x, y)
        power[x], power[y] = power[y], power[x]
        for p, before in kept:
            now[p] = before
        repeats = was
        return d

    best = (total, list(power))
    since = 0  # moves since the best was last improved
    for _ in range(moves):
        if (repeats <= floor and total < CLASH) or since > STALL:
            break
        since += 1
        bad = [x for _, _, mine in now.values() for x in mine]
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
                d = trial(x, y)
                trials.append((d, rng.random(), y))
            d, _, y = min(trials)
            total += swap(x, y)
        if total < best[0]:
            best, since = (total, list(power)), 0
    return power if total <= best[0] else best[1]
