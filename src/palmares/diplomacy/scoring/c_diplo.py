"""C-Diplo: a point for playing, points per centre, and big bonuses for the top three places.

Rule (C-Diplo 100): with no solo, every power scores 1 for playing, 1 per final centre, and the
powers placed 1st, 2nd and 3rd by centres add 38, 14 and 7; powers that tie share the bonuses of
the places they span (two on 7 centres behind a topper share (14 + 7) / 2 = 10.5). A board of
seven always totals 100. A soloist scores 100 and the others 0.

- ``c-diplo-100``: as above.
- ``c-diplo-80``: no point for playing, bonuses 25 / 14 / 7; a solo scores 80, the others 0.
- ``c-diplo-namur``: 1 for playing; centres are worth a falling scale, 1 centre 5, 2 → 9, 3 → 12,
  4 → 14, 5 → 16, 6 → 18 and 1 more for each centre after the sixth; bonuses 38 / 14 / 7 as in
  C-Diplo 100; a solo scores 85 and the others 0.

Sources: World Diplomacy Database, scoring system "C-Diplo 100" (author Bruno-André Giraudon;
worked examples France 9 → 48, Germany and Italy tied on 7 → 18.5); our spec (reference boards D
and S); dipvis (UEWBot/dipvis, game_scoring/cdiplo.py and cdiplo_namur.py, system descriptions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import board_score, rank_points, solo_score
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["CDiplo", "CDiploPower", "namur_centre_points"]

NAMUR_SCALE = (0, 5, 9, 12, 14, 16, 18)


def namur_centre_points(centres: int) -> int:
    """C-Diplo Namur's centre scale: 0, 5, 9, 12, 14, 16, 18, then +1 a centre."""
    if centres < len(NAMUR_SCALE):
        return NAMUR_SCALE[centres]
    return NAMUR_SCALE[-1] + centres - (len(NAMUR_SCALE) - 1)


@dataclass(frozen=True, slots=True)
class CDiploPower(Figures):
    """One power under C-Diplo (WDD "C-Diplo 100"; dipvis cdiplo.py, cdiplo_namur.py): final
    centres, the point for playing, the points for centres (1 each, or Namur's scale), and the
    place bonus (38 / 14 / 7, C-Diplo 80's 25 / 14 / 7; ties split)."""

    centres: int
    played: int
    centre_points: int
    place_bonus: Fraction


def _one_per_centre(centres: int) -> int:
    return centres


@dataclass(frozen=True, slots=True)
class CDiplo:
    solo: int = 100
    played: int = 1
    places: tuple[int, ...] = (38, 14, 7)
    centre_points: Callable[[int], int] = field(default=_one_per_centre)
    slug: str = "c-diplo-100"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, self.solo)
        place = rank_points(board.powers, lambda p: board.centres[p], self.places)
        scores: dict[str, Fraction] = {}
        powers: dict[str, CDiploPower] = {}
        for p in board.powers:
            centres = self.centre_points(board.centres[p])
            scores[p] = self.played + centres + place[p]
            powers[p] = CDiploPower(board.centres[p], self.played, centres, place[p])
        return board_score(board, self.slug, scores, powers)


_SOURCE = "WDD scoring system 'C-Diplo 100'; dipvis game_scoring/cdiplo.py"

register(
    SystemInfo(
        slug="c-diplo-100",
        name="C-Diplo 100",
        kind="rank",
        source=_SOURCE,
        summary=Message.of("system.c-diplo-100.summary"),
        rule=Message.of("system.c_diplo.rule"),
        factory=lambda: CDiplo(slug="c-diplo-100"),
    )
)
register(
    SystemInfo(
        slug="c-diplo-80",
        name="C-Diplo 80",
        kind="rank",
        source="dipvis game_scoring/g_scoring_systems.py ('CDiplo 80') and cdiplo.py",
        summary=Message.of("system.c-diplo-80.summary"),
        rule=Message.of("system.c_diplo.rule"),
        factory=lambda: CDiplo(solo=80, played=0, places=(25, 14, 7), slug="c-diplo-80"),
    )
)
register(
    SystemInfo(
        slug="c-diplo-namur",
        name="C-Diplo Namur",
        kind="rank",
        source="dipvis game_scoring/cdiplo_namur.py",
        summary=Message.of("system.c-diplo-namur.summary"),
        rule=Message.of("system.c_diplo.rule"),
        factory=lambda: CDiplo(solo=85, centre_points=namur_centre_points, slug="c-diplo-namur"),
    )
)
