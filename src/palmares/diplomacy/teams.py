"""The team championship.

Seed 002, "Team Tournament": "Teams will consist of 3 players … A team's final score is simply the
sum total of the scores of their three players. The team with the highest score wins. Players on
the same team will not be permitted to play on the same board at any time. … If multiple team
members wish to all play on the top board, then those team members' scores after round 5 shall be
used to calculate final team standings, rather than their scores after round 6."

So when two or more members of one team play the top board, each of those members counts with
their score after the qualifying round; every other member counts with the final score. A team
with one member on the top board counts that member's final score. Team-mates seated on one board
are reported (:func:`teammates_together`); the TD should have moved them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from palmares.core.ranking import tie_groups
from palmares.diplomacy.aggregation.base import Standings, figure
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import Score, exact

__all__ = ["Member", "TeamStanding", "team_standings", "teammates_together"]

TEAM_SIZE = 3


@dataclass(frozen=True, slots=True)
class Member:
    player: str
    score: Score
    note: str = ""
    #: The round whose score counts under the top-board team rule (``None``: the final score).
    counted_after: int | None = None


@dataclass(frozen=True, slots=True)
class TeamStanding:
    rank: int
    team: str
    score: Score
    members: tuple[Member, ...]


def team_standings(
    standings: Standings,
    teams: Mapping[str, tuple[str, ...]],
    *,
    top_board: Collection[str] = (),
    qualifying_round: int | None = None,
) -> tuple[TeamStanding, ...]:
    """Rank the teams by the sum of their members' scores, with the top-board team rule."""
    totals: list[TeamStanding] = []
    for team, players in teams.items():
        on_top = [p for p in players if p in top_board]
        team_rule = len(on_top) > 1 and qualifying_round is not None
        members: list[Member] = []
        for player in players:
            standing = standings.of(player) if player in standings else None
            if standing is None:
                members.append(Member(player, 0, "did not play"))
            elif team_rule and player in on_top and qualifying_round is not None:
                score = standing.score_after(qualifying_round)
                members.append(
                    Member(
                        player,
                        score,
                        f"one of {len(on_top)} team members on the top board: counts the score "
                        f"after round {qualifying_round}, {figure(score)}, not the final "
                        f"{figure(standing.score)}",
                        qualifying_round,
                    )
                )
            else:
                members.append(Member(player, standing.score))
        total = sum((exact(m.score) for m in members), start=exact(0))
        totals.append(TeamStanding(0, team, total, tuple(members)))
    ranked: list[TeamStanding] = []
    for group in tie_groups(sorted(totals, key=lambda t: t.team), key=lambda t: t.score):
        ranked.extend(TeamStanding(group.rank, t.team, t.score, t.members) for t in group.members)
    return tuple(ranked)


def teammates_together(
    boards: Iterable[PlayedBoard], teams: Mapping[str, tuple[str, ...]]
) -> list[str]:
    """Every board that seats two members of one team (the seed forbids it), the top board
    excepted: team-mates may both play it, under the team rule."""
    team_of = {p: t for t, players in teams.items() for p in players}
    found: list[str] = []
    for board in boards:
        if board.top_board:
            continue
        by_team: dict[str, list[str]] = {}
        for player in board.players:
            if player in team_of:
                by_team.setdefault(team_of[player], []).append(player)
        for team, members in by_team.items():
            if len(members) > 1:
                found.append(
                    f"round {board.round} board {board.board} seats {' and '.join(members)} "
                    f"of team {team}"
                )
    return found
