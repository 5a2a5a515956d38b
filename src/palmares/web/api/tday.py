"""The tournament day in the JSON API (issue 12): set-up, registration, keep-apart pairs, the
roll call and the players' check-in; the board call, results and the audit log are
``tday_boards.py``'s. Each endpoint calls the one service the browser's forms call
(``palmares.web.tournaments``); players are named by their name within the tournament, powers
by English name. Errors are ``{"detail", "field"}`` with a 4xx.

Writes need :data:`AUTH` (a logged-in session, CSRF-checked); the one exception is a player's
self check-in, which needs the round's code instead.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, File, Router
from ninja.files import UploadedFile
from ninja.responses import Status

from palmares.web.accounts.roles import directs
from palmares.web.api.answers import (
    READ_ERRORS,
    UPLOAD_ERRORS,
    WRITE_ERRORS,
    AttendanceOut,
    CheckInOut,
    CheckInStateOut,
    CreatedOut,
    DirectorEntryOut,
    DirectorsOut,
    EntryOut,
    KeptApartOut,
    RegisteredOut,
    RollCallOut,
    RollCallSaidOut,
)
from palmares.web.api.auth import WRITE_AUTH, reader
from palmares.web.api.schemas import In
from palmares.web.lib.words import said
from palmares.web.tournaments import registration, rollcall, setup
from palmares.web.tournaments.adapters import teams
from palmares.web.tournaments.models import Tournament

__all__ = ["AUTH", "CREATE", "create", "reads", "router", "tournament_of", "writes"]

#: How a write is authenticated: a session (CSRF) or a Bearer token (palmares.web.api.auth).
AUTH: Any = WRITE_AUTH

router = Router(tags=["tournament day"])


def writes(answer: object, status: int = 200) -> dict[int, Any]:
    """A write's declared answers: ``answer`` and every refusal (:data:`WRITE_ERRORS`)."""
    return {status: answer, **WRITE_ERRORS}


def reads(answer: object) -> dict[int, Any]:
    """A read's declared answers: ``answer`` and every refusal (:data:`READ_ERRORS`)."""
    return {200: answer, **READ_ERRORS}


class TournamentIn(In):
    """A new tournament; ``scoring`` and ``aggregation`` are registry specs (``slug`` or
    ``slug:name=value,…``, the slug in any case); ``team_size`` 0 or null: no teams."""

    name: str = Field(max_length=200, examples=["Fuzz Cup"])
    date: dt.date
    rounds: int = Field(examples=[3])
    scoring: str = Field(max_length=200, examples=["divide-and-conquer", "carnage:dead=tied"])
    aggregation: str = Field(max_length=200, examples=["ante", "sum"])
    team_size: int | None = None
    place: str = ""
    end_date: dt.date | None = None
    top_board: bool = False
    fewer_games: bool = True


class DirectorIn(In):
    username: str


class PlayerIn(In):
    name: str
    nationality: str = ""
    team: str | None = None


class PairIn(In):
    player_a: str
    player_b: str


class AttendanceIn(In):
    player: str
    arrives: int = 1
    withdrawn_after: int | None = None


class RollCallIn(In):
    present: list[str] = Field(default_factory=list)
    sit_out: list[str] = Field(default_factory=list)
    two_boards: list[str] = Field(default_factory=list)


class CheckInOpenIn(In):
    on: bool = True


class CheckInIn(In):
    code: str = Field(max_length=16)
    name: str = Field(max_length=200)


def tournament_of(tournament_id: int) -> Tournament:
    """The tournament ``tournament_id`` with its event (404 if there is none)."""
    return get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)


#: ``POST /tournaments`` shares its path with the list of tournaments, so ``tournaments.py``
#: registers it (one router per path: a second would answer 405).
CREATE: dict[str, Any] = {"response": writes(CreatedOut, 201), "tags": ["tournament day"]}


def create(request: HttpRequest, payload: TournamentIn) -> Any:
    """Create a tournament; its creator becomes its director. ``said``: what the set-up said
    (the fewer-games adjustment stored as off where it cannot apply)."""
    done = setup.set_up(
        request.user,
        setup.SetUp(
            name=payload.name,
            date=payload.date,
            rounds=payload.rounds,
            scoring=payload.scoring,
            aggregation=payload.aggregation,
            team_size=payload.team_size,
            place=payload.place,
            end_date=payload.end_date,
            top_board=payload.top_board,
            fewer_games=payload.fewer_games,
        ),
    )
    return Status(201, {"id": done.tournament.pk, "said": [said(m) for m in done.said]})


@router.post("/tournaments/{tournament_id}/directors", response=writes(DirectorsOut), auth=AUTH)
def add_director(request: HttpRequest, tournament_id: int, payload: DirectorIn) -> Any:
    t = tournament_of(tournament_id)
    setup.add_director(request.user, t, payload.username)
    return {"directors": sorted(u.get_username() for u in t.directors.all())}


def _registered(rows: list[registration.Registered]) -> list[RegisteredOut]:
    return [RegisteredOut(name=r.name, player_id=r.player_id, new=r.new) for r in rows]


