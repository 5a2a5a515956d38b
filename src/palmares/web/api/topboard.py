"""The API of the top board (issue 12, step 6): its invitations, declines and seed 002's team
option. Writes: this tournament's directors (and admins), a session with CSRF or a Bearer token.

``GET  /api/tournaments/{id}/top-board`` -> ``{"after_round", "invitations": [{"player", "rank",
"score", "accepted", "reason"}], "top_board": [...]}``;
``POST …/top-board/declines {"player", "reason"?}``; ``DELETE …/top-board/declines/{player}``;
``POST …/top-board/team-option {"team", "keep"}`` — each answers the invitations after it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router

from palmares.web.api.answers import READ_ERRORS, WRITE_ERRORS, InvitationsOut
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.api.schemas import In
from palmares.web.tournaments import topboard
from palmares.web.tournaments.models import Tournament

router = Router(tags=["tournament day"])

__all__ = ["router"]

WRITES: dict[int, Any] = {200: InvitationsOut, **WRITE_ERRORS}


class DeclineIn(In):
    player: str
    reason: str = ""


class TeamOptionIn(In):
    team: str
    keep: str


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)


@router.get("/tournaments/{tournament_id}/top-board", response={200: InvitationsOut, **READ_ERRORS})
def top_board(request: HttpRequest, tournament_id: int) -> Any:
    """The invitations after the qualifying round (empty before it is played)."""
    return topboard.invitations_json(_tournament(tournament_id))


@router.post(
    "/tournaments/{tournament_id}/top-board/declines",
    response=WRITES,
    auth=WRITE_AUTH,
)
def post_decline(request: HttpRequest, tournament_id: int, payload: DeclineIn) -> Any:
    """An invited player declines; the next ranked player is invited."""
    t = _tournament(tournament_id)
    topboard.decline(request.user, t, payload.player, payload.reason)
    return topboard.invitations_json(t)


@router.delete(
    "/tournaments/{tournament_id}/top-board/declines/{player}",
    response=WRITES,
    auth=WRITE_AUTH,
)
def delete_decline(request: HttpRequest, tournament_id: int, player: str) -> Any:
    """Withdraw a recorded decline."""
    t = _tournament(tournament_id)
    topboard.withdraw_decline(request.user, t, player)
    return topboard.invitations_json(t)


@router.post(
    "/tournaments/{tournament_id}/top-board/team-option",
    response=WRITES,
    auth=WRITE_AUTH,
)
def post_team_option(request: HttpRequest, tournament_id: int, payload: TeamOptionIn) -> Any:
    """Seed 002's team option: only ``keep`` of the team's invited members stays."""
    t = _tournament(tournament_id)
    topboard.team_option(request.user, t, payload.team, payload.keep)
    return topboard.invitations_json(t)
