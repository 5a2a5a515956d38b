"""Base 3.

Rule: with no solo, each survivor scores 1 per final centre plus 3 for surviving; the board
topping bonus is 9 for a lone topper and is divided by 3 for each extra power sharing the top
(3 each for two, 1 each for three, 1/3 each for four …). A soloist scores 46; everyone else, on a
soloed board or eliminated, scores 0.

Source: dipvis (UEWBot/dipvis, game_scoring/base3.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, leaders, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Base3", "Base3Power"]


@dataclass(frozen=True, slots=True)
class Base3Power(Figures):
    """One power under Base 3 (dipvis game_scoring/base3.py): final centres, 3 for surviving,
    and the topping bonus (9 to a lone topper, divided by 3 for each topper more)."""

    centres: int
    survival: int
    topping_bonus: Fraction


@dataclass(frozen=True, slots=True)
class Base3:
    slug: str = "base-3"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, 46)
        tops = leaders(board)
        topping = Fraction(9, 3 ** (len(tops) - 1))
        scores: dict[str, Fraction] = {}
        powers: dict[str, Base3Power] = {}
        for p in board.powers:
            c = board.centres[p]
            survival = 3 if c > 0 else 0
            bonus = topping if p in tops else Fraction(0)
            scores[p] = c + survival + bonus
            powers[p] = Base3Power(c, survival, bonus)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="base-3",
        name="Base 3",
        kind="centre-count",
        source="dipvis game_scoring/base3.py",
        summary=Message.of("system.base-3.summary"),
        rule=Message.of("system.base_3.rule"),
        factory=Base3,
    )
)
