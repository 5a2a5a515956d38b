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

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    leaders,
    solo_score,
    years_survived,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["WorldClassic", "WorldClassicPower"]


@dataclass(frozen=True, slots=True)
class WorldClassicPower(Figures):
    """One power under World or Summer Classic (spec "Other board-scoring systems"; dipvis
    game_scoring/world_classic.py): its final centres; a survivor's 10 per centre, 30 for
    surviving and its share of the 48-point topping pool (0 when not a topper, or when Summer
    Classic's top is shared three or more ways); a dead power's years survived, 1 point each
    (``None``: the side that does not apply)."""

    centres: int
    centre_points: int | None = None
    survival: int | None = None
    topping_share: Fraction | None = None
    years_survived: int | None = None


@dataclass(frozen=True, slots=True)
class WorldClassic:
    max_toppers: int | None = None  # None: the pool is always shared
    slug: str = "world-classic"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board,
                self.slug,
                soloist,
                420,
                lambda p: years_survived(board, p),
                years="survived",
            )
        tops = leaders(board)
        paid = self.max_toppers is None or len(tops) <= self.max_toppers
        pool = Fraction(48, len(tops)) if paid else Fraction(0)
        scores: dict[str, Fraction | int] = {}
        powers: dict[str, WorldClassicPower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                years = years_survived(board, p)
                scores[p] = years
                powers[p] = WorldClassicPower(0, years_survived=years)
                continue
            topping = pool if p in tops else Fraction(0)
            scores[p] = 10 * c + 30 + topping
            powers[p] = WorldClassicPower(
                c, centre_points=10 * c, survival=30, topping_share=topping
            )
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="world-classic",
        name="World Classic",
        kind="mixed",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/world_classic.py",
        summary=Message.of("system.world-classic.summary"),
        rule=Message.of("system.world_classic.rule"),
        factory=lambda: WorldClassic(slug="world-classic"),
    )
)
register(
    SystemInfo(
        slug="summer-classic",
        name="Summer Classic",
        kind="mixed",
        source="dipvis game_scoring/world_classic.py ('Summer Classic')",
        summary=Message.of("system.summer-classic.summary"),
        rule=Message.of("system.world_classic.rule"),
        factory=lambda: WorldClassic(max_toppers=2, slug="summer-classic"),
    )
)
