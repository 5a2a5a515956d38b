"""A TD's undo page: the last result entry (from the audit log) and the button that undoes it."""

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
from palmares.web.audit.words import entry_message
from palmares.web.lib.words import said, told
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.undo import last_undoable, undo_last_result
from palmares.web.ui.views.said import writable


@login_required
def undo(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors may undo")
    problem: str | None = None
    status = 200
    if request.method == "POST":
        try:
            done = undo_last_result(request.user, t)
        except PalmaresError as exc:
            problem = told(exc)
            status = int(getattr(exc, "status", 400) or 400)
            messages.error(request, _("Refused, nothing changed: %(why)s") % {"why": problem})
        else:
            # What it undid, on the standings of its round: a page that does not offer the
            # next entry's undo at once (issue 32, finding 7).
            for line in done["said"]:
                messages.success(request, said(line))
            return redirect(f"/diplomacy/{t.pk}/?round={done['round']}")
    entry = last_undoable(t) if writable(t) else None
    context: dict[str, Any] = {
        "t": t,
        "entry": entry,
        "what": said(entry_message(entry)) if entry is not None else "",
        "problem": problem,
        "open": writable(t),
        "rule": Message.of("page.undo"),  # in the page's language (issue 35)
    }
    return render(request, "ui/undo.html", context, status=status)
