"""Solo or bust.

Rule: only a solo scores. The soloist (or the one power a game is conceded to) scores 100; every
other result, draws included, scores 0 for everyone.

Source: dipvis (UEWBot/dipvis, game_scoring/solos.py: "Solo or bust", system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import finish, solo_result
from palmares.diplomacy.scoring.base import BoardScore, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["SoloOrBust"]


@dataclass(frozen=True, slots=True)
class SoloOrBust:
    solo: Fraction = Fraction(100)
    slug: str = "solo-or-bust"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_result(board, self.slug, soloist, self.solo)
        return finish(
            board,
            self.slug,
            dict.fromkeys(board.powers, 0),
            {p: {"result": "no solo"} for p in board.powers},
        )


register(
    SystemInfo(
        slug="solo-or-bust",
        name="Solo or bust",
        kind="draw",
        source="dipvis game_scoring/solos.py",
        summary="Solo 100; any other result 0 for everyone.",
        rule=__doc__ or "",
        factory=SoloOrBust,
    )
)
