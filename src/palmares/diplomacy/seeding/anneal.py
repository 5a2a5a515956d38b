"""Simulated annealing and descent over seat swaps (issue 6), compiled.

The state is a call: ``boards[b, s]`` is the seat (entry) in place ``s`` of board ``b``,
``player[e]`` the player of seat ``e`` (a two-boarder has two seats). A move swaps two movable
seats on different boards; its cost change needs only the two boards (``W`` is the matrix of
:func:`.objective.pair_weights`), plus the extra meeting of two two-boarders who would share
both their boards (:func:`.objective.double_meetings`).

The annealing runs a fixed number of moves with the temperature falling geometrically from
``T_START`` to ``T_END`` times ``unit`` (the cost of one pair meeting again, see
:class:`.objective.PairLevels`); the first seat of a move is drawn up to ``FOCUS`` times until
one that costs something turns up; once the lower bound is reached the run stops. Random numbers
come from a small generator seeded by the caller (:mod:`.schedule`), so a seed and a budget give
one result; the caller runs the moves in slices to watch its clock.

Two builds of the same moves: ``_kernel.c``, compiled when the package is installed, and the
numba reference :mod:`.anneal_numba`, used when that extension was not built. They agree move
for move (a test runs both); the compiled one spares the command line numba's import and the
loading of its cached kernels (issue 20: ``palmares diplomacy seed`` within half a second of
the call in process). ``KERNEL`` says which one runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from palmares.diplomacy.seeding.schedule import FOCUS, T_END, T_START, UNIT, reseed

__all__ = [
    "FOCUS",
    "KERNEL",
    "T_END",
    "T_START",
    "UNIT",
    "anneal_slice",
    "descend",
    "double_extra",
    "numba_build",
    "reseed",
]


def numba_build() -> tuple[Callable[..., int], Callable[..., int], Callable[..., int]]:
    """The numba build of ``anneal_slice``, ``descend`` and ``double_extra``, taking the same
    arguments as the compiled one: the memoryviews of :mod:`.cells` are given to numba as numpy
    arrays over the same memory (flags as booleans, ``pairs`` in rows of five)."""
    import numpy as np

    from palmares.diplomacy.seeding import anneal_numba

    def arrays(args: tuple[Any, ...]) -> list[Any]:
        """The arguments as numpy arrays; the 7th (``is_double``) as booleans, the 8th
        (``pairs``) in rows of five."""
        out = [np.asarray(a) if isinstance(a, memoryview) else a for a in args]
        out[6] = out[6].view(np.bool_)
        out[7] = out[7].reshape(-1, 5)
        return out

    def anneal_slice(*args: Any) -> int:
        return int(anneal_numba.anneal_slice(*arrays(args)))

    def descend(*args: Any) -> int:
        return int(anneal_numba.descend(*arrays(args)))

    def double_extra(*args: Any) -> int:
        board_of, pairs = (np.asarray(a) for a in args)
        return int(anneal_numba.double_extra(board_of, pairs.reshape(-1, 5)))

    return anneal_slice, descend, double_extra


try:
    from palmares.diplomacy.seeding._kernel import anneal_slice, descend, double_extra

    KERNEL = "compiled"
except ImportError:  # the extension was not built (no C compiler at install): numba's
    anneal_slice, descend, double_extra = numba_build()
    KERNEL = "numba"
