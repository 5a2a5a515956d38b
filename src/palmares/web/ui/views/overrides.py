"""A TD's page of score rulings: each ruling beside the computed figure, a form to add one (a
player's tournament score, or what one game brought them) and a button to take one back."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.web.accounts.roles import directs
from palmares.web.lib.words import told
from palmares.web.tournaments import overrides
from palmares.web.tournaments.models import Tournament
from palmares.web.ui.views.said import audit_mark, confirm, writable


def _int(value: str) -> int | None:
    value = value.strip()
    return int(value) if value.isdigit() else None


@login_required
def score_overrides(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors may rule on scores")
    problem: str | None = None
    status = 200
    if request.method == "POST":
        since = audit_mark(t)
        try:
            if request.POST.get("action") == "withdraw":
                overrides.remove_override(request.user, t, _int(request.POST.get("id", "")) or 0)
            else:
                overrides.add_override(
                    request.user,
                    t,
                    request.POST.get("player", ""),
                    request.POST.get("score", ""),
                    request.POST.get("reason", ""),
                    round_number=_int(request.POST.get("round", "")),
                    board=request.POST.get("board", "") or None,
                )
        except PalmaresError as exc:
            problem = told(exc)
            status = int(getattr(exc, "status", 400) or 400)
            messages.error(request, _("Refused, nothing changed: %(why)s") % {"why": problem})
        else:
            confirm(request, t, since)
            return redirect("score-overrides", tournament_id=t.pk)
    context: dict[str, Any] = {
        "t": t,
        "rows": overrides.override_rows(t),
        "problem": problem,
        "open": writable(t),
        "form": request.POST if problem else {},
        "rule": Message.of("page.rulings"),  # in the page's language (issue 35)
    }
    return render(request, "ui/overrides.html", context, status=status)
