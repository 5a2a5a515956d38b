"""Bangkok Pike.

Rule: with no solo, each survivor scores 3 plus 1 per final centre, plus bonuses by distance from
the top: a lone board topper gets 6; when two or more share the top each gets 4; each power
exactly one centre behind the top gets 4 and each exactly two behind gets 2. A lone topper with
nobody exactly one behind also takes the 4, and if nobody is two behind either, the 2 as well. A
dead power scores 0.1 per year played (counting the year it was eliminated). With a solo the
soloist scores 60 and every other power scores as if eliminated (a survivor in the solo year).

Sources: dipvis (UEWBot/dipvis, game_scoring/bangkok_pike.py, system description).
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
    top_centres,
    years_played,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["BangkokPike", "BangkokPikePower"]

PER_YEAR = Fraction(1, 10)


@dataclass(frozen=True, slots=True)
class BangkokPikePower(Figures):
    """One power under Bangkok Pike (dipvis game_scoring/bangkok_pike.py): final centres; a
    survivor's 3 survival points and position bonus; a dead power's years played (0.1 each)."""

    centres: int
    survival: int | None = None
    position_bonus: int | None = None
    years_played: int | None = None


@dataclass(frozen=True, slots=True)
class BangkokPike:
    slug: str = "bangkok-pike"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board,
                self.slug,
                soloist,
                60,
                lambda p: PER_YEAR * years_played(board, p),
                years="played",
            )
        top = top_centres(board)
        tops = leaders(board)
        counts = [c for c in board.centres.values() if c > 0]
        one_behind = top - 1 in counts
        two_behind = top - 2 in counts
        scores: dict[str, Fraction] = {}
        powers: dict[str, BangkokPikePower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c == 0:
                years = years_played(board, p)
                scores[p] = PER_YEAR * years
                powers[p] = BangkokPikePower(0, years_played=years)
                continue
            if c == top and len(tops) == 1:
                bonus = 6
                if not one_behind:
                    bonus += 4
                    if not two_behind:
                        bonus += 2
            elif c in (top, top - 1):
                bonus = 4
            elif c == top - 2:
                bonus = 2
            else:
                bonus = 0
            scores[p] = Fraction(3 + c + bonus)
            powers[p] = BangkokPikePower(c, survival=3, position_bonus=bonus)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="bangkok-pike",
        name="Bangkok Pike",
        kind="centre-count",
        source="dipvis game_scoring/bangkok_pike.py",
        summary=Message.of("system.bangkok-pike.summary"),
        rule=Message.of("system.bangkok_pike.rule"),
        factory=BangkokPike,
    )
)
