"""KublaCon KILL.

Rule: a win (solo or concession) scores 34 and everyone else 0. Otherwise every power scores 1
per final centre, plus 1 for surviving past 1905 (not eliminated in 1905 or before); each
survivor adds 2 for every dead power on the board (civil disorder counts as dead); a lone board
topper adds 2 per centre of lead over the next power. No power scores more than 27 on an unwon
board. (The published rule also gives 5 points to a newcomer in their first game who attended the
mentor round: that is a fact about the player, not the board, and is not applied here.)

Our reading where the text is short: "2 points for each dead position" goes to the survivors (the
powers still on the board), and "surviving past 05" means holding a centre after 1905.

Source: World Diplomacy Database, scoring system "KublaCon KILL System" (author Edi Birsan).
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
    solo_score,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["KublaConKill", "KublaConPower"]


@dataclass(frozen=True, slots=True)
class KublaConPower(Figures):
    """One power under KublaCon KILL (WDD "KublaCon KILL System"): final centres, the point for
    surviving past 1905 (1 or 0), a survivor's 2 for every dead power, a lone topper's 2 a centre
    of lead, and the sum before the cap of 27."""

    centres: int
    survival_point: int
    kill_points: int
    lead_bonus: int
    before_cap: int


@dataclass(frozen=True, slots=True)
class KublaConKill:
    survival_year: int = 1905
    cap: int = 27
    slug: str = "kublacon-kill"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(board, self.slug, soloist, 34)
        dead = sum(1 for c in board.centres.values() if c == 0)
        tops = leaders(board)
        scores: dict[str, Fraction] = {}
        powers: dict[str, KublaConPower] = {}
        for p in board.powers:
            c = board.centres[p]
            alive = c > 0
            past = alive or elimination_year(board, p) > self.survival_year
            kills = 2 * dead if alive else 0
            bonus = 2 * lead(board) if p in tops and len(tops) == 1 else 0
            survival = 1 if past else 0
            raw = c + survival + kills + bonus
            scores[p] = Fraction(min(raw, self.cap))
            powers[p] = KublaConPower(c, survival, kills, bonus, raw)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="kublacon-kill",
        name="KublaCon KILL",
        kind="centre-count",
        source="WDD scoring system 'KublaCon KILL System' (Edi Birsan)",
        summary=Message.of("system.kublacon-kill.summary"),
        rule=Message.of("system.kublacon_kill.rule"),
        factory=KublaConKill,
    )
)
