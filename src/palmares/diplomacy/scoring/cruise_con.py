"""Cruise Con.

Rule: the powers in the draw score by its size: 48 each in a 2-way draw, 32 in a 3-way, 24 in a
4-way, 19 in a 5-way, 16 in a 6-way and 13 in a 7-way; each adds a bonus of its final centres
divided by the draw size, rounded down (15 or 16 centres in a 3-way both add 5). Powers outside
the draw score 0. With no agreed draw named, every survivor is in it.

The published rule gives no figure for a solo. palmares does not invent one: a soloed (or
conceded) board is scored only when the tournament states the solo's points, as
``cruise-con:solo=N`` (the others score 0); otherwise scoring it is an error that says so.

Source: World Diplomacy Database, scoring system "Cruise Con System" (author Chris Martin).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, fraction_param, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["DRAW_POINTS", "CruiseCon", "CruiseConPower"]

DRAW_POINTS = {2: 48, 3: 32, 4: 24, 5: 19, 6: 16, 7: 13}


@dataclass(frozen=True, slots=True)
class CruiseConPower(Figures):
    """One power under Cruise Con (WDD "Cruise Con System"): whether it is in the draw, and if
    so the draw points of a draw of its size and its centre bonus ⌊centres / draw size⌋."""

    in_draw: bool
    draw_points: int | None = None
    centre_bonus: int | None = None


@dataclass(frozen=True, slots=True)
class CruiseCon:
    solo: Fraction | None = None
    slug: str = "cruise-con"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            if self.solo is None:
                raise PalmaresError.of(Message.of("cruise_con.no_solo", board=str(board.id)))
            return solo_score(board, self.slug, soloist, self.solo)
        drawing = board.drawing
        size = len(drawing)
        if size not in DRAW_POINTS:
            said = Message.of("cruise_con.no_draw", board=str(board.id), size=size)
            raise PalmaresError.of(said)
        scores: dict[str, Fraction] = {}
        powers: dict[str, CruiseConPower] = {}
        for p in board.powers:
            if p not in drawing:
                scores[p] = Fraction(0)
                powers[p] = CruiseConPower(in_draw=False)
                continue
            bonus = board.centres[p] // size
            scores[p] = Fraction(DRAW_POINTS[size] + bonus)
            powers[p] = CruiseConPower(True, DRAW_POINTS[size], bonus)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="cruise-con",
        name="Cruise Con",
        kind="draw",
        source="WDD scoring system 'Cruise Con System' (Chris Martin)",
        summary=Message.of("system.cruise-con.summary"),
        rule=Message.of("system.cruise_con.rule"),
        factory=CruiseCon,
        parameters={"solo": fraction_param},
    )
)
