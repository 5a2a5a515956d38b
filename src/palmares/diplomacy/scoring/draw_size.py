"""Draw size (draw-based scoring).

Rule: the powers in the draw share 100 points equally; everyone else (the dead, and survivors left
out of an agreed draw) scores 0. With no agreed draw named, every survivor is in it. A soloist (or
the one power a game is conceded to) scores 100.

Source: our spec (shared/specs/diplomacy.md, "Other board-scoring systems": draw size, all
survivors share); dipvis (UEWBot/dipvis, game_scoring/draw_size.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import Details, finish, solo_result
from palmares.diplomacy.scoring.base import BoardScore, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["DrawSize"]


@dataclass(frozen=True, slots=True)
class DrawSize:
    pot: Fraction = Fraction(100)
    slug: str = "draw-size"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_result(board, self.slug, soloist, self.pot)
        drawing = board.drawing
        share = self.pot / len(drawing)
        scores = {p: share if p in drawing else Fraction(0) for p in board.powers}
        details: Details = {
            p: {"in draw": p in drawing, "draw size": len(drawing)} for p in board.powers
        }
        return finish(board, self.slug, scores, details)


register(
    SystemInfo(
        slug="draw-size",
        name="Draw size",
        kind="draw",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/draw_size.py",
        summary="The powers in the draw share 100 equally; solo 100.",
        rule=__doc__ or "",
        factory=DrawSize,
    )
)
