"""Sydney League.

Rule: every power is placed by final centres, the dead below the survivors by elimination year
(later is better); places 1st–7th are worth 700, 600, 500, 400, 300, 200, 100 and powers that tie
share the average of the places they span. Each survivor adds 25 per final centre; each dead
power adds 1 per year played (counting the year it was eliminated). When a power solos, its score
so computed is multiplied by 1.5 and every other power's by 0.5.

Source: dipvis (UEWBot/dipvis, game_scoring/sydney_league.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, years_played
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.carnage import placed_points
from palmares.diplomacy.scoring.registry import register

__all__ = ["SydneyLeague", "SydneyLeaguePower"]

PLACES = (700, 600, 500, 400, 300, 200, 100)
SOLO_FACTOR = Fraction(3, 2)
LOSER_FACTOR = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class SydneyLeaguePower(Figures):
    """One power under Sydney League (dipvis game_scoring/sydney_league.py): its final centres,
    the points of its place (the dead by elimination year, ties split), a survivor's 25 per
    centre or a dead power's years played (1 point each), and on a soloed board the factor its
    score is multiplied by (1.5 the soloist, 0.5 the others; ``None``: no solo)."""

    centres: int
    place_points: Fraction
    centre_points: int | None = None
    years_played: int | None = None
    solo_factor: Fraction | None = None


@dataclass(frozen=True, slots=True)
class SydneyLeague:
    slug: str = "sydney-league"

    def score(self, board: Board) -> BoardScore:
        place = placed_points(board, PLACES, "elimination-order")
        soloist = board.soloist
        scores: dict[str, Fraction] = {}
        powers: dict[str, SydneyLeaguePower] = {}
        for p in board.powers:
            c = board.centres[p]
            years = None if c > 0 else years_played(board, p)
            extra = 25 * c if years is None else years
            factor = Fraction(1)
            if soloist is not None:
                factor = SOLO_FACTOR if p == soloist else LOSER_FACTOR
            scores[p] = (place[p] + extra) * factor
            powers[p] = SydneyLeaguePower(
                centres=c,
                place_points=place[p],
                centre_points=25 * c if years is None else None,
                years_played=years,
                solo_factor=factor if soloist is not None else None,
            )
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="sydney-league",
        name="Sydney League",
        kind="rank",
        source="dipvis game_scoring/sydney_league.py",
        summary=Message.of("system.sydney-league.summary"),
        rule=Message.of("system.sydney_league.rule"),
        factory=SydneyLeague,
    )
)
