"""Duct Tape v2.

Rule: with no solo, every power scores 1 per final centre plus rank points by place: 40, 24, 15,
9, 6, 3, 3 for places 1st–7th, powers that tie sharing the points of the places they span. The
dead take the lowest places: in ``duct-tape-v2`` they all tie and split those places' points
(``dead=tied``); in ``duct-tape-v2-elimination-order`` they are placed by elimination year, later
is better, those out in the same year tying (``dead=elimination-order``). A soloist scores 75 and
every other power 0 (no centre points for anyone).

Source: dipvis (UEWBot/dipvis, game_scoring/duct_tape_v2.py, system description with both
treatments of the dead).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, choice, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.carnage import Dead, placed_points
from palmares.diplomacy.scoring.registry import register

__all__ = ["DuctTapePower", "DuctTapeV2"]

PLACES = (40, 24, 15, 9, 6, 3, 3)


@dataclass(frozen=True, slots=True)
class DuctTapePower(Figures):
    """One power under Duct Tape v2: final centres (1 point each) and the points of its place
    (40 / 24 / 15 / 9 / 6 / 3 / 3, ties split; the dead tied or by elimination year)."""

    centres: int
    place_points: Fraction


@dataclass(frozen=True, slots=True)
class DuctTapeV2:
    dead: Dead = "tied"
    slug: str = "duct-tape-v2"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, 75)
        place = placed_points(board, PLACES, self.dead)
        scores: dict[str, Fraction] = {}
        powers: dict[str, DuctTapePower] = {}
        for p in board.powers:
            c = board.centres[p]
            scores[p] = c + place[p]
            powers[p] = DuctTapePower(c, place[p])
        return board_score(board, self.slug, scores, powers)


def _tied(dead: Dead = "tied") -> DuctTapeV2:
    return DuctTapeV2(dead=dead, slug="duct-tape-v2")


def _ordered(dead: Dead = "elimination-order") -> DuctTapeV2:
    return DuctTapeV2(dead=dead, slug="duct-tape-v2-elimination-order")


_DEAD = {"dead": choice("elimination-order", "tied")}

register(
    SystemInfo(
        slug="duct-tape-v2",
        name="Duct Tape v2",
        kind="rank",
        source="dipvis game_scoring/duct_tape_v2.py",
        summary=Message.of("system.duct-tape-v2.summary"),
        rule=Message.of("system.duct_tape.rule"),
        factory=_tied,
        parameters=_DEAD,
    )
)
register(
    SystemInfo(
        slug="duct-tape-v2-elimination-order",
        name="Duct Tape v2 (elimination order)",
        kind="rank",
        source="dipvis game_scoring/duct_tape_v2.py",
        summary=Message.of("system.duct-tape-v2-elimination-order.summary"),
        rule=Message.of("system.duct_tape.rule"),
        factory=_ordered,
        parameters=_DEAD,
    )
)
