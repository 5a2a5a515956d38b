"""Whipping.

Rule: with no solo, a dead power scores 1 per year played (counting the year it was eliminated);
each survivor scores 10 per final centre plus an equal share of 60 points split between the
survivors; a lone board topper adds twice its centre count (no bonus when the top is shared).
With a solo the soloist scores 468 and every other power scores as if eliminated, a survivor in
the solo year.

Source: dipvis (UEWBot/dipvis, game_scoring/whipping.py and g_scoring_systems.py for the 468).
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
    years_played,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Whipping", "WhippingPower"]


@dataclass(frozen=True, slots=True)
class WhippingPower(Figures):
    """One power under Whipping (dipvis game_scoring/whipping.py): its final centres; a
    survivor's 10 per centre, its equal share of the survivors' 60 points and a lone topper's
    bonus of twice its centres (0 for the others); a dead power's years played, 1 point each
    (``None``: the side that does not apply)."""

    centres: int
    centre_points: int | None = None
    survivors_share: Fraction | None = None
    topping_bonus: int | None = None
    years_played: int | None = None


@dataclass(frozen=True, slots=True)
class Whipping:
    solo: int = 468
    slug: str = "whipping"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board,
                self.slug,
                soloist,
                self.solo,
                lambda p: years_played(board, p),
                years="played",
            )
        survivors = board.survivors
        share = Fraction(60, len(survivors))
        tops = leaders(board)
        scores: dict[str, Fraction | int] = {}
        powers: dict[str, WhippingPower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                years = years_played(board, p)
                scores[p] = years
                powers[p] = WhippingPower(0, years_played=years)
                continue
            bonus = 2 * c if p in tops and len(tops) == 1 else 0
            scores[p] = 10 * c + share + bonus
            powers[p] = WhippingPower(
                c, centre_points=10 * c, survivors_share=share, topping_bonus=bonus
            )
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="whipping",
        name="Whipping",
        kind="mixed",
        source="dipvis game_scoring/whipping.py",
        summary=Message.of("system.whipping.summary"),
        rule=Message.of("system.whipping.rule"),
        factory=Whipping,
    )
)
