"""Bangkok and Olympic: centres, survival and a 12-point domination bonus.

Rule (Bangkok): with no solo, every power scores 1 per final centre; each survivor adds 3; each
dead power adds 0.3 per year it survived. A 12-point domination bonus is shared out by shares:
3 shares to each board topper, 2 to each power one centre behind the top, 1 to each power two
behind; a power's bonus is 12 × its shares / all shares. A soloist scores 41 (18 centres + 12 +
an 8-point solo bonus + 3) and every other power 0.5 per centre it holds.

- ``bangkok``: as above.
- ``olympic``: shares 4 / 1.5 / 0.5; a soloist scores 46 and the others 0.

Only survivors take shares (a dead power is never "two behind" the top in a real game; we state
it so the rule is total).

Sources: World Diplomacy Wiki, "Bangkok 2020 Scoring System" (worked domination examples 12-6-6…,
12-11-10…, 12-12-11…); our spec (boards D and S); dipvis (UEWBot/dipvis, game_scoring/bangkok.py
and g_scoring_systems.py for Olympic's parameters).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    solo_score,
    top_centres,
    years_survived,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["Bangkok", "BangkokPower"]


@dataclass(frozen=True, slots=True)
class BangkokPower(Figures):
    """One power under Bangkok or Olympic (World Diplomacy Wiki, "Bangkok 2020 Scoring
    System"): final centres, survival points (3 alive, 0.3 a year survived dead), domination
    shares, and the domination bonus 12 × shares / all shares."""

    centres: int
    survival: Fraction
    shares: Fraction
    domination_bonus: Fraction


@dataclass(frozen=True, slots=True)
class Bangkok:
    solo: Fraction = Fraction(41)
    lost_per_centre: Fraction = Fraction(1, 2)
    shares: tuple[Fraction, Fraction, Fraction] = (Fraction(3), Fraction(2), Fraction(1))
    bonus: Fraction = Fraction(12)
    survival: Fraction = Fraction(3)
    dead_per_year: Fraction = Fraction(3, 10)
    slug: str = "bangkok"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board,
                self.slug,
                soloist,
                self.solo,
                lambda p: self.lost_per_centre * board.centres[p],
            )
        top = top_centres(board)
        share: dict[str, Fraction] = {}
        for p, c in board.centres.items():
            behind = top - c
            share[p] = self.shares[behind] if c > 0 and behind < len(self.shares) else Fraction(0)
        all_shares = sum(share.values())
        scores: dict[str, Fraction] = {}
        powers: dict[str, BangkokPower] = {}
        for p in board.powers:
            c = board.centres[p]
            domination = self.bonus * share[p] / all_shares
            survival = self.survival if c > 0 else self.dead_per_year * years_survived(board, p)
            scores[p] = c + survival + domination
            powers[p] = BangkokPower(c, survival, share[p], domination)
        return board_score(board, self.slug, scores, powers)


register(
    SystemInfo(
        slug="bangkok",
        name="Bangkok",
        kind="centre-count",
        source="World Diplomacy Wiki 'Bangkok 2020 Scoring System'; dipvis bangkok.py",
        summary=Message.of("system.bangkok.summary"),
        rule=Message.of("system.bangkok.rule"),
        factory=lambda: Bangkok(slug="bangkok"),
    )
)
register(
    SystemInfo(
        slug="olympic",
        name="Olympic",
        kind="centre-count",
        source="dipvis game_scoring/g_scoring_systems.py ('Olympic') and bangkok.py",
        summary=Message.of("system.olympic.summary"),
        rule=Message.of("system.bangkok.rule"),
        factory=lambda: Bangkok(
            solo=Fraction(46),
            lost_per_centre=Fraction(0),
            shares=(Fraction(4), Fraction(3, 2), Fraction(1, 2)),
            slug="olympic",
        ),
    )
)
