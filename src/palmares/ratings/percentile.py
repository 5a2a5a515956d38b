"""The percentile score of a final placement (seed 000, "Dip Pouch Tournament Rating").

"After each event, a player's final placement (e.g. 1st, 2nd, 3rd, etc.) is converted to a
percentile score. The formula used is: (([Number of Players in the event]+0.5-[Placement])/
[Number of Players in the event])*100". Tied players share the best place of their group (the
seed's Dip in the Ocean 2004 table: two 9th at 64.58, three 22nd at 10.42).

Exact: the result is a :class:`~fractions.Fraction` (8th of 65 is 88.4615…, shown 88.46).
"""

from __future__ import annotations

from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["percentile"]


def percentile(place: int, players: int) -> Fraction:
    """``(players + 0.5 - place) / players * 100``, exactly; ``place`` is 1-based."""
    if players < 1:
        raise PalmaresError.of(Message.of("ratings.event_empty", got=str(players)))
    if not 1 <= place <= players:
        raise PalmaresError.of(
            Message.of("ratings.placement", players=str(players), got=str(place))
        )
    return (Fraction(players) + Fraction(1, 2) - place) / players * 100
