"""The API of the TD's score rulings (issue 12, step 8).

``GET  /api/tournaments/{id}/overrides`` -> ``[{"id", "player", "round", "board", "score",
"computed", "reason"}]``; ``POST …/overrides {"player", "score", "reason", "round"?, "board"?}``;
``DELETE …/overrides/{override_id}``. Writes: this tournament's directors (and admins).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router
from ninja.responses import Status

from palmares.web.api.answers import (
    READ_ERRORS,
    WRITE_ERRORS,
    OverrideDeletedOut,
    OverrideOut,
)
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.api.links import linked, operation_id
from palmares.web.api.schemas import In
from palmares.web.tournaments import overrides
from palmares.web.tournaments.models import Tournament

router = Router(tags=["tournament day"])

__all__ = ["router"]


class OverrideIn(In):
    player: str
    score: str | int | float
    reason: str
    round: int | None = None
    board: str | None = None


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)


@router.get(
    "/tournaments/{tournament_id}/overrides", response={200: list[OverrideOut], **READ_ERRORS}
)
def list_overrides(request: HttpRequest, tournament_id: int) -> Any:
    return overrides.override_rows(_tournament(tournament_id))


@router.post(
    "/tournaments/{tournament_id}/overrides",
    response={201: OverrideOut, **WRITE_ERRORS},
    auth=WRITE_AUTH,
    openapi_extra=linked(
        201,
        withdraw=(
            operation_id("delete_override", __name__),
            {"tournament_id": "$request.path.tournament_id", "override_id": "$response.body#/id"},
        ),
    ),
)
def post_override(request: HttpRequest, tournament_id: int, payload: OverrideIn) -> Any:
    """Rule on a score with a reason; the computed figure is kept beside it."""
    t = _tournament(tournament_id)
    row = overrides.add_override(
        request.user,
        t,
        payload.player,
        payload.score,
        payload.reason,
        round_number=payload.round,
        board=payload.board,
    )
    return Status(201, row)


@router.delete(
    "/tournaments/{tournament_id}/overrides/{override_id}",
    response={200: OverrideDeletedOut, **WRITE_ERRORS},
    auth=WRITE_AUTH,
)
def delete_override(request: HttpRequest, tournament_id: int, override_id: int) -> Any:
    overrides.remove_override(request.user, _tournament(tournament_id), override_id)
    return {"deleted": override_id}
