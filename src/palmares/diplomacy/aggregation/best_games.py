"""Best N games in any rounds: the sum of a player's N best board scores, wherever played.

Two games of the same round may both count. With N games or fewer, every game counts. Default
N = 3; dipvis offers 3 and 4, and N = 1 is its "best single game result"
(``best-games:n=1``). Ties broken by the declared chain (``tiebreak=…``).

Source: dipvis (UEWBot/dipvis, tournament scoring "Sum best 3 games in any rounds", "… 4 games",
"Best single game result").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.aggregation._counting import best_first, count_games
from palmares.diplomacy.aggregation._games import Counted, Game, parse_tiebreak, whole
from palmares.diplomacy.aggregation.base import AggregationInfo, Note, Standings
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import ScoringSystem

__all__ = ["BestGames", "BestGamesRule"]


@dataclass(frozen=True, slots=True)
class BestGamesRule(Note):
    """The rule (dipvis, "Sum best N games"): the best ``n`` games count, in any rounds."""

    n: int


@dataclass(frozen=True, slots=True)
class BestGames:
    n: int = 3
    tiebreak: tuple[str, ...] = ()

    def select(self, games: Sequence[Game]) -> list[Counted]:
        kept = {id(g) for g in best_first(games)[: self.n]}
        return [(g, Fraction(1) if id(g) in kept else Fraction(0)) for g in games]

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        return count_games(
            entrants=entrants,
            slug="best-games",
            boards=boards,
            system=system,
            select=self.select,
            chain=self.tiebreak,
            round_columns=("points", "counted", "score"),
            notes=(BestGamesRule(self.n),),
        )


register(
    AggregationInfo(
        slug="best-games",
        name="Best N games in any rounds",
        source="dipvis tournament scoring 'Sum best N games in any rounds'",
        summary=Message.of("aggregation.best-games.summary"),
        rule=Message.of("aggregation.best_games.rule"),
        factory=BestGames,
        parameters={"n": whole, "tiebreak": parse_tiebreak},
    )
)
