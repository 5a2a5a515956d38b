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
colouring (a round seated by hand, a change of field), :func:`repair` lowers the repeats of the
rounds to come by swapping powers within a board, the powers played kept as they are.

A player with more than seven games (a two-boarder) must repeat: their lines are split into
blocks of seven, each block coloured as one vertex.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Line", "colour", "konig", "repair"]

#: Moves of the repair's local search.
REPAIR_MOVES = 20_000
#: How often the repair takes a random swap rather than the best one.
WALK = 0.1
#: The penalty of one power on both boards of a two-boarder in one round (never allowed).
CLASH = 10**6
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
    boards: dict[tuple[int, int], int] = {}
    games: dict[str, int] = {}
    vertex: dict[tuple[str, int], int] = {}
    ends: list[tuple[int, int]] = []
    for e in order:
        line = lines[e]
        block = games.get(line.player, 0) // size
        games[line.player] = games.get(line.player, 0) + 1
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
    given = repair(lines, [power[e] for e in free], free, played, size, seed=seed)
    return given


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
    best swap for a player who repeats (a worse one now and then, to leave a dead end)."""
    rng = random.Random(seed)
    power = list(start)
    count: dict[str, list[int]] = {p: list(row) for p, row in played.items()}
    seats_of_board: dict[tuple[int, int], list[int]] = {}
    same_round: dict[tuple[str, int], list[int]] = {}
    for x, e in enumerate(free):
        line = lines[e]
        count.setdefault(line.player, [0] * size)[power[x]] += 1
        seats_of_board.setdefault((line.round, line.board), []).append(x)
        same_round.setdefault((line.player, line.round), []).append(x)
    player = [lines[e].player for e in free]
    rnd = [lines[e].round for e in free]
    board = [(lines[e].round, lines[e].board) for e in free]

    def cost_of(p: str, k: int, c: int) -> int:
        return REPEAT * max(0, c - 1) + THIRD * max(0, c - 2) if c else 0

    def clash(x: int, k: int) -> int:
        return sum(CLASH for y in same_round[player[x], rnd[x]] if y != x and power[y] == k)

    def bad(x: int) -> bool:
        return count[player[x]][power[x]] > 1 or clash(x, power[x]) > 0

    def delta(x: int, y: int) -> int:
        """The change of penalty if seats x and y (one board) swapped powers."""
        px, py, kx, ky = player[x], player[y], power[x], power[y]
        d = 0
        for p, old, new in ((px, kx, ky), (py, ky, kx)):
            row = count[p]
            d += cost_of(p, old, row[old] - 1) - cost_of(p, old, row[old])
            d += cost_of(p, new, row[new] + 1) - cost_of(p, new, row[new])
        d += clash(x, ky) - clash(x, kx) + clash(y, kx) - clash(y, ky)
        return d

    def swap(x: int, y: int) -> None:
        kx, ky = power[x], power[y]
        count[player[x]][kx] -= 1
        count[player[x]][ky] += 1
        count[player[y]][ky] -= 1
        count[player[y]][kx] += 1
        power[x], power[y] = ky, kx

    seats_of_player: dict[str, list[int]] = {}
    for x, p in enumerate(player):
        seats_of_player.setdefault(p, []).append(x)
    conflicted = {x for x in range(len(free)) if bad(x)}
    total = 0
    best = (total, list(power))
    for _ in range(moves):
        if not conflicted:
            return power
        x = sorted(conflicted)[rng.randrange(len(conflicted))]
        others = [y for y in seats_of_board[board[x]] if y != x]
        if rng.random() < WALK:
            y = others[rng.randrange(len(others))]
        else:
            y = min(others, key=lambda y: (delta(x, y), rng.random()))
        total += delta(x, y)
        swap(x, y)
        for z in seats_of_player[player[x]] + seats_of_player[player[y]]:
            if bad(z):
                conflicted.add(z)
            else:
                conflicted.discard(z)
        if total < best[0]:
            best = (total, list(power))
    return best[1]
