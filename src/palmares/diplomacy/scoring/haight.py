"""Haight (v1.0).

Rule: with no solo, each survivor scores 10 per final centre and each dead power 1 per year
played (counting the year it was eliminated). Every power is placed by final centres, the dead
below the survivors by elimination year (later is better), and adds a place bonus of 66, 55, 44,
33, 22, 11, 0 for 1st–7th; powers that tie all take the bonus of the lowest place they span (a
two-way top gets 55 each, a three-way top 44). A lone board topper adds 5 per centre of lead over
the next power. With a solo the soloist scores 451; each other survivor scores the larger of 5 per
centre and its years played (to the solo year); each dead power its years played; no place
bonus.

Source: dipvis (UEWBot/dipvis, game_scoring/haight.py, system description "Haight v1.0").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    elimination_year,
    lead,
    leaders,
    lowest_place_points,
    solo_score,
    years_played,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Haight", "HaightPower"]

PLACES = (66, 55, 44, 33, 22, 11, 0)


@dataclass(frozen=True, slots=True)
class HaightPower(Figures):
    """One power under Haight: final centres; 10 a centre for a survivor, or a dead power's
    years played; the place bonus (66 / 55 / … / 0, a tie taking the lowest place's); and a lone
    topper's 5 a centre of lead."""

    centres: int
    centres_or_years: int
    place_bonus: Fraction
    lead_bonus: int


@dataclass(frozen=True, slots=True)
class Haight:
    slug: str = "haight"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board, self.slug, soloist, 451, lambda p: self._loser(board, p), years="played"
            )

        def standing(p: str) -> tuple[int, int]:
            c = board.centres[p]
            return (c, 0) if c > 0 else (0, elimination_year(board, p))

        place = lowest_place_points(board.powers, standing, PLACES)
        tops = leaders(board)
        scores: dict[str, Fraction] = {}
        powers: dict[str, HaightPower] = {}
        for p in board.powers:
            c = board.centres[p]
            base = 10 * c if c > 0 else years_played(board, p)
            bonus = 5 * lead(board) if p in tops and len(tops) == 1 else 0
            scores[p] = base + place[p] + bonus
            powers[p] = HaightPower(c, base, place[p], bonus)
        return board_score(board, self.slug, scores, powers)

    @staticmethod
    def _loser(board: Board, power: str) -> int:
        years = years_played(board, power)
        return max(5 * board.centres[power], years)


register(
    SystemInfo(
        slug="haight",
        name="Haight v1.0",
        kind="mixed",
        source="dipvis game_scoring/haight.py",
        summary=Message.of("system.haight.summary"),
        rule=Message.of("system.haight.rule"),
        factory=Haight,
    )
)
