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

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["DrawSize", "DrawSizePower"]


@dataclass(frozen=True, slots=True)
class DrawSizePower(Figures):
    """One power under Draw size (spec "Other board-scoring systems"; dipvis draw_size.py):
    whether it is in the draw, and the draw's size (the drawing powers share the pot)."""

    in_draw: bool
    draw_size: int


@dataclass(frozen=True, slots=True)
class DrawSize:
    pot: Fraction = Fraction(100)
    slug: str = "draw-size"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, self.pot)
        drawing = board.drawing
        share = self.pot / len(drawing)
        scores = {p: share if p in drawing else Fraction(0) for p in board.powers}
        powers = {p: DrawSizePower(p in drawing, len(drawing)) for p in board.powers}
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="draw-size",
        name="Draw size",
        kind="draw",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/draw_size.py",
        summary=Message.of("system.draw-size.summary"),
        rule=Message.of("system.draw_size.rule"),
        factory=DrawSize,
    )
)
