"""Your Draw Size.

Rule: with no solo, each power scores by the band its final centre count falls in: 14–17 centres
105, 11–13 → 70, 8–10 → 42, 4–7 → 30, 1–3 → 21, none 0. A soloist scores 300 in the short-game
version (``your-draw-size-300``) or 320 in the unlimited-game version (``your-draw-size-320``);
everyone else on a soloed board scores 0.

Source: dipvis (UEWBot/dipvis, game_scoring/your_draw_size.py and g_scoring_systems.py, "Your Draw
Size (short games)" 300 and "(unlimited games)" 320).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["BANDS", "YourDrawSize", "YourDrawSizePower", "band_points"]

#: (fewest centres of the band, points), highest band first.
BANDS: tuple[tuple[int, int], ...] = ((14, 105), (11, 70), (8, 42), (4, 30), (1, 21), (0, 0))


def band(centres: int) -> tuple[int, int]:
    """The band ``centres`` fall in: (its fewest centres, its points)."""
    for least, points in BANDS:
        if centres >= least:
            return least, points
    return 0, 0


def band_points(centres: int) -> int:
    """The points of the band ``centres`` fall in."""
    return band(centres)[1]


@dataclass(frozen=True, slots=True)
class YourDrawSizePower(Figures):
    """One power under Your Draw Size (dipvis game_scoring/your_draw_size.py): its final
    centres and the fewest centres of the band they fall in (14, 11, 8, 4, 1 or 0), whose
    points are its score."""

    centres: int
    band_from: int


@dataclass(frozen=True, slots=True)
class YourDrawSize:
    solo: int = 300
    slug: str = "your-draw-size-300"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, self.solo)
        scores = {p: Fraction(band_points(c)) for p, c in board.centres.items()}
        powers = {p: YourDrawSizePower(c, band(c)[0]) for p, c in board.centres.items()}
        return board_score(board, self.slug, scores, powers)


for _solo in (300, 320):
    register(
        SystemInfo(
            slug=f"your-draw-size-{_solo}",
            name=f"Your Draw Size ({'short' if _solo == 300 else 'unlimited'} games)",
            kind="centre-count",
            source="dipvis game_scoring/your_draw_size.py",
            summary=Message.of("system.your-draw-size.summary", solo=_solo),
            rule=Message.of("system.your_draw_size.rule"),
            factory=lambda solo=_solo: YourDrawSize(solo=solo, slug=f"your-draw-size-{solo}"),
        )
    )