@router.post(
    "/tournaments/{tournament_id}/players",
    response=writes(list[RegisteredOut]),
    auth=AUTH,
)
def register(request: HttpRequest, tournament_id: int, payload: list[PlayerIn]) -> Any:
    """Register players; ``new`` says the database did not know them."""
    t = tournament_of(tournament_id)
    rows = [registration.PlayerIn(p.name, p.nationality, p.team) for p in payload]
    return _registered(registration.register_players(request.user, t, rows))


@router.post(
    "/tournaments/{tournament_id}/players/file",
    response={200: list[RegisteredOut], **UPLOAD_ERRORS},
    auth=AUTH,
)
def register_file(request: HttpRequest, tournament_id: int, file: File[UploadedFile]) -> Any:
    """Register a whole ``players.csv`` or .xlsx (player, optional team, nationality)."""
    t = tournament_of(tournament_id)
    done = registration.register_upload(request.user, t, file.name or "", file.read())
    return _registered(done)


@router.get(
    "/tournaments/{tournament_id}/players", response=reads(list[DirectorEntryOut | EntryOut])
)
def registered(request: HttpRequest, tournament_id: int) -> Any:
    """The registered players; a director also reads each one's personal ``code`` (issue 38),
    nobody else does."""
    t = tournament_of(tournament_id)
    team_of = {p: team for team, members in teams(t).items() for p in members}
    director = directs(reader(request), t)
    return [
        {
            "name": e.player.name,
            "player_id": e.player_id,
            "nationality": e.player.nationality,
            "team": team_of.get(e.player.name),
            "arrives": e.arrives,
            "withdrawn_after": e.withdrawn_after,
            **({"code": e.code} if director else {}),
        }
        for e in t.entries.select_related("player")
    ]


@router.post("/tournaments/{tournament_id}/keep-apart", response=writes(KeptApartOut), auth=AUTH)
def keep_apart(request: HttpRequest, tournament_id: int, payload: list[PairIn]) -> Any:
    t = tournament_of(tournament_id)
    pairs = [(p.player_a, p.player_b) for p in payload]
    return {"added": registration.add_keep_apart(request.user, t, pairs)}


@router.post("/tournaments/{tournament_id}/attendance", response=writes(AttendanceOut), auth=AUTH)
def attendance(request: HttpRequest, tournament_id: int, payload: AttendanceIn) -> Any:
    """A late arrival or a withdrawal."""
    t = tournament_of(tournament_id)
    done = registration.set_attendance(
        request.user,
        t,
        payload.player,
        arrives=payload.arrives,
        withdrawn_after=payload.withdrawn_after,
    )
    return {
        "player": payload.player,
        "arrives": payload.arrives,
        "said": [said(m) for m in done],
    }


def _roll(t: Tournament, n: int) -> dict[str, Any]:
    found = rollcall.roll_call(t, n)
    offer = rollcall.proposal(t, n)
    return {
        **found.as_json(),
        "taken": found.taken,
        "checked_in": list(found.checked_in),
        "proposal": {
            "sit_out": list(offer.sit_out),
            "two_boards": list(offer.two_boards),
            "notes": [said(n) for n in offer.notes],
            "error": said(offer.error) if offer.error else None,
        },
    }


@router.get("/tournaments/{tournament_id}/rounds/{n}/roll-call", response=reads(RollCallOut))
def get_roll_call(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = tournament_of(tournament_id)
    rollcall.check_round(t, n)
    return _roll(t, n)


@router.put(
    "/tournaments/{tournament_id}/rounds/{n}/roll-call",
    response=writes(RollCallSaidOut),
    auth=AUTH,
)
def put_roll_call(request: HttpRequest, tournament_id: int, n: int, payload: RollCallIn) -> Any:
    """Who is present; who sits out or plays two boards. The answer has the engine's proposal
    when the seats do not fill boards of seven."""
    t = tournament_of(tournament_id)
    _, done = rollcall.take_roll_call(
        request.user, t, n, payload.present, payload.sit_out, payload.two_boards
    )
    return {**_roll(t, n), "said": [said(m) for m in done]}


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/roll-call/accept",
    response=writes(RollCallSaidOut),
    auth=AUTH,
)
def accept(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Accept the engine's proposal of sitters and two-boarders."""
    t = tournament_of(tournament_id)
    _, done = rollcall.accept_proposal(request.user, t, n)
    return {**_roll(t, n), "said": [said(m) for m in done]}


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/check-in/open",
    response=writes(CheckInStateOut),
    auth=AUTH,
)
def open_check_in(request: HttpRequest, tournament_id: int, n: int, payload: CheckInOpenIn) -> Any:
    t = tournament_of(tournament_id)
    code = rollcall.open_check_in(request.user, t, n, payload.on)
    return {"round": n, "check_in": payload.on, "code": code if payload.on else None}


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/check-in", response={200: CheckInOut, **WRITE_ERRORS}
)
def check_in(request: HttpRequest, tournament_id: int, n: int, payload: CheckInIn) -> Any:
    """A player marks themself present with the round's code (no account needed)."""
    t = tournament_of(tournament_id)
    return {"round": n, "player": rollcall.check_in(t, n, payload.code, payload.name)}
