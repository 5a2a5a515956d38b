"""The API of a tournament's end: close it into the ratings (issue 12, step 7).

``POST /api/tournaments/{id}/close -> {"event_id"}``: the tournament's directors (and admins);
ratings officers, other TDs and anonymous users are refused and nothing changes.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router
from ninja.responses import Status

from palmares.core.message import Message
from palmares.explain.messages import tell
from palmares.web.accounts.roles import directs
from palmares.web.api.answers import WRITE_ERRORS, ClosedOut
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.lib.words import site_language
from palmares.web.tournaments.closing import close_tournament
from palmares.web.tournaments.models import Tournament

router = Router(tags=["diplomacy"])

__all__ = ["forbidden", "router"]


def forbidden(said: Message) -> Any:
    """A 403 saying ``said`` (``api.directors_close`` …) in the request's language."""
    return Status(403, {"detail": tell(said, site_language()), "field": None})


@router.post(
    "/tournaments/{tournament_id}/close",
    response={200: ClosedOut, **WRITE_ERRORS},
    auth=WRITE_AUTH,
)
def close(request: HttpRequest, tournament_id: int) -> Any:
    """File the final classification as the event's results; the Dip Pouch takes it in."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not directs(request.user, t):
        return forbidden(Message.of("api.directors_close"))
    event = close_tournament(t, request.user)
    return {"event_id": event.pk}
