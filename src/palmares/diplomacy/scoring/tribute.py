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

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    Details,
    finish,
    leaders,
    solo_result,
    top_centres,
)
from palmares.diplomacy.scoring.base import BoardScore, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Tribute"]


@dataclass(frozen=True, slots=True)
class Tribute:
    survival_pot: Fraction = Fraction(66)
    free_centres: int = 6
    solo: Fraction = Fraction(100)
    slug: str = "tribute"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_result(board, self.slug, soloist, self.solo)
        survivors = board.survivors
        share = self.survival_pot / len(survivors)
        tops = leaders(board)
        top = top_centres(board)
        tribute = min(share, Fraction(max(top - self.free_centres, 0)))
        payers = len(survivors) - len(tops)
        scores: dict[str, Fraction] = {}
        details: Details = {}
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
            flow = "tribute received" if paid < 0 else "tribute paid"
            details[p] = {"centres": c, "survival share": survival, flow: abs(paid)}
        return finish(board, self.slug, scores, details)


register(
    SystemInfo(
        slug="tribute",
        name="Tribute",
        kind="mixed",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/tribute.py",
        summary="1/centre + survivors share 66; others pay the topper min(share, top − 6).",
        rule=__doc__ or "",
        factory=Tribute,
    )
)
