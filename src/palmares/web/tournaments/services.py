"""Use cases on Diplomacy tournaments: import boards (and teams). A board's result is entered
through :mod:`.results`."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.db import transaction

from palmares.core.errors import InputError, PalmaresError
from palmares.diplomacy.board import PlayedBoard
from palmares.io import limits
from palmares.io.boards import read_boards_csv, read_teams_csv, team_problems
from palmares.io.fields import proper_name
from palmares.web.events.models import Event
from palmares.web.events.services import stored_event
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.tournaments.models import Board, Round, Seat, Team, Tournament

__all__ = ["import_boards"]


EVENT_NAME = proper_name(limits.EVENT_NAME)


def _initial(power: str) -> str:
    return power.strip()[0].upper()


def import_boards(
    path: Path | str, *, event: str, day: date, teams: Path | str | None = None
) -> Tournament:
    """Load ``boards.csv`` (and ``teams.csv``) as the tournament of ``event``; replaces it whole.

    Refused (nothing written): an event name that does not fit its column, a stored event of the
    same name and date that is not a Diplomacy event, and (by the reader) a file without boards
    (issue 13: a header-only file emptied a stored tournament).
    """
    try:
        event = EVENT_NAME(event)
    except ValueError as exc:  # the field's typed message kept: told in the reader's language
        said = exc.said if isinstance(exc, PalmaresError) else None
        raise InputError.at("--event", None, None, said or str(exc)) from None
    played = read_boards_csv(path).boards
    team_rows = read_teams_csv(teams) if teams is not None else {}
    if teams is not None:
        wrong = team_problems({s.player for b in played for s in b.seats}, team_rows, teams)
        if wrong:
            raise InputError(wrong)
    with transaction.atomic():
        ev = stored_event(event, day, Event.Kind.DIPLOMACY, str(path))
        if ev is None:
            ev = Event.objects.create(name=event, date=day, kind=Event.Kind.DIPLOMACY)
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
