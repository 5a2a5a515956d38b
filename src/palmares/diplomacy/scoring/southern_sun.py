"""Southern Sun.

Rule: with no solo, each survivor scores 30 for surviving plus 10 per final centre plus rank
points from a Fibonacci-like scale by place among the survivors: 130, 80, 50, 30, 20, 10, 10 for
1st–7th (only as many places as there are survivors are paid). Survivors on equal centres share
the average of the places they span, rounded to the nearest whole point, halves up (a two-way top
gets (130 + 80) / 2 = 105 each; three sharing 2nd get (80 + 50 + 30) / 3 = 53.33 → 53 each). A
dead power scores 3 per game year played (counting the year it was eliminated) and no rank
points. A soloist scores 500 and the others 0.

Source: dipvis (UEWBot/dipvis, game_scoring/southern_sun.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.core.rounding import half_up_int
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    rank_points,
    solo_score,
    years_played,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["SouthernSun", "SouthernSunPower"]

PLACES = (130, 80, 50, 30, 20, 10, 10)


@dataclass(frozen=True, slots=True)
class SouthernSunPower(Figures):
    """One power under Southern Sun (dipvis game_scoring/southern_sun.py): its final centres; a
    survivor's 30 for surviving, 10 per centre, the points of its place among the survivors
    (ties share the average) and those rounded half up; a dead power's years played, 3 points
    each (``None``: the side that does not apply)."""

    centres: int
    survival: int | None = None
    centre_points: int | None = None
    place_points: Fraction | None = None
    rounded_place_points: int | None = None
    years_played: int | None = None


@dataclass(frozen=True, slots=True)
class SouthernSun:
    slug: str = "southern-sun"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, 500)
        survivors = board.survivors
        place = rank_points(survivors, lambda p: board.centres[p], PLACES[: len(survivors)])
        scores: dict[str, Fraction | int] = {}
        powers: dict[str, SouthernSunPower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                years = years_played(board, p)
                scores[p] = 3 * years
                powers[p] = SouthernSunPower(0, years_played=years)
                continue
            rank = half_up_int(place[p])
            scores[p] = 30 + 10 * c + rank
            powers[p] = SouthernSunPower(
                c,
                survival=30,
                centre_points=10 * c,
                place_points=place[p],
                rounded_place_points=rank,
            )
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="southern-sun",
        name="Southern Sun",
        kind="rank",
        source="dipvis game_scoring/southern_sun.py",
        summary=Message.of("system.southern-sun.summary"),
        rule=Message.of("system.southern_sun.rule"),
        factory=SouthernSun,
    )
)
