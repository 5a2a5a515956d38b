"""Best N rounds: the sum of a player's N best rounds.

A round's score is the player's best board score in that round (a two-boarder's other game in
the same round does not add), as the dipvis tool's "best game counts" round score does. The N
best rounds count; with fewer than N rounds played, every round counts. Equal round scores are
taken in round order (the earlier first), which changes no total. Default N = 2; dipvis offers
2, 3 and 4 (``best-rounds:n=3``). Ties broken by the declared chain (``tiebreak=…``).

Source: dipvis (UEWBot/dipvis, tournament scoring "Sum best 2 rounds", "… 3 rounds",
"… 4 rounds"; round score "best game counts"); KublaCon (WDD: "best 2 scores count out of
three rounds").
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

__all__ = ["BestRounds", "BestRoundsRule"]


@dataclass(frozen=True, slots=True)
class BestRoundsRule(Note):
    """The rule (dipvis, "Sum best N rounds"): the best ``n`` rounds count, a round's score
    being its best game."""

    n: int


@dataclass(frozen=True, slots=True)
class BestRounds:
    n: int = 2
    tiebreak: tuple[str, ...] = ()

    def select(self, games: Sequence[Game]) -> list[Counted]:
        best_of_round: dict[int, Game] = {}
        for game in best_first(games):
            best_of_round.setdefault(game.round, game)
        kept = {id(g) for g in best_first(list(best_of_round.values()))[: self.n]}
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
            slug="best-rounds",
            boards=boards,
            system=system,
            select=self.select,
            chain=self.tiebreak,
            round_columns=("points", "counted", "score"),
            notes=(BestRoundsRule(self.n),),
        )


register(
    AggregationInfo(
        slug="best-rounds",
        name="Best N rounds",
        source="dipvis tournament scoring 'Sum best N rounds'; WDD KublaCon systems",
        summary=Message.of("aggregation.best-rounds.summary"),
        rule=Message.of("aggregation.best_rounds.rule"),
        factory=BestRounds,
        parameters={"n": whole, "tiebreak": parse_tiebreak},
    )
)
