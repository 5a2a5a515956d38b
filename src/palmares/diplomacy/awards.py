"""Individual awards: places 2–7 and the best country for each power.

Seed 002, "Prizes": "Second through Seventh places will go to the six players, not counting the
Tournament Champion, who have the highest scores after the final round. Best Country Awards will
go to the players with the individual best performances with each of the seven powers."

Our reading (specs/diplomacy.md): a best performance is ranked by the raw score of that game
(the board-scoring system's score), then the centres, then the payout (the points the game
brought in: the ante's take from the pot). A tie on all three is shared. Places tie
competition-style (two players tied for 6th both get 6th, and the next is 8th).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from palmares.core.ranking import tie_groups
from palmares.diplomacy.aggregation.base import Line, Standings
from palmares.diplomacy.scoring.base import Score, exact

__all__ = ["BestCountry", "Place", "best_countries", "places"]


@dataclass(frozen=True, slots=True)
class Place:
    place: int
    player: str
    score: Score


def places(
    standings: Standings, champions: Collection[str], *, first: int = 2, last: int = 7
) -> tuple[Place, ...]:
    """Places ``first``–``last`` by final score, the champion(s) left out; ties share a place."""
    rest = sorted(
        (s for s in standings.players if s.player not in champions), key=lambda s: s.player
    )
    out: list[Place] = []
    for group in tie_groups(rest, key=lambda s: exact(s.score)):
        place = first - 1 + group.rank
        if place > last:
            break
        out.extend(Place(place, s.player, s.score) for s in group.members)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class BestCountry:
    """The best game with one power: who, where, and the three figures that rank it."""

    power: str
    player: str
    round: int
    board: str
    board_score: Score
    centres: int
    points: Score
    shared_with: tuple[str, ...] = ()


def _key(line: Line) -> tuple[object, ...]:
    return (
        exact(line.board_score if line.board_score is not None else 0),
        line.centres or 0,
        exact(line.points if line.points is not None else 0),
    )


def best_countries(standings: Standings, powers: Collection[str]) -> tuple[BestCountry, ...]:
    """For each power, the best game played with it: raw score, then centres, then payout."""
    games: dict[str, list[tuple[str, Line]]] = {p: [] for p in powers}
    for standing in standings.players:
        for line in standing.lines:
            if line.kind == "game" and line.power in games:
                games[line.power].append((standing.player, line))
    out: list[BestCountry] = []
    for power, entries in games.items():
        if not entries:
            continue
        entries.sort(key=lambda e: (e[1].round, e[1].board or "", e[0]))
        groups = tie_groups(entries, key=lambda e: _key(e[1]))
        best = groups[0].members
        player, line = best[0]
        out.append(
            BestCountry(
                power=power,
                player=player,
                round=line.round,
                board=line.board or "",
                board_score=line.board_score if line.board_score is not None else 0,
                centres=line.centres or 0,
                points=line.points if line.points is not None else 0,
                shared_with=tuple(p for p, _ in best[1:]),
            )
        )
    return tuple(out)
