"""The tournament day in the JSON API (issue 12): set-up, registration, keep-apart pairs, the
roll call, the board call, results and the audit log. Each endpoint calls the one service the
browser's forms call (``palmares.web.tournaments``); players are named by their name within
the tournament, powers by English name. Errors are ``{"detail", "field"}`` with a 4xx.

Writes need :data:`AUTH` (a logged-in session, CSRF-checked); the one exception is a player's
self check-in, which needs the round's code instead.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, Router, Schema
from ninja.files import UploadedFile
from ninja.responses import Status

from palmares.core.message import Message
from palmares.web.accounts.roles import directs
from palmares.web.api.auth import WRITE_AUTH, reader
from palmares.web.api.schemas import ErrorOut
from palmares.web.audit.log import entries
from palmares.web.lib.words import said, site_language
from palmares.web.tournaments import boardcall, registration, results, rollcall, setup
from palmares.web.tournaments.adapters import teams
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.results import BoardResult, enter_result

__all__ = ["AUTH", "router"]

#: How a write is authenticated: a session (CSRF) or a Bearer token (palmares.web.api.auth).
AUTH: Any = WRITE_AUTH

router = Router(tags=["tournament day"])

ERRORS: dict[int, Any] = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut}
OK: dict[int, Any] = {200: dict[str, Any], **ERRORS}


class TournamentIn(Schema):
    name: str = Field(max_length=200)
    date: dt.date
    rounds: int
    scoring: str = Field(max_length=200)
    aggregation: str = Field(max_length=200)
    team_size: int | None = None
    place: str = ""
    end_date: dt.date | None = None
    top_board: bool = False
    fewer_games: bool = True


class DirectorIn(Schema):
    username: str


class PlayerIn(Schema):
    name: str
    nationality: str = ""
    team: str | None = None


class PairIn(Schema):
    player_a: str
    player_b: str


class AttendanceIn(Schema):
    player: str
    arrives: int = 1
    withdrawn_after: int | None = None


class RollCallIn(Schema):
    present: list[str] = Field(default_factory=list)
    sit_out: list[str] = Field(default_factory=list)
    two_boards: list[str] = Field(default_factory=list)


class CheckInOpenIn(Schema):
    on: bool = True


class CheckInIn(Schema):
    code: str = Field(max_length=16)
    name: str = Field(max_length=200)


class CallIn(Schema):
    seed: int = 1


class SwapIn(Schema):
    player_a: str | None = None
    player_b: str | None = None
    label: str | None = None
    power_a: str | None = None
    power_b: str | None = None


class ResultIn(Schema):
    centres: dict[str, Any]
    eliminated: dict[str, Any] = Field(default_factory=dict)
    draw: list[str] | None = None
    final_year: Any = None
    seats: dict[str, Any] | None = None
    centres_by_year: dict[str, dict[str, Any]] | None = None
    top_board: bool | None = None


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)


#: ``POST /tournaments`` shares its path with api.py's list, so api.py registers it.
CREATE: dict[str, Any] = {"response": {201: dict[str, Any], **ERRORS}, "tags": ["tournament day"]}


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


@router.post("/tournaments/{tournament_id}/directors", response=OK, auth=AUTH)
def add_director(request: HttpRequest, tournament_id: int, payload: DirectorIn) -> Any:
    t = _tournament(tournament_id)
    setup.add_director(request.user, t, payload.username)
    return {"directors": sorted(u.get_username() for u in t.directors.all())}


def _registered(rows: list[registration.Registered]) -> list[dict[str, Any]]:
    return [{"name": r.name, "player_id": r.player_id, "new": r.new} for r in rows]


@router.post(
    "/tournaments/{tournament_id}/players",
    response={200: list[dict[str, Any]], **ERRORS},
    auth=AUTH,
)
def register(request: HttpRequest, tournament_id: int, payload: list[PlayerIn]) -> Any:
    """Register players; ``new`` says the database did not know them."""
    t = _tournament(tournament_id)
    rows = [registration.PlayerIn(p.name, p.nationality, p.team) for p in payload]
    return _registered(registration.register_players(request.user, t, rows))


@router.post(
    "/tournaments/{tournament_id}/players/file",
    response={200: list[dict[str, Any]], **ERRORS},
    auth=AUTH,
)
def register_file(request: HttpRequest, tournament_id: int, file: File[UploadedFile]) -> Any:
    """Register a whole ``players.csv`` or .xlsx (player, optional team, nationality)."""
    t = _tournament(tournament_id)
    done = registration.register_upload(request.user, t, file.name or "", file.read())
    return _registered(done)


@router.get("/tournaments/{tournament_id}/players", response=list[dict[str, Any]])
def registered(request: HttpRequest, tournament_id: int) -> Any:
    t = _tournament(tournament_id)
    team_of = {p: team for team, members in teams(t).items() for p in members}
    return [
        {
            "name": e.player.name,
            "player_id": e.player_id,
            "nationality": e.player.nationality,
            "team": team_of.get(e.player.name),
            "arrives": e.arrives,
            "withdrawn_after": e.withdrawn_after,
        }
        for e in t.entries.select_related("player")
    ]


@router.post("/tournaments/{tournament_id}/keep-apart", response=OK, auth=AUTH)
def keep_apart(request: HttpRequest, tournament_id: int, payload: list[PairIn]) -> Any:
    t = _tournament(tournament_id)
    pairs = [(p.player_a, p.player_b) for p in payload]
    return {"added": registration.add_keep_apart(request.user, t, pairs)}


@router.post("/tournaments/{tournament_id}/attendance", response=OK, auth=AUTH)
def attendance(request: HttpRequest, tournament_id: int, payload: AttendanceIn) -> Any:
    """A late arrival or a withdrawal."""
    t = _tournament(tournament_id)
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


@router.get("/tournaments/{tournament_id}/rounds/{n}/roll-call", response=OK)
def get_roll_call(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = _tournament(tournament_id)
    rollcall.check_round(t, n)
    return _roll(t, n)


@router.put("/tournaments/{tournament_id}/rounds/{n}/roll-call", response=OK, auth=AUTH)
def put_roll_call(request: HttpRequest, tournament_id: int, n: int, payload: RollCallIn) -> Any:
    """Who is present; who sits out or plays two boards. The answer has the engine's proposal
    when the seats do not fill boards of seven."""
    t = _tournament(tournament_id)
    _, done = rollcall.take_roll_call(
        request.user, t, n, payload.present, payload.sit_out, payload.two_boards
    )
    return {**_roll(t, n), "said": [said(m) for m in done]}


@router.post("/tournaments/{tournament_id}/rounds/{n}/roll-call/accept", response=OK, auth=AUTH)
def accept(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Accept the engine's proposal of sitters and two-boarders."""
    t = _tournament(tournament_id)
    _, done = rollcall.accept_proposal(request.user, t, n)
    return {**_roll(t, n), "said": [said(m) for m in done]}


