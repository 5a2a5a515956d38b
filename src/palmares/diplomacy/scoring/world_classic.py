"""World Classic and Summer Classic.

Rule (World Classic): with no solo, each survivor scores 10 per final centre plus 30 for
surviving, and the board toppers share a 48-point pool equally. A dead power scores 1 per year
it survived (year of elimination − 1901), whatever the result. With a solo, the soloist scores
420, each other survivor 1 per year survived up to the solo year, and the dead as before.

- ``world-classic``: as above.
- ``summer-classic``: the topping pool is paid only when one or two powers top (48, or 24 each);
  a three-way or larger top gets nothing.

Sources: our spec (shared/specs/diplomacy.md, "Other board-scoring systems", boards D and S);
dipvis (UEWBot/dipvis, game_scoring/world_classic.py, both descriptions).
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
    years_survived,
)
from palmares.diplomacy.scoring.base import BoardScore, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["WorldClassic"]


@dataclass(frozen=True, slots=True)
class WorldClassic:
    max_toppers: int | None = None  # None: the pool is always shared
    slug: str = "world-classic"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_result(
                board,
                self.slug,
                soloist,
                420,
                lambda p: years_survived(board, p),
                lambda p: f"survived {years_survived(board, p)} years",
            )
        tops = leaders(board)
        paid = self.max_toppers is None or len(tops) <= self.max_toppers
        pool = Fraction(48, len(tops)) if paid else Fraction(0)
        scores: dict[str, Fraction | int] = {}
        details: Details = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                years = years_survived(board, p)
                scores[p] = years
                details[p] = {"centres": 0, "years survived": years}
                continue
            topping = pool if p in tops else Fraction(0)
            scores[p] = 10 * c + 30 + topping
            details[p] = {
                "centres": c,
                "centre points": 10 * c,
                "survival": 30,
                "topping share": topping,
            }
        return finish(board, self.slug, scores, details)


register(
    SystemInfo(
        slug="world-classic",
        name="World Classic",
        kind="mixed",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/world_classic.py",
        summary="10/centre + 30 surviving + toppers share 48; dead 1/year; solo 420.",
        rule=__doc__ or "",
        factory=lambda: WorldClassic(slug="world-classic"),
    )
)
register(
    SystemInfo(
        slug="summer-classic",
        name="Summer Classic",
        kind="mixed",
        source="dipvis game_scoring/world_classic.py ('Summer Classic')",
        summary="World Classic, but no topping pool when three or more top.",
        rule=__doc__ or "",
        factory=lambda: WorldClassic(max_toppers=2, slug="summer-classic"),
    )
)
