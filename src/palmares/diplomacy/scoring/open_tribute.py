"""OpenTribute.

Rule: with no solo, every survivor starts from 34 + 3 per final centre; every power (the dead
too) then pays the board topper 1 point per centre it trails the topper by (a dead power pays the
topper's whole count, and a survivor cannot be left below 0 since it always keeps 34 + 3c − gap
> 0). The dead end on 0. When k powers share the top, each receives the total tribute divided by
k², rounded down to a whole point. A soloist scores 340 and the others 0.

Source: our spec (shared/specs/diplomacy.md, "Other board-scoring systems": OpenTribute, boards D
and S); dipvis (UEWBot/dipvis, game_scoring/open_tribute.py, system description).
"""

from __future__ import annotations

import math
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

__all__ = ["OpenTribute", "OpenTributePower"]


@dataclass(frozen=True, slots=True)
class OpenTributePower(Figures):
    """One power under OpenTribute (spec "Other board-scoring systems": OpenTribute; dipvis
    game_scoring/open_tribute.py): its final centres, a survivor's base points (34 + 3 per
    centre; ``None`` dead), the tribute it pays the topper (1 per centre it trails by, a dead
    power the topper's whole count) and a survivor's tribute received (a topper's share of the
    total, divided by k² for k toppers and rounded down; 0 for the others; ``None`` dead)."""

    centres: int
    base_points: int | None
    tribute_paid: int
    tribute_received: int | None


@dataclass(frozen=True, slots=True)
class OpenTribute:
    base: int = 34
    per_centre: int = 3
    solo: int = 340
    slug: str = "open-tribute"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, self.solo)
        top = top_centres(board)
        tops = leaders(board)
        tribute = sum(top - c for c in board.centres.values())
        received = math.floor(Fraction(tribute, len(tops) ** 2))
        scores: dict[str, Fraction] = {}
        powers: dict[str, OpenTributePower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                scores[p] = Fraction(0)
                powers[p] = OpenTributePower(0, None, top, None)
                continue
            start = self.base + self.per_centre * c
            paid = top - c
            gain = received if p in tops else 0
            scores[p] = Fraction(start - paid + gain)
            powers[p] = OpenTributePower(c, start, paid, gain)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="open-tribute",
        name="OpenTribute",
        kind="mixed",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/open_tribute.py",
        summary=Message.of("system.open-tribute.summary"),
        rule=Message.of("system.open_tribute.rule"),
        factory=OpenTribute,
    )
)
