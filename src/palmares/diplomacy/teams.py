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

Our decision for an aggregation where low is best (a sum of round ranks): adding the members'
scores would reward a member who never played (0, the best possible) and, under the top-board
rule, one fewer round of ranks. So each member counts their *rank* in the standings (the final
rank; under the top-board rule the rank after the qualifying round), a member who never played
counts one place below the last, and the lowest team total wins.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.ranking import tie_groups
from palmares.diplomacy.aggregation.base import Figure, Standings
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import exact

__all__ = [
    "Member",
    "TeamChampionship",
    "TeamStanding",
    "TeammatesTogether",
    "team_standings",
    "teammates_together",
]

TEAM_SIZE = 3


@dataclass(frozen=True, slots=True)
class Member:
    player: str
    #: The member's tournament score, or (when low is best) the rank that counts; 0 for a
    #: member who did not play when high is best.
    score: Figure
    #: The round whose score counts under the top-board team rule (``None``: the final score).
    counted_after: int | None = None
    played: bool = True
    #: Under the top-board team rule: how many of the team are on the top board, and the final
    #: score (or rank) that does not count.
    on_top: int = 0
    final: Figure | None = None
    #: The team championship sums ranks (the standings are low-is-best).
    by_rank: bool = False


@dataclass(frozen=True, slots=True)
class TeamChampionship:
    """How teams are ranked (seed 002, "Team Tournament"): the sum of the members' scores, or
    (``by_rank``: standings where low is best) of their ranks, lowest first."""

    by_rank: bool


@dataclass(frozen=True, slots=True)
class TeamStanding:
    rank: int
    team: str
    score: Fraction
    members: tuple[Member, ...]


def team_standings(
    standings: Standings,
    teams: Mapping[str, tuple[str, ...]],
    *,
    top_board: Collection[str] = (),
    qualifying_round: int | None = None,
) -> tuple[TeamStanding, ...]:
    """Rank the teams by the sum of their members' scores, with the top-board team rule (when
    low is best: the sum of the members' ranks, lowest first)."""
    if standings.low_is_best:
        return _by_ranks(standings, teams, top_board=top_board, qualifying_round=qualifying_round)
    totals: list[TeamStanding] = []
    for team, players in teams.items():
        on_top = [p for p in players if p in top_board]
        team_rule = len(on_top) > 1 and qualifying_round is not None
        members: list[Member] = []
        for player in players:
            standing = standings.of(player) if player in standings else None
            if standing is None:
                members.append(Member(player, 0, played=False))
            elif team_rule and player in on_top and qualifying_round is not None:
                score = standing.score_after(qualifying_round)
                members.append(
                    Member(
                        player,
                        score,
                        qualifying_round,
                        on_top=len(on_top),
                        final=standing.score,
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


def _by_ranks(
    standings: Standings,
    teams: Mapping[str, tuple[str, ...]],
    *,
    top_board: Collection[str],
    qualifying_round: int | None,
) -> tuple[TeamStanding, ...]:
    final = {s.player: s.rank for s in standings.players}
    absent = len(standings.players) + 1
    early = (
        standings.ranked({s.player: s.score_after(qualifying_round) for s in standings.players})
        if qualifying_round is not None
        else {}
    )
    totals: list[TeamStanding] = []
    for team, players in teams.items():
        on_top = [p for p in players if p in top_board]
        team_rule = len(on_top) > 1 and qualifying_round is not None
        members: list[Member] = []
        for player in players:
            if player not in final:
                members.append(Member(player, absent, played=False, by_rank=True))
            elif team_rule and player in on_top:
                members.append(
                    Member(
                        player,
                        early[player],
                        qualifying_round,
                        on_top=len(on_top),
                        final=final[player],
                        by_rank=True,
                    )
                )
            else:
                members.append(Member(player, final[player], by_rank=True))
        total = sum((exact(m.score) for m in members), start=exact(0))
        totals.append(TeamStanding(0, team, total, tuple(members)))
    ranked: list[TeamStanding] = []
    groups = tie_groups(
        sorted(totals, key=lambda t: t.team), key=lambda t: t.score, descending=False
    )
    for group in groups:
        ranked.extend(TeamStanding(group.rank, t.team, t.score, t.members) for t in group.members)
    return tuple(ranked)


@dataclass(frozen=True, slots=True)
class TeammatesTogether:
    """A board that seats two or more ``members`` of one ``team`` (seed 002, "Team
    Tournament", forbids it off the top board)."""

    round: int
    board: str
    team: str
    members: tuple[str, ...]


def teammates_together(
    boards: Iterable[PlayedBoard], teams: Mapping[str, tuple[str, ...]]
) -> list[TeammatesTogether]:
    """Every board that seats two members of one team (the seed forbids it), the top board
    excepted: team-mates may both play it, under the team rule."""
    team_of = {p: t for t, players in teams.items() for p in players}
    found: list[TeammatesTogether] = []
    for board in boards:
        if board.top_board:
            continue
        by_team: dict[str, list[str]] = {}
        for player in board.players:
            if player in team_of:
                by_team.setdefault(team_of[player], []).append(player)
        for team, members in by_team.items():
            if len(members) > 1:
                found.append(TeammatesTogether(board.round, board.board, team, tuple(members)))
    return found
