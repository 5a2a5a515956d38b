"""``POST /api/tournaments/{id}/undo`` -> ``{"undone", "round", "board", "entry"}``: the last
result entry of the tournament is undone from the audit log (issue 12, step 9); directors only.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router

from palmares.web.api.answers import WRITE_ERRORS, UndoneOut
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.lib.words import said
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.undo import undo_last_result

router = Router(tags=["tournament day"])

__all__ = ["router"]


@router.post(
    "/tournaments/{tournament_id}/undo",
    response={200: UndoneOut, **WRITE_ERRORS},
    auth=WRITE_AUTH,
)
def undo(request: HttpRequest, tournament_id: int) -> Any:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    done = undo_last_result(request.user, t)
    return {**done, "said": [said(m) for m in done["said"]]}
