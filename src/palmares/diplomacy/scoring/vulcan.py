"""Vulcan.

Rule: a dead power scores 0. With no solo, each survivor scores 5 for surviving, 1 per final
centre, and 1 for every centre between it and each power below it (dead powers included: the sum
over every power with fewer centres of the difference); the board toppers share a 10-point
topping bonus. With a solo the soloist scores 130 and every other survivor 5.

Source: dipvis (UEWBot/dipvis, game_scoring/vulcan.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, leaders, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Vulcan", "VulcanPower"]


@dataclass(frozen=True, slots=True)
class VulcanPower(Figures):
    """One power under Vulcan (dipvis game_scoring/vulcan.py): its final centres; a
    survivor's 5 for surviving, its gap points (the centres it leads each power below it by,
    summed) and its share of the 10-point topping bonus (``None`` dead)."""

    centres: int
    survival: int | None = None
    gap_points: int | None = None
    topping_bonus: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Vulcan:
    slug: str = "vulcan"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board, self.slug, soloist, 130, lambda p: 5 if board.centres[p] > 0 else 0
            )
        tops = leaders(board)
        scores: dict[str, Fraction] = {}
        powers: dict[str, VulcanPower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                scores[p] = Fraction(0)
                powers[p] = VulcanPower(0)
                continue
            gap = sum(c - other for other in board.centres.values() if other < c)
            topping = Fraction(10, len(tops)) if p in tops else Fraction(0)
            scores[p] = 5 + c + gap + topping
            powers[p] = VulcanPower(c, survival=5, gap_points=gap, topping_bonus=topping)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="vulcan",
        name="Vulcan",
        kind="centre-count",
        source="dipvis game_scoring/vulcan.py",
        summary=Message.of("system.vulcan.summary"),
        rule=Message.of("system.vulcan.rule"),
        factory=Vulcan,
    )
)
