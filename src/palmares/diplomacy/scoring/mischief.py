"""Mischief.

Rule: with no solo, every power scores 1 per final centre; a lone board topper adds 5 and each of
two powers sharing the top adds 1 (a top shared three or more ways earns nothing). A soloist
scores 34 and the others 0.

Source: dipvis (UEWBot/dipvis, game_scoring/mischief.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, leaders, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Mischief", "MischiefPower"]

TOPPING = {1: 5, 2: 1}


@dataclass(frozen=True, slots=True)
class MischiefPower(Figures):
    """One power under Mischief (dipvis game_scoring/mischief.py): its final centres and its
    topping bonus (5 alone on top, 1 each of two sharing it, else 0)."""

    centres: int
    topping_bonus: int


@dataclass(frozen=True, slots=True)
class Mischief:
    slug: str = "mischief"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, 34)
        tops = leaders(board)
        topping = TOPPING.get(len(tops), 0)
        scores: dict[str, Fraction] = {}
        powers: dict[str, MischiefPower] = {}
        for p in board.powers:
            c = board.centres[p]
            bonus = topping if p in tops else 0
            scores[p] = Fraction(c + bonus)
            powers[p] = MischiefPower(centres=c, topping_bonus=bonus)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="mischief",
        name="Mischief",
        kind="centre-count",
        source="dipvis game_scoring/mischief.py",
        summary=Message.of("system.mischief.summary"),
        rule=Message.of("system.mischief.rule"),
        factory=Mischief,
    )
)
