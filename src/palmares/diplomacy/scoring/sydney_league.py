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

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import Details, finish, years_played
from palmares.diplomacy.scoring.base import BoardScore, SystemInfo
from palmares.diplomacy.scoring.carnage import placed_points
from palmares.diplomacy.scoring.registry import register

__all__ = ["SydneyLeague"]

PLACES = (700, 600, 500, 400, 300, 200, 100)
SOLO_FACTOR = Fraction(3, 2)
LOSER_FACTOR = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class SydneyLeague:
    slug: str = "sydney-league"

    def score(self, board: Board) -> BoardScore:
        place = placed_points(board, PLACES, "elimination-order")
        soloist = board.soloist
        scores: dict[str, Fraction] = {}
        details: Details = {}
        for p in board.powers:
            c = board.centres[p]
            extra = 25 * c if c > 0 else years_played(board, p)
            factor = Fraction(1)
            if soloist is not None:
                factor = SOLO_FACTOR if p == soloist else LOSER_FACTOR
            scores[p] = (place[p] + extra) * factor
            details[p] = {
                "centres": c,
                "place points": place[p],
                "centre or year points": extra,
                "solo factor": factor,
            }
        notes = (f"solo: {soloist}",) if soloist is not None else ()
        return finish(board, self.slug, scores, details, notes)


register(
    SystemInfo(
        slug="sydney-league",
        name="Sydney League",
        kind="rank",
        source="dipvis game_scoring/sydney_league.py",
        summary="700…100 by place (ties split) + 25/centre (dead 1/year); solo ×1.5, others ×0.5.",
        rule=__doc__ or "",
        factory=SydneyLeague,
    )
)
