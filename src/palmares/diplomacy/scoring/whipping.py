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

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    Details,
    finish,
    leaders,
    solo_result,
    years_played,
)
from palmares.diplomacy.scoring.base import BoardScore, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Whipping"]


@dataclass(frozen=True, slots=True)
class Whipping:
    solo: int = 468
    slug: str = "whipping"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_result(
                board, self.slug, soloist, self.solo, lambda p: years_played(board, p)
            )
        survivors = board.survivors
        share = Fraction(60, len(survivors))
        tops = leaders(board)
        scores: dict[str, Fraction | int] = {}
        details: Details = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                years = years_played(board, p)
                scores[p] = years
                details[p] = {"centres": 0, "years played": years}
                continue
            bonus = 2 * c if p in tops and len(tops) == 1 else 0
            scores[p] = 10 * c + share + bonus
            details[p] = {"centres": c, "survivors' share": share, "topping bonus": bonus}
        return finish(board, self.slug, scores, details)


register(
    SystemInfo(
        slug="whipping",
        name="Whipping",
        kind="mixed",
        source="dipvis game_scoring/whipping.py",
        summary="10/centre + survivors share 60 + 2×centres for a lone top; dead 1/year; solo 468.",
        rule=__doc__ or "",
        factory=Whipping,
    )
)
