"""Best two plus a fraction of the rest.

A player's N best board scores count in full (N = 2); the other games add ``fraction`` (1/2) of
their average: with games g1 ≥ g2 ≥ … ≥ gk, total = g1 + g2 + fraction × (g3 + … + gk) / (k − 2),
each remaining game counting with weight fraction / (k − 2). A player with N games or fewer
counts them all in full. ``best-two-plus:n=2,fraction=1/2`` is the published variant; other
fractions and N are parameters. Ties broken by the declared chain (``tiebreak=…``).

Source: dipvis (UEWBot/dipvis, tournament scoring "Sum best 2 games plus half the average of
the rest").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.aggregation._counting import best_first, count_games
from palmares.diplomacy.aggregation._games import (
    Counted,
    Game,
    fraction,
    parse_tiebreak,
    whole,
)
from palmares.diplomacy.aggregation.base import AggregationInfo, Note, Standings
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import ScoringSystem

__all__ = ["BestTwoPlus", "BestTwoPlusRule"]


@dataclass(frozen=True, slots=True)
class BestTwoPlusRule(Note):
    """The rule (dipvis, "Sum best 2 games plus half the average of the rest"): the best ``n``
    games in full, the rest ``fraction`` of their average."""

    n: int
    fraction: Fraction


@dataclass(frozen=True, slots=True)
class BestTwoPlus:
    n: int = 2
    fraction: Fraction = Fraction(1, 2)
    tiebreak: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.fraction <= 1:
            raise PalmaresError.of(Message.of("aggregation.fraction", got=str(self.fraction)))

    def select(self, games: Sequence[Game]) -> list[Counted]:
        ordered = best_first(games)
        best, rest = ordered[: self.n], ordered[self.n :]
        weight = self.fraction / len(rest) if rest else Fraction(0)
        full = {id(g) for g in best}
        return [(g, Fraction(1) if id(g) in full else weight) for g in games]

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        return count_games(
            entrants=entrants,
            slug="best-two-plus",
            boards=boards,
            system=system,
            select=self.select,
            chain=self.tiebreak,
            round_columns=("points", "weighted", "score"),
            notes=(BestTwoPlusRule(self.n, self.fraction),),
        )


register(
    AggregationInfo(
        slug="best-two-plus",
        name="Best two plus a fraction of the rest",
        source="dipvis tournament scoring 'Sum best 2 games plus half the average of the rest'",
        summary=Message.of("aggregation.best-two-plus.summary"),
        rule=Message.of("aggregation.best_two_plus.rule"),
        factory=BestTwoPlus,
        parameters={"n": whole, "fraction": fraction, "tiebreak": parse_tiebreak},
    )
)
