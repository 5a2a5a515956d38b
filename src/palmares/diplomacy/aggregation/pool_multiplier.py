"""Pool score multiplier: the sum of all rounds, with the top board's scores multiplied.

A board flagged ``top_board`` in boards.csv (the final pool of the best players) counts
``factor`` times its board scores (3/2 by default: "a multiplication bonus, i.e. 150%"); every
other board counts once. Ties broken by the declared chain (``tiebreak=…``).

Source: the top-board options proposed for the dipvis tool (UEWBot/dipvis issue 83: a top board
"stand-alone" with "score results" and a "multiplication bonus (i.e. 150%)").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.aggregation._counting import count_games
from palmares.diplomacy.aggregation._games import Counted, Game, fraction, parse_tiebreak
from palmares.diplomacy.aggregation.base import AggregationInfo, Note, Standings
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import ScoringSystem

__all__ = ["PoolMultiplier", "TopBoardMultiplied"]


@dataclass(frozen=True, slots=True)
class TopBoardMultiplied(Note):
    """The pool multiplier's rule (dipvis issue 83): top-board scores count × ``factor``."""

    factor: Fraction


@dataclass(frozen=True, slots=True)
class PoolMultiplier:
    factor: Fraction = Fraction(3, 2)
    tiebreak: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.factor <= 0:
            raise PalmaresError.of(Message.of("aggregation.factor", got=str(self.factor)))

    def select(self, games: Sequence[Game]) -> list[Counted]:
        return [(g, self.factor if g.top_board else Fraction(1)) for g in games]

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        return count_games(
            entrants=entrants,
            slug="pool-multiplier",
            boards=boards,
            system=system,
            select=self.select,
            chain=self.tiebreak,
            round_columns=("points", "weighted", "score"),
            multiplied=lambda g: g.top_board,
            notes=(TopBoardMultiplied(self.factor),),
        )


register(
    AggregationInfo(
        slug="pool-multiplier",
        name="Pool score multiplier (top board)",
        source="UEWBot/dipvis issue 83 (top board with a multiplication bonus, i.e. 150%)",
        summary=Message.of("aggregation.pool-multiplier.summary"),
        rule=Message.of("aggregation.pool_multiplier.rule"),
        factory=PoolMultiplier,
        parameters={"factor": fraction, "tiebreak": parse_tiebreak},
    )
)
