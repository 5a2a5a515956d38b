"""A TD's close page: the final classification the engine gives, and the button that files it
into the rating database (the same service as ``POST /api/tournaments/{id}/close``)."""

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
from palmares.web.tournaments.closing import classification, close_tournament, is_closed
from palmares.web.tournaments.models import Tournament
from palmares.web.ui.views.said import audit_mark, confirm


@login_required
def close(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors may close it")
    context: dict[str, Any] = {
        "t": t,
        "closed": is_closed(t),
        "problem": None,
        "lines": (),
        "rule": Message.of("page.closing", last_place=7),  # the rule in the page's language
    }
    status = 200
    if request.method == "POST" and not context["closed"]:
        since = audit_mark(t)
        try:
            event = close_tournament(t, request.user)
        except PalmaresError as exc:
            context["problem"] = told(exc)
            status = int(getattr(exc, "status", 400) or 400)
            messages.error(
                request, _("Refused, nothing changed: %(why)s") % {"why": context["problem"]}
            )
        else:
            confirm(request, t, since)
            return redirect("event", event_id=event.pk)
    if not context["closed"]:
        try:
            context["lines"] = classification(t)
        except PalmaresError as exc:
            context["problem"] = told(exc)
    return render(request, "ui/close.html", context, status=status)
