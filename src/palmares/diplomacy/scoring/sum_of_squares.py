"""Sum of Squares.

Rule: each power's final centre count is squared; the squares are rescaled so that the board
totals 100 (a power's score is 100 · c² / Σ c²). A soloist (or the power a game is conceded to)
scores 100 and everyone else 0.

Source: our spec (shared/specs/diplomacy.md, "Other board-scoring systems"; reference boards D and
S); the system as described in the dipvis tournament tool (UEWBot/dipvis,
game_scoring/sum_of_squares.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["SumOfSquares", "SumOfSquaresPower"]


@dataclass(frozen=True, slots=True)
class SumOfSquaresPower(Figures):
    """One power under Sum of Squares (spec "Other board-scoring systems"; dipvis
    game_scoring/sum_of_squares.py): its final centres, their square, and the board's sum of
    squares (the score is 100 · square / sum)."""

    centres: int
    square: int
    sum_of_squares: int


@dataclass(frozen=True, slots=True)
class SumOfSquares:
    solo: Fraction = Fraction(100)
    total: Fraction = Fraction(100)
    slug: str = "sum-of-squares"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, self.solo)
        squares = {p: c * c for p, c in board.centres.items()}
        total = sum(squares.values())
        scores = {p: self.total * Fraction(squares[p], total) for p in board.powers}
        powers = {p: SumOfSquaresPower(board.centres[p], squares[p], total) for p in board.powers}
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="sum-of-squares",
        name="Sum of Squares",
        kind="centre-count",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/sum_of_squares.py",
        summary=Message.of("system.sum-of-squares.summary"),
        rule=Message.of("system.sum_of_squares.rule"),
        factory=SumOfSquares,
    )
)
