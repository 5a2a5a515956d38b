"""The prize list of a tournament: top board, champion, places 2–7, best countries, teams.

Seed 002, "Prizes", "Top Board" and "Team Tournament" (see :mod:`top_board`, :mod:`awards`,
:mod:`teams`). :func:`prizes` puts them together for the standings of a tournament:

- the invitations are computed when the qualifying round (5) has been played;
- the top board is the board of a later round flagged ``top_board`` in ``boards.csv``; when
  declines are given (``declines.csv``) it is checked against the invitations (``top_board.
  check_top_board``), otherwise the declines are inferred from it; once it is played the
  champion and places 2–7 follow;
- best countries and teams are computed on whatever rounds the standings cover.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from palmares.core.message import Message
from palmares.diplomacy.aggregation.base import Standings
from palmares.diplomacy.awards import BestCountry, Place, best_countries, places
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard
from palmares.diplomacy.column_boards import ColumnBoards
from palmares.diplomacy.teams import (
    Member,
    TeammatesTogether,
    TeamStanding,
    team_standings,
    teammates_together,
)
from palmares.diplomacy.top_board import (
    SEATS,
    Champion,
    Invitation,
    TopBoard,
    champion,
    check_top_board,
    inferred_declines,
    invite,
)

__all__ = [
    "PlayerPrizes",
    "Prize",
    "PrizeMove",
    "Prizes",
    "player_prizes",
    "prize_holders",
    "prize_moves",
    "prizes",
]

QUALIFYING_ROUND = 5


@dataclass(frozen=True, slots=True)
class Prizes:
    top_board: TopBoard | None
    top_board_played: PlayedBoard | None
    #: Why the seated top board cannot stand (told by the explanation layer).
    top_board_problems: tuple[Message, ...]
    champion: Champion | None
    places: tuple[Place, ...]
    best_countries: tuple[BestCountry, ...]
    teams: tuple[TeamStanding, ...]
    notes: tuple[TeammatesTogether, ...] = ()


def prizes(
    standings: Standings,
    boards: Sequence[PlayedBoard],
    *,
    teams: Mapping[str, tuple[str, ...]] | None = None,
    declines: Mapping[str, str] | None = None,  # None: inferred from the seated top board
    qualifying_round: int = QUALIFYING_ROUND,
    powers: tuple[str, ...] = GREAT_POWERS,
    seats: int = SEATS,
) -> Prizes:
    """Every prize the standings decide so far."""
    notes: list[TeammatesTogether] = []
    scored: Sequence[PlayedBoard]
    if isinstance(boards, ColumnBoards) and set(boards.rounds) <= set(standings.rounds):
        scored = boards  # every board counts: none made but those a prize looks at (issue 33)
        flagged = boards.flagged()
    else:
        scored = [b for b in boards if b.round in standings.rounds]
        flagged = [b for b in scored if b.top_board]
    played = flagged[0] if flagged else None
    if declines is None and played is not None and qualifying_round in standings.rounds:
        declines = inferred_declines(standings, qualifying_round, played)
    invited = (
        invite(
            standings,
            qualifying_round,
            declines or {},
            seats=seats,
            seated=played.players if played is not None else (),
        )
        if qualifying_round in standings.rounds
        else None
    )
    problems: list[Message] = []
    if len(flagged) > 1:
        problems.append(
            Message.of(
                "top_board.flagged_twice",
                boards=tuple(
                    Message.of("top_board.board", round=b.round, board=b.board) for b in flagged
                ),
            )
        )
    if played is not None:
        if played.round <= qualifying_round:
            problems.append(
                Message.of(
                    "top_board.too_early",
                    round=played.round,
                    board=played.board,
                    qualifying=qualifying_round,
                )
            )
        elif invited is not None:
            problems.extend(check_top_board(invited, played, standings))
    winner = champion(standings, played) if played is not None and not problems else None
    prize_places = places(standings, winner.players) if winner is not None else ()
    team_list: tuple[TeamStanding, ...] = ()
    if teams:
        team_list = team_standings(
            standings,
            teams,
            top_board=played.players if played is not None else (),
            qualifying_round=qualifying_round if played is not None else None,
        )
        notes.extend(teammates_together(scored, teams))
    return Prizes(
        top_board=invited,
        top_board_played=played,
        top_board_problems=tuple(problems),
        champion=winner,
        places=prize_places,
        best_countries=best_countries(standings, powers, scored),
        teams=team_list,
        notes=tuple(notes),
    )


@dataclass(frozen=True, slots=True)
class PlayerPrizes:
    """What the prize list says of one player (seed 002, "Prizes", "Top Board", "Team
    Tournament"): the top-board invitation (after round ``after_round``), the title, the place
    2–7, the best countries held or shared, the team memberships. ``raw_score``: the board
    score is Divide and Conquer's raw score (the seed's word)."""

    player: str
    invitation: Invitation | None
    after_round: int | None
    champion: Champion | None
    place: int | None
    best: tuple[BestCountry, ...]
    teams: tuple[tuple[TeamStanding, Member], ...]
    raw_score: bool


def player_prizes(p: Prizes, player: str, *, system: str) -> PlayerPrizes:
    """The part of ``p`` that concerns ``player`` under board-scoring ``system``."""
    invitation = None
    if p.top_board is not None:
        invitation = next((i for i in p.top_board.invitations if i.player == player), None)
    return PlayerPrizes(
        player=player,
        invitation=invitation,
        after_round=p.top_board.after_round if p.top_board is not None else None,
        champion=p.champion if p.champion is not None and player in p.champion.players else None,
        place=next((x.place for x in p.places if x.player == player), None),
        best=tuple(b for b in p.best_countries if player in (b.player, *b.shared_with)),
        teams=tuple((t, m) for t in p.teams for m in t.members if m.player == player),
        raw_score=system == "divide-and-conquer",
    )


@dataclass(frozen=True, slots=True)
class Prize:
    """A prize of seed 002's list ("Prizes", "Top Board"): ``kind`` is ``champion``,
    ``place`` (with ``place``), ``top board invitation``, ``best`` (with ``power``) or ``team
    championship``. ``str()`` is its stable name in the API (``place 2``, ``best Austria``)."""

    kind: str
    place: int | None = None
    power: str | None = None

    def __str__(self) -> str:
        if self.kind == "place":
            return f"place {self.place}"
        if self.kind == "best":
            return f"best {self.power}"
        return self.kind


@dataclass(frozen=True, slots=True)
class PrizeMove:
    """A prize whose holders changed with a correction; empty when nobody held it."""

    prize: Prize
    before: tuple[str, ...]
    after: tuple[str, ...]


def prize_holders(p: Prizes) -> dict[Prize, tuple[str, ...]]:
    """Who holds each prize: the champion, places 2–7, the top-board invitations accepted, the
    best country of each power, the team championship."""
    out: dict[Prize, tuple[str, ...]] = {}
    if p.champion is not None:
        out[Prize("champion")] = p.champion.players
    for place in p.places:
        key = Prize("place", place=place.place)
        out[key] = (*out.get(key, ()), place.player)
    if p.top_board is not None:
        out[Prize("top board invitation")] = tuple(sorted(p.top_board.players))
    for best in p.best_countries:
        key = Prize("best", power=best.power)
        out[key] = (*out.get(key, ()), best.player)
    if p.teams:
        out[Prize("team championship")] = tuple(t.team for t in p.teams if t.rank == 1)
    return out


def prize_moves(before: Prizes, after: Prizes) -> tuple[PrizeMove, ...]:
    """The prizes whose holders differ between ``before`` and ``after``, in prize-list order."""
    old, new = prize_holders(before), prize_holders(after)
    return tuple(
        PrizeMove(name, old.get(name, ()), new.get(name, ()))
        for name in dict.fromkeys([*old, *new])
        if old.get(name, ()) != new.get(name, ())
    )
