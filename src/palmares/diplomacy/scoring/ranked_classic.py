"""Ranked Classic.

Rule: with no solo, each survivor scores 10 per final centre plus 30 for surviving plus a rank
bonus by its place among the board by centres: 200, 90, 60, 40, 30, 20, 10 for 1st–7th. Two
powers tied for a place both take that place's two-way value instead: 135, 70, 50, 35, 25, 15 for
a tie at 1st … 6th. Three or more tied all take the value of the lowest place they span. A dead
power scores only 1 per year survived. With a solo the soloist scores 550 and every other power
1 per year survived (a survivor to the solo year).

Source: dipvis (UEWBot/dipvis, game_scoring/ranked_classic.py, system description; checked
again against its source of 2026-08-07). ``ranked-classic-v2`` (``ranked_classic_v2.py``) differs
only in how three or more tied powers score.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.core.ranking import tie_groups
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    solo_score,
    years_survived,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["PLACES", "TWO_WAY", "RankedClassic", "RankedClassicPower", "lowest_place_bonus"]

PLACES = (200, 90, 60, 40, 30, 20, 10)
TWO_WAY = (135, 70, 50, 35, 25, 15)


def lowest_place_bonus(places: range) -> int:
    """The rank bonus of a tie spanning ``places``: alone its place's, two its two-way value,
    three or more the lowest place's."""
    if len(places) == 2:
        first = places[0]
        return TWO_WAY[first - 1] if first <= len(TWO_WAY) else 0
    last = places[-1]
    return PLACES[last - 1] if last <= len(PLACES) else 0


@dataclass(frozen=True, slots=True)
class RankedClassicPower(Figures):
    """One power under Ranked Classic or its v2 (dipvis game_scoring/ranked_classic.py): its
    final centres; a survivor's 10 per centre, 30 for surviving and rank bonus; a dead power's
    years survived (``None``: the side that does not apply)."""

    centres: int
    centre_points: int | None = None
    survival: int | None = None
    rank_bonus: int | None = None
    years_survived: int | None = None


@dataclass(frozen=True, slots=True)
class RankedClassic:
    """Ranked Classic; ``bonus`` says what a tie spanning some places takes (the v2 differs)."""

    slug: str = "ranked-classic"
    bonus: Callable[[range], int] = lowest_place_bonus

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board, self.slug, soloist, 550, lambda p: years_survived(board, p), years="survived"
            )
        bonus: dict[str, int] = {}
        for group in tie_groups(list(board.powers), key=lambda p: board.centres[p]):
            for member in group.members:
                bonus[member] = self.bonus(group.places)
        scores: dict[str, Fraction | int] = {}
        powers: dict[str, RankedClassicPower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                years = years_survived(board, p)
                scores[p] = years
                powers[p] = RankedClassicPower(0, years_survived=years)
                continue
            scores[p] = 10 * c + 30 + bonus[p]
            powers[p] = RankedClassicPower(
                c, centre_points=10 * c, survival=30, rank_bonus=bonus[p]
            )
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="ranked-classic",
        name="Ranked Classic",
        kind="rank",
        source="dipvis game_scoring/ranked_classic.py",
        summary=Message.of("system.ranked-classic.summary"),
        rule=Message.of("system.ranked_classic.rule"),
        factory=RankedClassic,
    )
)
