"""Tribute.

Rule: with no solo, every power scores 1 per final centre, and the survivors share 66 points
equally. When the board topper has more than 6 centres, each other survivor pays each topper a
tribute of (topper's centres − 6), never more than its own share of the 66; with several toppers
the tribute collected is split equally between them. A soloist scores 100 and the others 0.

Source: our spec (shared/specs/diplomacy.md, "Other board-scoring systems": Tribute, boards D
and S); dipvis (UEWBot/dipvis, game_scoring/tribute.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    leaders,
    solo_score,
    top_centres,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Tribute", "TributePower"]


@dataclass(frozen=True, slots=True)
class TributePower(Figures):
    """One power under Tribute (spec "Other board-scoring systems": Tribute; dipvis
    game_scoring/tribute.py): its final centres, its share of the survivors' 66 points (0
    dead), and the tribute it pays each topper (the toppers: their share of the tribute
    received; ``None`` for the side that does not apply)."""

    centres: int
    survival_share: Fraction
    tribute_paid: Fraction | None = None
    tribute_received: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Tribute:
    survival_pot: Fraction = Fraction(66)
    free_centres: int = 6
    solo: Fraction = Fraction(100)
    slug: str = "tribute"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, self.solo)
        survivors = board.survivors
        share = self.survival_pot / len(survivors)
        tops = leaders(board)
        top = top_centres(board)
        tribute = min(share, Fraction(max(top - self.free_centres, 0)))
        payers = len(survivors) - len(tops)
        scores: dict[str, Fraction] = {}
        powers: dict[str, TributePower] = {}
        for p in board.powers:
            c = board.centres[p]
            survival = share if c > 0 else Fraction(0)
            if p in tops:
                paid = -tribute * payers / len(tops)
            elif c > 0:
                paid = tribute
            else:
                paid = Fraction(0)
            scores[p] = c + survival - paid
            receives = paid < 0
            powers[p] = TributePower(
                c,
                survival,
                tribute_paid=None if receives else paid,
                tribute_received=-paid if receives else None,
            )
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="tribute",
        name="Tribute",
        kind="mixed",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/tribute.py",
        summary=Message.of("system.tribute.summary"),
        rule=Message.of("system.tribute.rule"),
        factory=Tribute,
    )
)
