"""The room's clock: every screen reads it (``GET``), the tournament's directors run it (``POST``).

``GET /api/tournaments/{id}/clock`` -> ``{"running","paused","round","year","season",
"remaining_s","turn_minutes","server_time","ends_at", ...}``; screens compute the time left from
``remaining_s`` at ``server_time`` and their offset to the server's clock, so every screen shows
the same time whenever it joined. ``POST`` takes ``{"action": "start"|"pause"|"resume"|"next"|
"set", "year"?, "season"?, "round"?, "remaining_s"?}``; ``PUT .../clock/settings`` changes the
turn lengths, the audible calls, the final round's end and the chaos game's hours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router
from ninja.responses import Status

from palmares.core.message import Message
from palmares.web.accounts.roles import directs
from palmares.web.api.answers import READ_ERRORS, WRITE_ERRORS, ClockOut
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.api.schemas import Choice, In
from palmares.web.clock import services
from palmares.web.lib.words import said, told
from palmares.web.tournaments.models import Tournament

__all__ = ["router"]

router = Router()


if TYPE_CHECKING:
    Action: TypeAlias = str
    Season: TypeAlias = str
else:
    Action = Choice(*services.ACTIONS)
    Season = Choice(*services.SEASONS.values())


class ClockIn(In):
    """A director's action; ``action`` and ``season`` in any case (the clock's service reads
    them so and answers them canonical)."""

    action: Action
    year: int | None = None
    season: Season | None = None
    round: int | None = None
    remaining_s: float | None = None


class ClockSettingsIn(In):
    timing: list[list[int]] | None = None
    calls: list[int] | None = None
    ends_at: str | None = None
    chaos_hours: list[list[str]] | None = None


_WRITES: dict[int, Any] = {200: ClockOut, **WRITE_ERRORS}


@router.get(
    "/tournaments/{tournament_id}/clock",
    response={200: ClockOut, **READ_ERRORS},
    tags=["clock"],
    url_name="clock",
)
def clock(request: HttpRequest, tournament_id: int) -> Any:
    t = get_object_or_404(Tournament, pk=tournament_id)
    return services.view(t).as_json()


def _refused(request: HttpRequest, t: Tournament) -> Status[dict[str, Any]] | None:
    if directs(request.user, t):
        return None
    detail = said(Message.of("clock.directors"))  # in the request's language (issue 35)
    return Status(403, {"detail": detail, "field": None})


@router.post(
    "/tournaments/{tournament_id}/clock",
    response=_WRITES,
    auth=WRITE_AUTH,
    tags=["clock"],
    url_name="clock_action",
)
def clock_action(request: HttpRequest, tournament_id: int, payload: ClockIn) -> Any:
    t = get_object_or_404(Tournament, pk=tournament_id)
    refused = _refused(request, t)
    if refused is not None:
        return refused
    try:
        done = services.act(
            t,
            payload.action,
            year=payload.year,
            season=payload.season,
            round=payload.round,
            remaining_s=payload.remaining_s,
            user=request.user,
        )
    except services.ClockInputError as exc:
        return Status(422, {"detail": told(exc), "field": exc.field})
    return done.as_json()


@router.put(
    "/tournaments/{tournament_id}/clock/settings",
    response=_WRITES,
    auth=WRITE_AUTH,
    tags=["clock"],
    url_name="clock_settings",
)
def clock_settings(request: HttpRequest, tournament_id: int, payload: ClockSettingsIn) -> Any:
    t = get_object_or_404(Tournament, pk=tournament_id)
    refused = _refused(request, t)
    if refused is not None:
        return refused
    try:
        done = services.configure(
            t,
            timing=payload.timing,
            calls=payload.calls,
            ends_at=payload.ends_at,
            chaos_hours=payload.chaos_hours,
            user=request.user,
        )
    except services.ClockInputError as exc:
        return Status(422, {"detail": told(exc), "field": exc.field})
    return done.as_json()
