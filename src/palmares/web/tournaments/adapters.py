"""Rows ↔ the Diplomacy engine's values: stored boards become ``PlayedBoard`` s, and the
engine's ``Standings`` come back for the pages (which only display them)."""

from __future__ import annotations

from palmares.diplomacy.aggregation.base import Standings
from palmares.diplomacy.aggregation.registry import get_aggregation
from palmares.diplomacy.board import PlayedBoard, Seat, parse_power
from palmares.diplomacy.prizes import Prizes, prizes
from palmares.diplomacy.scoring.registry import get_system
from palmares.web.tournaments.models import Board, Tournament

__all__ = ["played_boards", "standings", "teams", "tournament_prizes"]


def played_boards(tournament: Tournament, *, up_to_round: int | None = None) -> list[PlayedBoard]:
    boards = (
        Board.objects.filter(round__tournament=tournament)
        .select_related("round")
        .prefetch_related("seats__player")
        .order_by("round__number", "id")
    )
    if up_to_round is not None:
        boards = boards.filter(round__number__lte=up_to_round)
    played: list[PlayedBoard] = []
    for board in boards:
        seats = tuple(
            Seat(
                power=parse_power(seat.power),
                player=seat.player.name,
                centres=seat.centres,
                eliminated=seat.eliminated,
                draw=seat.in_draw,
            )
            for seat in board.seats.all()
        )
        if len(seats) == 7:
            played.append(
                PlayedBoard(
                    round=board.round.number,
                    board=board.label,
                    seats=seats,
                    final_year=board.final_year,
                    top_board=board.top_board,
                )
            )
    return played


def standings(tournament: Tournament, *, up_to_round: int | None = None) -> Standings:
    """The engine's standings of ``tournament`` (after ``up_to_round`` when given)."""
    boards = played_boards(tournament, up_to_round=up_to_round)
    aggregation = get_aggregation(tournament.aggregation)
    return aggregation.aggregate(boards, get_system(tournament.scoring))


def teams(tournament: Tournament) -> dict[str, tuple[str, ...]]:
    return {
        team.name: tuple(m.name for m in team.members.order_by("key"))
        for team in tournament.teams.prefetch_related("members").order_by("name")
    }


def tournament_prizes(tournament: Tournament, *, up_to_round: int | None = None) -> Prizes:
    """The engine's prize list: top board, champion, places 2–7, best countries, teams."""
    boards = played_boards(tournament, up_to_round=up_to_round)
    aggregation = get_aggregation(tournament.aggregation)
    result = aggregation.aggregate(boards, get_system(tournament.scoring))
    return prizes(result, boards, teams=teams(tournament) or None)
