"""The percentile score of a final placement (seed 000, "Dip Pouch Tournament Rating").

"After each event, a player's final placement (e.g. 1st, 2nd, 3rd, etc.) is converted to a
percentile score. The formula used is: (([Number of Players in the event]+0.5-[Placement])/
[Number of Players in the event])*100". Tied players share the best place of their group (the
seed's Dip in the Ocean 2004 table: two 9th at 64.58, three 22nd at 10.42).

The formula is written once, :func:`percentile_formula`, for any kind of number: exact with
fractions (:func:`percentile`: 8th of 65 is 88.4615…, shown 88.46), in float64 where the
vectorised replay compiles it (``ratings.engine``'s numba kernels call it; the C kernels in
``ratings/_kernels.c`` keep their own loop, tested equal to it: tests/ratings/test_percentile.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeVar

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["HALF", "percentile", "percentile_formula"]

#: The seed's half place: "+0.5".
HALF = Fraction(1, 2)

N = TypeVar("N", Fraction, float)


def percentile_formula(place: N | int, players: N, half: N) -> N:
    """``(players + half − place) / players × 100``: seed 000's formula, in the number type
    of ``players`` and ``half`` (no check: :func:`percentile` checks, a kernel's input is
    checked when it is read)."""
    return (players + half - place) / players * 100


def percentile(place: int, players: int) -> Fraction:
    """``(players + 0.5 - place) / players * 100``, exactly; ``place`` is 1-based."""
    if players < 1:
        raise PalmaresError.of(Message.of("ratings.event_empty", got=str(players)))
    if not 1 <= place <= players:
        raise PalmaresError.of(
            Message.of("ratings.placement", players=str(players), got=str(place))
        )
    return percentile_formula(place, Fraction(players), HALF)
