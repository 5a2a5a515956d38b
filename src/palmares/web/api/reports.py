"""Reports from the table in the JSON API (issue 38; the paths and fields are a contract):

- ``POST /tournaments/{id}/rounds/{n}/boards/{label}/reports``: a player of the board reports
  its result with their personal code — ``{"player", "code", "centres", "eliminated", "draw",
  "final_year"}`` (the result's shapes as ``PUT …/boards/{label}``) → ``{"status", "reports"}``;
  no login: the personal code is the player's proof.
- ``GET /tournaments/{id}/rounds/{n}/reports``: every board's status and reports (directors).
- ``GET /tournaments/{id}/rounds/{n}/reports/status``: every board's status alone (the room's
  projector; no login, no report's content).
- ``POST /tournaments/{id}/rounds/{n}/boards/{label}/reports/accept``: the TD accepts the
  board's agreed result, or (``?following=player``) the one that player reported.
- ``PUT /tournaments/{id}/reports/rule`` ``{"majority", "auto"}``: when a board agrees, and
  whether an agreed board is stored at once (directors).

Refusals are ``{"detail", "field"}``: 400 for the input, 403 for a wrong code or a player not on
the board, 409 for the day's state (a call not published, a board accepted, a closed
tournament); never a 500.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema

from palmares.web.api.answers import WRITE_ERRORS
from palmares.web.api.auth import WRITE_AUTH, reader
from palmares.web.api.schemas import In
from palmares.web.lib.words import said
from palmares.web.tournaments import reports
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.results import BoardResult

__all__ = ["router"]

router = Router(tags=["reports from the table"])

#: Every refusal a report's operation may answer (web/api/answers.py: a write's).
ERRORS = WRITE_ERRORS


class ReportIn(In):
    """A player's report: who (their name in the tournament), their personal code, and the
    board's result as the TD's form takes it (powers by English name or initial)."""

    player: str = Field(max_length=200)
    code: str = Field(max_length=16)
    centres: dict[str, int]
    eliminated: dict[str, int] = Field(default_factory=dict)
    draw: list[str] | None = None
    final_year: int | None = None


class ReportOut(Schema):
    player: str
    power: str
    centres: dict[str, int]
    eliminated: dict[str, int]
    draw: list[str]
    final_year: int | None


class BoardReportsOut(Schema):
    """A board after a report: its ``status`` (waiting, reported, agreed, conflict, accepted)
    and its reports; ``said``: what was done, in the reader's language."""

    status: str
    reports: list[ReportOut]
    said: list[str]


class BoardReportOut(Schema):
    """A board of the round on the TD's board of boards."""

    label: str
    status: str
    status_text: str
    seats: dict[str, str]
    reports: list[ReportOut]
    differing: list[str]


class RuleIn(In):
    """When a board agrees: ``majority`` ``null`` (every surviving player) or 4 to 7;
    ``auto``: an agreed board is stored at once, without the TD's click."""

    majority: int | None = None
    auto: bool = False


class SaidOut(Schema):
    said: list[str]


class BoardStatusOut(Schema):
    label: str
    status: str


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)


def _reports(view: reports.BoardView) -> list[ReportOut]:
    return [
        ReportOut(
            player=r.player,
            power=r.power,
            centres=r.centres,
            eliminated=r.eliminated,
            draw=list(r.draw),
            final_year=r.final_year,
        )
        for r in view.reports
    ]


def _board(view: reports.BoardView) -> BoardReportOut:
    return BoardReportOut(
        label=view.label,
        status=str(view.status),
        status_text=said(reports.STATUS_WORDS[view.status]),
        seats=view.seats,
        reports=_reports(view),
        differing=sorted(view.differing),
    )


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/boards/{label}/reports",
    response={200: BoardReportsOut, **ERRORS},
)
def post_report(
    request: HttpRequest, tournament_id: int, n: int, label: str, payload: ReportIn
) -> Any:
    """A player of board ``label`` reports its result (or changes their report)."""
    t = _tournament(tournament_id)
    view = reports.submit_report(
        t,
        n,
        label,
        payload.player,
        payload.code,
        BoardResult(
            centres=payload.centres,
            eliminated=payload.eliminated,
            draw=payload.draw,
            final_year=payload.final_year,
        ),
    )
    return BoardReportsOut(
        status=str(view.status), reports=_reports(view), said=[said(m) for m in view.said]
    )


@router.get(
    "/tournaments/{tournament_id}/rounds/{n}/reports",
    response={200: list[BoardReportOut], **ERRORS},
)
def get_reports(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Every board of round ``n``: status, seats, reports, the powers they differ on."""
    t = _tournament(tournament_id)
    return [_board(v) for v in reports.round_view(_director(request), t, n)]


def _director(request: HttpRequest) -> Any:
    """Who reads (a script's token or the session); an anonymous reader is refused by the
    service as any other non-director."""
    return reader(request)


@router.get(
    "/tournaments/{tournament_id}/rounds/{n}/reports/status",
    response={200: list[BoardStatusOut], **ERRORS},
)
def get_statuses(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Every board's status alone, for the room's projector."""
    t = _tournament(tournament_id)
    return [BoardStatusOut(label=v.label, status=str(v.status)) for v in reports.statuses(t, n)]


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/boards/{label}/reports/accept",
    response={200: BoardReportsOut, **ERRORS},
    auth=WRITE_AUTH,
)
def post_accept(
    request: HttpRequest, tournament_id: int, n: int, label: str, following: str | None = None
) -> Any:
    """The TD accepts board ``label`` (its agreed result, or ``following``'s report)."""
    t = _tournament(tournament_id)
    view = reports.accept_board(request.user, t, n, label, following)
    return BoardReportsOut(
        status=str(view.status), reports=_reports(view), said=[said(m) for m in view.said]
    )


@router.put(
    "/tournaments/{tournament_id}/reports/rule", response={200: SaidOut, **ERRORS}, auth=WRITE_AUTH
)
def put_rule(request: HttpRequest, tournament_id: int, payload: RuleIn) -> Any:
    """The TD sets when a board agrees (every survivor, or a majority of 4 to 7)."""
    t = _tournament(tournament_id)
    done = reports.set_rule(request.user, t, payload.majority, auto=payload.auto)
    return SaidOut(said=[said(m) for m in done])
