"""Open Mind the Gap (OMG).

Rule: with no solo, every power scores 1.5 per final centre, 9 for surviving, and 4.5 / 3 / 1.5
for places 1st–3rd by centres, powers that tie sharing the points of the places they span (two
tied for 2nd get (3 + 1.5) / 2 = 2.25 each). Then, when one power tops the board alone, every
other power pays it a tribute equal to the topper's lead over the 2nd place (in centres), but
never more than half of that power's own score so far. A soloist scores 100 and the others 0.

Source: dipvis (UEWBot/dipvis, game_scoring/open_mind_the_gap.py, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    lead,
    leaders,
    rank_points,
    solo_score,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["OmgPower", "OpenMindTheGap"]

PLACES = (Fraction(9, 2), Fraction(3), Fraction(3, 2))
PER_CENTRE = Fraction(3, 2)
SURVIVAL = 9


@dataclass(frozen=True, slots=True)
class OmgPower(Figures):
    """One power under Open Mind the Gap (dipvis game_scoring/open_mind_the_gap.py): its final
    centres, 1.5 per centre, 9 for surviving (0 dead), the points of its place (ties split),
    its score before the tribute, and the tribute it pays a lone topper (the topper: the
    tribute it receives; ``None`` for the side that does not apply)."""

    centres: int
    centre_points: Fraction
    survival: int
    place_points: Fraction
    before_tribute: Fraction
    tribute_paid: Fraction | None = None
    tribute_received: Fraction | None = None


@dataclass(frozen=True, slots=True)
class OpenMindTheGap:
    slug: str = "omg"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, 100)
        place = rank_points(board.powers, lambda p: board.centres[p], PLACES)
        base = {
            p: PER_CENTRE * c + (SURVIVAL if c > 0 else 0) + place[p]
            for p, c in board.centres.items()
        }
        tops = leaders(board)
        gap = lead(board)
        paid = dict.fromkeys(board.powers, Fraction(0))
        if len(tops) == 1:
            for p in board.powers:
                if p != tops[0]:
                    paid[p] = min(Fraction(gap), base[p] / 2)
            paid[tops[0]] = -sum(paid.values(), Fraction(0))
        scores = {p: base[p] - paid[p] for p in board.powers}
        powers: dict[str, OmgPower] = {}
        for p, c in board.centres.items():
            receives = paid[p] < 0
            powers[p] = OmgPower(
                centres=c,
                centre_points=PER_CENTRE * c,
                survival=SURVIVAL if c > 0 else 0,
                place_points=place[p],
                before_tribute=base[p],
                tribute_paid=None if receives else paid[p],
                tribute_received=-paid[p] if receives else None,
            )
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="omg",
        name="Open Mind the Gap",
        kind="mixed",
        source="dipvis game_scoring/open_mind_the_gap.py",
        summary=Message.of("system.omg.summary"),
        rule=Message.of("system.omg.rule"),
        factory=OpenMindTheGap,
    )
)
