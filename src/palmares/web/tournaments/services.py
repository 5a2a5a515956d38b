"""Use cases on Diplomacy tournaments: import boards (and teams). A board's result is entered
through :mod:`.results`."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.db import transaction

from palmares.diplomacy.board import PlayedBoard
from palmares.io.boards import read_boards_csv, read_teams_csv
from palmares.web.events.models import Event
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.tournaments.models import Board, Round, Seat, Team, Tournament

__all__ = ["import_boards"]


def _initial(power: str) -> str:
    return power.strip()[0].upper()


def import_boards(
    path: Path | str, *, event: str, day: date, teams: Path | str | None = None
) -> Tournament:
    """Load ``boards.csv`` (and ``teams.csv``) as the tournament of ``event``; replaces it whole."""
    played = read_boards_csv(path).boards
    team_rows = read_teams_csv(teams) if teams is not None else {}
    with transaction.atomic():
        ev, _ = Event.objects.get_or_create(name=event, date=day)
        Tournament.objects.filter(event=ev).delete()
        tournament = Tournament.objects.create(event=ev)
        names = {s.player for b in played for s in b.seats} | {
            p for members in team_rows.values() for p in members
        }
        players = resolve_players((n, "", "") for n in sorted(names))
        ids = {key[1]: p.pk for key, p in players.items()}
        rounds: dict[int, Round] = {}
        seats: list[Seat] = []
        for b in played:
            rnd = rounds.get(b.round)
            if rnd is None:
                rnd = rounds[b.round] = Round.objects.create(tournament=tournament, number=b.round)
            board = Board.objects.create(
                round=rnd, label=b.board, top_board=b.top_board, final_year=b.final_year
            )
            seats.extend(_seats(board, b, ids))
        Seat.objects.bulk_create(seats)
        for team_name, members in team_rows.items():
            team = Team.objects.create(tournament=tournament, name=team_name)
            team.members.set([ids[name_key(m)] for m in members])
        ev.rounds = len(rounds)
        ev.save()
    return tournament


def _seats(board: Board, b: PlayedBoard, ids: dict[str, int]) -> list[Seat]:
    return [
        Seat(
            board=board,
            power=_initial(s.power),
            player_id=ids[name_key(s.player)],
            centres=s.centres,
            eliminated=s.eliminated,
            in_draw=s.draw,
        )
        for s in b.seats
    ]
