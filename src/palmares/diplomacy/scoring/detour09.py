"""Detour09.

Rule: with no solo, each power's raw score is 1 per final centre, plus 2 if it holds any centre,
plus (for a lone board topper) its lead in centres over the next power, plus 4 / 3 / 2 / 1 for
places 1–4 by centres, where powers that tie all take the points of the lowest place they span
(two tied for 1st get 3 each). The raw scores are rescaled so the board totals 100. Then every
dead power, and on a soloed board every loser, adds 0.25 per year survived, at most 2 (8 years).
A soloist scores 110.

Sources: our spec (shared/specs/diplomacy.md, "Other board-scoring systems", boards D and S);
dipvis (UEWBot/dipvis, game_scoring/detour09.py, system description); the Detour98F rules quoted
on webDiplomacy (forum thread 918050: ties take the lower position's points, normalised to 100).
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
    lowest_place_points,
    solo_score,
    years_survived,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Detour09", "Detour09Power"]

PLACES = (4, 3, 2, 1)
PER_YEAR = Fraction(1, 4)
MAX_YEARS = 8


def _survival(board: Board, power: str) -> Fraction:
    return PER_YEAR * min(years_survived(board, power), MAX_YEARS)


@dataclass(frozen=True, slots=True)
class Detour09Power(Figures):
    """One power under Detour09 (spec "Other board-scoring systems"; dipvis detour09.py):
    final centres, place points (4 / 3 / 2 / 1, a tie taking the lowest place's), its raw score
    (centres + 2 alive + a lone topper's lead + place points), the board's raw total (the
    score is total × raw / raw total), and a dead power's survival (0.25 a year, 8 at most)."""

    centres: int
    place_points: Fraction
    raw: Fraction
    raw_total: Fraction
    survival: Fraction


@dataclass(frozen=True, slots=True)
class Detour09:
    total: Fraction = Fraction(100)
    slug: str = "detour09"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board, self.slug, soloist, 110, lambda p: _survival(board, p), years="survived"
            )
        place = lowest_place_points(board.powers, lambda p: board.centres[p], PLACES)
        tops = leaders(board)
        raw: dict[str, Fraction] = {}
        for p in board.powers:
            c = board.centres[p]
            gap = lead(board) if p in tops and len(tops) == 1 else 0
            raw[p] = Fraction(c + (2 if c > 0 else 0) + gap) + place[p]
        total_raw = sum(raw.values(), Fraction(0))
        scores: dict[str, Fraction] = {}
        powers: dict[str, Detour09Power] = {}
        for p in board.powers:
            survival = _survival(board, p) if board.centres[p] == 0 else Fraction(0)
            scores[p] = self.total * raw[p] / total_raw + survival
            powers[p] = Detour09Power(board.centres[p], place[p], raw[p], total_raw, survival)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="detour09",
        name="Detour09",
        kind="mixed",
        source="spec 'Other board-scoring systems'; dipvis game_scoring/detour09.py",
        summary=Message.of("system.detour09.summary"),
        rule=Message.of("system.detour09.rule"),
        factory=Detour09,
    )
)
