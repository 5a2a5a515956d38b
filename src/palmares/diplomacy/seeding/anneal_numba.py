"""Simulated annealing and descent over seat swaps, compiled with numba (issue 6): the
reference of the compiled kernel ``_kernel.c``, and what :mod:`.anneal` runs when that kernel
was not built (see :mod:`.anneal` for the moves).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

from palmares.diplomacy.seeding.schedule import FOCUS, T_END, T_START, UNIT

__all__ = ["anneal_slice", "descend", "double_extra", "swap_delta"]

IntArray = NDArray[np.int64]


@njit(cache=True)
def _next(rng: NDArray[np.uint64]) -> int:  # pragma: no cover - compiled
    """The next 53 random bits of xorshift64* (Vigna): fast and reproducible everywhere."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return int((x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(11))


@njit(cache=True)
def double_extra(board_of: IntArray, pairs: IntArray) -> int:  # pragma: no cover - compiled
    """Extra cost of two-boarders seated together on both their boards; ``pairs`` rows are
    ``(seat a1, seat a2, seat b1, seat b2, extra)``."""
    total = 0
    for r in range(pairs.shape[0]):
        a1, a2 = board_of[pairs[r, 0]], board_of[pairs[r, 1]]
        b1, b2 = board_of[pairs[r, 2]], board_of[pairs[r, 3]]
        if (a1 == b1 and a2 == b2) or (a1 == b2 and a2 == b1):
            total += pairs[r, 4]
    return total


@njit(cache=True)
def _swap(
    ea: int, eb: int, boards: IntArray, board_of: IntArray, pos: IntArray
) -> None:  # pragma: no cover - compiled
    a, b = board_of[ea], board_of[eb]
    pa, pb = pos[ea], pos[eb]
    boards[a, pa] = eb
    boards[b, pb] = ea
    board_of[ea], board_of[eb] = b, a
    pos[ea], pos[eb] = pb, pa


@njit(cache=True)
def swap_delta(
    ea: int,
    eb: int,
    boards: IntArray,
    board_of: IntArray,
    pos: IntArray,
    player: IntArray,
    w: IntArray,
    is_double: NDArray[np.bool_],
    pairs: IntArray,
) -> int:  # pragma: no cover - compiled
    """The change in cost if seats ``ea`` and ``eb`` (on different boards) swapped."""
    pa, pb = player[ea], player[eb]
    d = 0
    a, b = board_of[ea], board_of[eb]
    for s in range(boards.shape[1]):
        q = boards[a, s]
        if q != ea:
            d += w[pb, player[q]] - w[pa, player[q]]
        q = boards[b, s]
        if q != eb:
            d += w[pa, player[q]] - w[pb, player[q]]
    if pairs.shape[0] and (is_double[pa] or is_double[pb]):
        before = double_extra(board_of, pairs)
        _swap(ea, eb, boards, board_of, pos)
        d += double_extra(board_of, pairs) - before
        _swap(ea, eb, boards, board_of, pos)
    return d


@njit(cache=True)
def _contribution(
    e: int, boards: IntArray, board_of: IntArray, player: IntArray, w: IntArray
) -> int:  # pragma: no cover - compiled
    b = board_of[e]
    p = player[e]
    total = 0
    for s in range(boards.shape[1]):
        q = boards[b, s]
        if q != e:
            total += w[p, player[q]]
    return total


@njit(cache=True)
def anneal_slice(
    boards: IntArray,
    board_of: IntArray,
    pos: IntArray,
    player: IntArray,
    movable: IntArray,
    w: IntArray,
    is_double: NDArray[np.bool_],
    pairs: IntArray,
    best: IntArray,
    state: IntArray,
    start: int,
    stop: int,
    budget: int,
    bound: int,
    hard: int,
    unit: float,
    rng: NDArray[np.uint64],
) -> int:  # pragma: no cover - compiled
    """Moves ``start`` to ``stop`` (of ``budget``) of the annealing, in place.

    ``state`` holds ``[cost, best cost]``; ``best`` receives the best boards seen. Returns the
    moves made (fewer than asked when the best cost reached ``bound``)."""
    nm = movable.shape[0]
    step = (T_END / T_START) ** (1.0 / budget)
    scale = unit * T_START * (T_END / T_START) ** (start / budget)
    for move in range(start, stop):
        if state[1] <= bound:
            return move - start
        scale *= step
        ea = movable[_next(rng) % nm]
        for _ in range(FOCUS):
            if _contribution(ea, boards, board_of, player, w):
                break
            ea = movable[_next(rng) % nm]
        eb = movable[_next(rng) % nm]
        if board_of[ea] == board_of[eb] or player[ea] == player[eb]:
            continue
        d = swap_delta(ea, eb, boards, board_of, pos, player, w, is_double, pairs)
        if d >= hard:
            continue
        if d > 0 and _next(rng) * UNIT >= np.exp(-d / scale):
            continue
        _swap(ea, eb, boards, board_of, pos)
        state[0] += d
        if state[0] < state[1]:
            state[1] = state[0]
            best[:, :] = boards
    return stop - start


@njit(cache=True)
def descend(
    boards: IntArray,
    board_of: IntArray,
    pos: IntArray,
    player: IntArray,
    movable: IntArray,
    w: IntArray,
    is_double: NDArray[np.bool_],
    pairs: IntArray,
) -> int:  # pragma: no cover - compiled
    """Swap seats while any swap lowers the cost (a swap-local optimum); returns the change."""
    total = 0
    improved = True
    while improved:
        improved = False
        for x in range(movable.shape[0]):
            ea = movable[x]
            for y in range(x + 1, movable.shape[0]):
                eb = movable[y]
                if board_of[ea] == board_of[eb] or player[ea] == player[eb]:
                    continue
                d = swap_delta(ea, eb, boards, board_of, pos, player, w, is_double, pairs)
                if d < 0:
                    _swap(ea, eb, boards, board_of, pos)
                    total += d
                    improved = True
    return total
