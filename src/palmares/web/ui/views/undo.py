"""A TD's undo page: the last result entry (from the audit log) and the button that undoes it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from palmares.core.errors import PalmaresError
from palmares.web.accounts.roles import directs
from palmares.web.lib.words import told
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.undo import last_undoable, undo_last_result


@login_required
def undo(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors may undo")
    problem: str | None = None
    if request.method == "POST":
        try:
            undo_last_result(request.user, t)
        except PalmaresError as exc:
            problem = told(exc)
        else:
            return redirect("undo-result", tournament_id=t.pk)
    context: dict[str, Any] = {"t": t, "entry": last_undoable(t), "problem": problem}
    return render(request, "ui/undo.html", context, status=400 if problem else 200)
