"""Sit-out bonus: the sum of all rounds, plus a bonus for a round a player sat out.

When the number of players is not a multiple of seven, some sit out a round (seed 002, "Board
call": the TD chooses sitters). So that sitting out does not cost a place, a player who missed a
round is credited, for at most ``max`` such rounds (1), with ``bonus``: ``average`` (the
default) credits the average board score of every game played in that round; a number credits
that many points. The missed rounds credited are the earliest. A player who appears in no round
at all is not in the standings. Ties broken by the declared chain (``tiebreak=…``).

Source: our reading (the spec names the sit-out bonus among the aggregations but gives no
figures; no published rule with figures was found), with the amount and the number of rounds
as parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.aggregation._counting import count_games
from palmares.diplomacy.aggregation._games import (
    Game,
    SitOutCredit,
    fraction,
    parse_tiebreak,
    whole,
)
from palmares.diplomacy.aggregation.base import AggregationInfo, Line, Standings
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.aggregation.sum_of_rounds import every_game
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import ScoringSystem

__all__ = ["SitOut"]


def _bonus(text: str) -> Fraction | None:
    """``average`` (None) or a number."""
    return None if text.strip() == "average" else fraction(text)


@dataclass(frozen=True, slots=True)
class SitOut:
    bonus: Fraction | None = None  # None: the round's average board score
    max: int = 1
    tiebreak: tuple[str, ...] = ()

    def extra(
        self,
        player: str,
        own: Sequence[Game],
        games: dict[str, list[Game]],
        rounds: Sequence[int],
    ) -> list[Line]:
        played = {g.round for g in own}
        missed = [r for r in rounds if r not in played][: self.max]
        out: list[Line] = []
        for rnd in missed:
            if self.bonus is None:
                scores = [g.score for gs in games.values() for g in gs if g.round == rnd]
                points = sum(scores, Fraction(0)) / len(scores)
                games_averaged: int | None = len(scores)
            else:
                points = self.bonus
                games_averaged = None
            out.append(
                Line(
                    round=rnd,
                    kind="sit-out",
                    before=Fraction(0),
                    after=points,
                    step=SitOutCredit(points, games_averaged),
                    points=points,
                )
            )
        return out

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        return count_games(
            entrants=entrants,
            slug="sit-out",
            boards=boards,
            system=system,
            select=every_game,
            chain=self.tiebreak,
            extra=self.extra,
            round_columns=("points", "bonus", "score"),
        )


register(
    AggregationInfo(
        slug="sit-out",
        name="Sum of rounds with a sit-out bonus",
        source="palmares' reading (spec names it; no published figures found)",
        summary=Message.of("aggregation.sit-out.summary"),
        rule=Message.of("aggregation.sit_out.rule"),
        factory=SitOut,
        parameters={"bonus": _bonus, "max": whole, "tiebreak": parse_tiebreak},
    )
)