@router.post("/tournaments/{tournament_id}/rounds/{n}/check-in/open", response=OK, auth=AUTH)
def open_check_in(request: HttpRequest, tournament_id: int, n: int, payload: CheckInOpenIn) -> Any:
    t = _tournament(tournament_id)
    code = rollcall.open_check_in(request.user, t, n, payload.on)
    return {"round": n, "check_in": payload.on, "code": code if payload.on else None}


@router.post("/tournaments/{tournament_id}/rounds/{n}/check-in", response=OK)
def check_in(request: HttpRequest, tournament_id: int, n: int, payload: CheckInIn) -> Any:
    """A player marks themself present with the round's code (no account needed)."""
    t = _tournament(tournament_id)
    return {"round": n, "player": rollcall.check_in(t, n, payload.code, payload.name)}


@router.post("/tournaments/{tournament_id}/rounds/{n}/board-call", response=OK, auth=AUTH)
def make_call(request: HttpRequest, tournament_id: int, n: int, payload: CallIn) -> Any:
    """The engine's board call of round ``n`` (a draft: publish it for the players)."""
    t = _tournament(tournament_id)
    return boardcall.make_call(request.user, t, n, seed=payload.seed).as_json()


@router.get("/tournaments/{tournament_id}/rounds/{n}/board-call", response=OK)
def get_call(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """The round's call: published, or a draft its directors see."""
    t = _tournament(tournament_id)
    call = boardcall.get_call(t, n)
    if call is None or not (call.published or directs(reader(request), t)):
        detail = said(Message.of("site.no_published", round=n))
        return Status(404, {"detail": detail, "field": None})
    return call.as_json()


@router.get("/tournaments/{tournament_id}/rounds/{n}/board-call.csv", response=OK)
def call_csv(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = _tournament(tournament_id)
    call = boardcall.get_call(t, n)
    if call is None or not (call.published or directs(reader(request), t)):
        detail = said(Message.of("site.no_published", round=n))
        return Status(404, {"detail": detail, "field": None})
    answer = HttpResponse(boardcall.call_csv(call), content_type="text/csv; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="boards-round-{n}.csv"'
    return answer


@router.post("/tournaments/{tournament_id}/rounds/{n}/board-call/swap", response=OK, auth=AUTH)
def swap(request: HttpRequest, tournament_id: int, n: int, payload: SwapIn) -> Any:
    """Swap two players (``player_a``, ``player_b``) or two powers of one board (``label``,
    ``power_a``, ``power_b``); the report is recomputed, a broken constraint refused."""
    t = _tournament(tournament_id)
    if payload.player_a and payload.player_b:
        call = boardcall.swap_players(
            request.user, t, n, payload.player_a, payload.player_b, board=payload.label
        )
    elif payload.label and payload.power_a and payload.power_b:
        call = boardcall.swap_powers(
            request.user, t, n, payload.label, payload.power_a, payload.power_b
        )
    else:
        return Status(
            400,
            {"detail": said(Message.of("api.swap")), "field": None},
        )
    return call.as_json()


@router.post("/tournaments/{tournament_id}/rounds/{n}/board-call/publish", response=OK, auth=AUTH)
def publish(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = _tournament(tournament_id)
    return boardcall.publish_call(request.user, t, n).as_json()


@router.post("/tournaments/{tournament_id}/rounds/{n}/board-call/lock", response=OK, auth=AUTH)
def lock(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = _tournament(tournament_id)
    return boardcall.lock_call(request.user, t, n).as_json()


@router.post("/tournaments/{tournament_id}/rounds/{n}/board-call/unpublish", response=OK, auth=AUTH)
def unpublish(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Take the call's publication back (a draft again): before any result only."""
    t = _tournament(tournament_id)
    return boardcall.unpublish_call(request.user, t, n).as_json()


class RemoveIn(Schema):
    boards: list[str] | None = None


@router.delete("/tournaments/{tournament_id}/rounds/{n}/results", response=OK, auth=AUTH)
def remove_results(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Remove every result of round ``n`` (audited), so that it can be called again or the
    tournament closed."""
    t = _tournament(tournament_id)
    done = results.remove_results(request.user, t, n)
    return {"round": n, "said": [said(m) for m in done]}


@router.delete("/tournaments/{tournament_id}/rounds/{n}/boards/{label}", response=OK, auth=AUTH)
def remove_board(request: HttpRequest, tournament_id: int, n: int, label: str) -> Any:
    """Remove board ``label``'s result of round ``n`` (audited)."""
    t = _tournament(tournament_id)
    done = results.remove_results(request.user, t, n, [label])
    return {"round": n, "label": label, "said": [said(m) for m in done]}


@router.put("/tournaments/{tournament_id}/rounds/{n}/boards/{label}", response=OK, auth=AUTH)
def put_board(
    request: HttpRequest, tournament_id: int, n: int, label: str, payload: ResultIn
) -> Any:
    """Enter or correct a board's result; the seats come from the published call unless
    ``seats`` gives them. The same data twice changes nothing."""
    t = _tournament(tournament_id)
    done = enter_result(
        request.user,
        t,
        n,
        label,
        BoardResult(
            centres=payload.centres,
            eliminated=payload.eliminated,
            draw=payload.draw,
            final_year=payload.final_year,
            seats=payload.seats,
            centres_by_year=payload.centres_by_year,
            top_board=payload.top_board,
        ),
    )
    return {
        "round": n,
        "label": done.board.label,
        "changed": done.changed,
        "correction": done.correction,
        "moved": [{"player": m.player, "before": m.before, "after": m.after} for m in done.moved],
        "prizes_moved": [
            {"prize": str(m.prize), "before": list(m.before), "after": list(m.after)}
            for m in done.prizes_moved
        ],
        "said": [said(m) for m in done.said],
    }


@router.get(
    "/tournaments/{tournament_id}/audit",
    response={200: list[dict[str, Any]], **ERRORS},
    auth=AUTH,
)
def audit(request: HttpRequest, tournament_id: int) -> Any:
    """The tournament's audit log (its directors and admins)."""
    t = _tournament(tournament_id)
    if not directs(request.user, t):
        status = 403 if request.user.is_authenticated else 401
        return Status(status, {"detail": said(Message.of("api.directors")), "field": None})
    return entries(t, site_language())
