"""A history given as arrays of player ids laid out for the walk (compiled), without Python values.

A source that already holds its players as integer ids (the site's database rows, a columnar
file) need not build :class:`~palmares.ratings.competitions.Competition` values: competition c
is entries ``offsets[c]:offsets[c+1]``, entry e is player ``ids[e]`` placed ``place[e]``.
:func:`lay_out` does what :func:`~palmares.ratings.skill.history.flatten` does for values — each
competition's entries sorted by place, stably, and the players numbered 0, 1, … in order of
first appearance — in one compiled pass.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from palmares.ratings.compiled import kernels
from palmares.ratings.jit import njit

__all__ = ["lay_out"]

I64 = npt.NDArray[np.int64]


def _narrow(low: int, high: int, n: int) -> bool:
    """Whether ``n`` ids from ``low`` to ``high`` are numbered through a table over their range
    (else through their sorted distinct values, ``np.unique``)."""
    return high - low < 4 * n + 1_000_000


def lay_out(ids: I64, offsets: I64, place: I64) -> tuple[I64, I64, I64]:
    """``(player, place, first)``: each entry's player number and place, each competition
    sorted by place (stably: a stable insertion sort, competitions being short), and ``first``
    the id of each numbered player (``first[player[e]]`` is entry e's id). The compiled build
    (``_kernels.c``) when it was built, else numba's :func:`_lay_out`; ids spread wider than
    a table are numbered through their distinct values, in the same order of first
    appearance."""
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    place = np.ascontiguousarray(place, dtype=np.int64)
    n = ids.shape[0]
    if n and not _narrow(int(ids.min()), int(ids.max()), n):
        distinct, codes = np.unique(ids, return_inverse=True)
        player, placed, first = lay_out(codes.reshape(-1).astype(np.int64), offsets, place)
        return player, placed, distinct[first]
    if kernels is None:
        return _lay_out(ids, offsets, place)
    out_id, out_place = np.empty(n, np.int64), np.empty(n, np.int64)
    player, first = np.empty(n, np.int64), np.empty(n, np.int64)
    k = kernels.lay_out(ids, offsets, place, out_id, out_place, player, first)
    return player, out_place, first[:k]


@njit(cache=True)
def _lay_out(ids: I64, offsets: I64, place: I64) -> tuple[I64, I64, I64]:  # pragma: no cover
    """:func:`lay_out` in numba, the ids' range narrow enough for a table."""
    n = ids.shape[0]
    out_id = ids.copy()
    out_place = place.copy()
    for c in range(offsets.shape[0] - 1):
        a, b = offsets[c], offsets[c + 1]
        for e in range(a + 1, b):
            r, p = out_place[e], out_id[e]
            j = e - 1
            while j >= a and out_place[j] > r:
                out_place[j + 1] = out_place[j]
                out_id[j + 1] = out_id[j]
                j -= 1
            out_place[j + 1] = r
            out_id[j + 1] = p
    player = np.empty(n, dtype=np.int64)
    first = np.empty(n, dtype=np.int64)
    k = 0
    low = out_id.min() if n else 0
    high = out_id.max() if n else -1
    table = np.full(high - low + 1, -1, dtype=np.int64)
    for e in range(n):
        slot = out_id[e] - low
        if table[slot] < 0:
            table[slot] = k
            first[k] = out_id[e]
            k += 1
        player[e] = table[slot]
    return player, out_place, first[:k]
