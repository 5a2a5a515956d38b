"""Solo or bust.

Rule: only a solo scores. The soloist (or the one power a game is conceded to) scores 100; every
other result, draws included, scores 0 for everyone.

Source: dipvis (UEWBot/dipvis, game_scoring/solos.py: "Solo or bust", system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, solo_score
from palmares.diplomacy.scoring.base import BoardNote, BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["NoSolo", "SoloOrBust", "SoloOrBustPower"]


@dataclass(frozen=True, slots=True)
class SoloOrBustPower(Figures):
    """One power of a board without a solo under Solo or bust (dipvis game_scoring/solos.py):
    its final centres, which do not score."""

    centres: int


@dataclass(frozen=True, slots=True)
class NoSolo(BoardNote):
    """Solo or bust: nobody soloed (nor was conceded the board), so every power scores 0."""


@dataclass(frozen=True, slots=True)
class SoloOrBust:
    solo: Fraction = Fraction(100)
    slug: str = "solo-or-bust"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, self.solo)
        return board_score(
            board,
            self.slug,
            dict.fromkeys(board.powers, 0),
            {p: SoloOrBustPower(board.centres[p]) for p in board.powers},
            notes=(NoSolo(),),
        )


register(
    SystemInfo(
        slug="solo-or-bust",
        name="Solo or bust",
        kind="draw",
        source="dipvis game_scoring/solos.py",
        summary=Message.of("system.solo-or-bust.summary"),
        rule=Message.of("system.solo_or_bust.rule"),
        factory=SoloOrBust,
    )
)
