"""The Skill Ratio (seed 004, "Skill Ratio").

"The SR (skill ratio) is determined by dividing the POINTS by the Number of Games Played. eg. A
player with 30 points in 20 games has an SR of 1.5". Kept exact (a Fraction); shown to two
decimals, half up, only when displayed.

Public API: :func:`skill_ratio` (points, games) -> Fraction.
"""

from __future__ import annotations

from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["skill_ratio"]


def skill_ratio(points: int | Fraction, games: int) -> Fraction:
    """POINTS / games played, exact (30 points in 20 games -> 3/2)."""
    if games <= 0:
        raise PalmaresError.of(Message.of("wizard.skill_ratio_games"))
    return Fraction(points) / games
