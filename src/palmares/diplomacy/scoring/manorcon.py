"""ManorCon.

Rule: with no solo, each power gets N = S² + 4S + 16 from its final centre count S (a dead power
has S = 0, so N = 16). Each survivor scores 100 · N / ΣN, the sum running over all seven powers;
each dead power scores 0.1 per year it survived. A soloist scores 75; every other power scores
0.1 per year survived, a survivor counting as eliminated in the solo year.

- ``manorcon``: as above.
- ``manorcon-original``: the original version, a solo worth 100.
- ``manorcon-v2``: a solo worth 100, and a dead power adds nothing to ΣN (N = 0 for the dead).

Years survived: our spec's reference table gives a power out in 1906 0.5 and one out in 1904 0.3,
i.e. 0.1 × (year of elimination − 1901); we follow it. ManorCon's own page (diplom.org/manorcon,
"Diplomacy Tournament Scoring System") says 0.10 for every year played *including* the year of
elimination, which would give 0.6 and 0.4: the spec's table is our acceptance test, so the
difference is recorded here.

Sources: our spec (boards D and S); diplom.org/manorcon/dipscore.htm; dipvis (UEWBot/dipvis,
game_scoring/manorcon.py and g_scoring_systems.py for the three variants).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    solo_score,
    years_survived,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["ManorCon", "ManorConPower"]

PER_YEAR = Fraction(1, 10)


@dataclass(frozen=True, slots=True)
class ManorConPower(Figures):
    """One power under ManorCon (spec "Other board-scoring systems"; diplom.org/manorcon):
    final centres S and N = S² + 4S + 16 (0 for the dead under v2); a survivor's score is
    100 · N / ΣN over the board, a dead power's 0.1 a year survived."""

    centres: int
    n: int
    sum_of_n: int | None = None
    years_survived: int | None = None


@dataclass(frozen=True, slots=True)
class ManorCon:
    solo: int = 75
    dead_count_16: bool = True
    slug: str = "manorcon"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            return solo_score(
                board,
                self.slug,
                soloist,
                self.solo,
                lambda p: PER_YEAR * years_survived(board, p),
                years="survived",
            )
        n = {p: self._n(c) for p, c in board.centres.items()}
        total = sum(n.values())
        scores: dict[str, Fraction] = {}
        powers: dict[str, ManorConPower] = {}
        for p in board.powers:
            c = board.centres[p]
            if c > 0:
                scores[p] = 100 * Fraction(n[p], total)
                powers[p] = ManorConPower(c, n[p], sum_of_n=total)
            else:
                years = years_survived(board, p)
                scores[p] = PER_YEAR * years
                powers[p] = ManorConPower(0, n[p], years_survived=years)
        return board_score(board, self.slug, scores, powers)

    def _n(self, centres: int) -> int:
        if centres == 0 and not self.dead_count_16:
            return 0
        return centres * centres + 4 * centres + 16


_SOURCE = "spec 'Other board-scoring systems'; diplom.org/manorcon; dipvis manorcon.py"

register(
    SystemInfo(
        slug="manorcon",
        name="ManorCon",
        kind="centre-count",
        source=_SOURCE,
        summary=Message.of("system.manorcon.summary"),
        rule=Message.of("system.manorcon.rule"),
        factory=lambda: ManorCon(slug="manorcon"),
    )
)
register(
    SystemInfo(
        slug="manorcon-original",
        name="ManorCon (original)",
        kind="centre-count",
        source=_SOURCE,
        summary=Message.of("system.manorcon-original.summary"),
        rule=Message.of("system.manorcon.rule"),
        factory=lambda: ManorCon(solo=100, slug="manorcon-original"),
    )
)
register(
    SystemInfo(
        slug="manorcon-v2",
        name="ManorCon v2",
        kind="centre-count",
        source=_SOURCE,
        summary=Message.of("system.manorcon-v2.summary"),
        rule=Message.of("system.manorcon.rule"),
        factory=lambda: ManorCon(solo=100, dead_count_16=False, slug="manorcon-v2"),
    )
)
