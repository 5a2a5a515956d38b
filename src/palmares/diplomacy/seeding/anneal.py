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

from palmares.diplomacy.seeding.schedule import FOCUS, T_END, T_START, UNIT, reseed

try:
    from palmares.diplomacy.seeding._kernel import anneal_slice, descend, double_extra

    KERNEL = "compiled"
except ImportError:  # the extension was not built (no C compiler at install): numba's
    from palmares.diplomacy.seeding.anneal_numba import anneal_slice, descend, double_extra

    KERNEL = "numba"

__all__ = [
    "FOCUS",
    "KERNEL",
    "T_END",
    "T_START",
    "UNIT",
    "anneal_slice",
    "descend",
    "double_extra",
    "reseed",
]
