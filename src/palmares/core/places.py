"""Competition places of many groups at once (issue 33): ``core.ranking``'s rule (1, 2, 2, 4:
tied values share the best place of their run, the next counts everyone above it) over arrays,
every game, board, match or tournament of a long history in one pass.

Its own module (numpy) so that :mod:`palmares.core.ranking`, which every standing imports,
loads no numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["competition_places"]

I64 = npt.NDArray[np.int64]
#: Groups up to this size are placed by comparing each member with every other.
_TABLE_WIDTH = 16


def competition_places(group: I64, value: npt.NDArray[Any], *, descending: bool = True) -> I64:
    """Every row's competition place within its group (1, 2, 2, 4: tied values share the best
    place of their run), all groups in one pass: a row's place is one more than the rows of its
    group with a better value (higher when ``descending``). Small groups (a game, a board, a
    match) compare each row with every member of its group, as a table of groups by members;
    large ones sort the rows by group and value."""
    n = group.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    key = np.asarray(value, dtype=np.int64)
    if descending:
        key = -key
    grouped = bool(np.all(group[1:] >= group[:-1]))
    order = None if grouped else np.argsort(group, kind="stable")
    g, k = (group, key) if order is None else (group[order], key[order])
    sizes = np.bincount(g)
    widest = int(sizes.max())
    if widest <= _TABLE_WIDTH:
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        table = np.full((sizes.shape[0], widest), np.iinfo(np.int64).max, dtype=np.int64)
        table[g, np.arange(n) - starts[g]] = k
        places = np.ones(n, dtype=np.int64)
        for member in range(widest):
            places += table[g, member] < k
    else:
        inner = np.lexsort((k, g))
        gs, ks = g[inner], k[inner]
        new_group = np.empty(n, dtype=np.bool_)
        new_group[0] = True
        np.not_equal(gs[1:], gs[:-1], out=new_group[1:])
        new_run = new_group.copy()
        new_run[1:] |= ks[1:] != ks[:-1]
        at = np.arange(n, dtype=np.int64)
        group_start = np.maximum.accumulate(np.where(new_group, at, 0))
        run_start = np.maximum.accumulate(np.where(new_run, at, 0))
        places = np.empty(n, dtype=np.int64)
        places[inner] = run_start - group_start + 1
    if order is None:
        return places
    out = np.empty(n, dtype=np.int64)
    out[order] = places
    return out
