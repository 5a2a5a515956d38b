"""The annealing's schedule and random numbers (issue 6), shared by the compiled kernel's two
builds (:mod:`.anneal`): the temperature falls geometrically from ``T_START`` to ``T_END``
times the cost of one pair meeting again; ``FOCUS`` draws look for a seat that costs
something; the generator is xorshift64* (Vigna), seeded by :func:`reseed`."""

from __future__ import annotations

from palmares.diplomacy.seeding.cells import Cells, words

__all__ = ["FOCUS", "T_END", "T_START", "UNIT", "reseed"]

T_START = 2.0
T_END = 0.02
#: Draws tried to find a seat that costs something before moving any seat.
FOCUS = 3
#: 2⁻⁵³: turns 53 random bits into a number in [0, 1).
UNIT = 1.0 / (1 << 53)


def reseed(seed: int) -> Cells:
    """The state of the generator of the annealing (xorshift64*), from ``seed``."""
    return words([(seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) % 2**64 or 1])
