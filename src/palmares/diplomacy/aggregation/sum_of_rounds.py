"""Sum of all rounds: a player's tournament score is the sum of every board score they made.

A player on two boards in a round counts both. Ties in the standings are broken by the declared
chain (``tiebreak=best-game/centres/head-to-head``; none by default: tied players share a rank).

Source: the common aggregation named in our spec (shared/specs/diplomacy.md, "Tournament
aggregations in use besides the ante": sum of all rounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.aggregation._counting import count_games
from palmares.diplomacy.aggregation._games import Counted, Game, parse_tiebreak
from palmares.diplomacy.aggregation.base import AggregationInfo, Standings
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import ScoringSystem

__all__ = ["SumOfRounds"]


def every_game(games: Sequence[Game]) -> list[Counted]:
    return [(g, Fraction(1)) for g in games]


@dataclass(frozen=True, slots=True)
class SumOfRounds:
    tiebreak: tuple[str, ...] = ()

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        return count_games(
            entrants=entrants,
            slug="sum",
            boards=boards,
            system=system,
            select=every_game,
            chain=self.tiebreak,
        )


register(
    AggregationInfo(
        slug="sum",
        name="Sum of all rounds",
        source="spec 'Tournament aggregations in use besides the ante'",
        summary=Message.of("aggregation.sum.summary"),
        rule=Message.of("aggregation.sum_of_rounds.rule"),
        factory=SumOfRounds,
        parameters={"tiebreak": parse_tiebreak},
    )
)
