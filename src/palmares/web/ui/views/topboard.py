"""A TD's top-board page: the invitations after the qualifying round, a decline per invited
player (the next ranked is invited), a decline taken back, and seed 002's team option. The same
services as ``/api/tournaments/{id}/top-board/…`` (:mod:`palmares.web.tournaments.topboard`)."""

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
from palmares.web.tournaments import adapters, topboard
from palmares.web.tournaments.models import Tournament
from palmares.web.ui.views.said import audit_mark, confirm, writable


@login_required
def top_board(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors may record declines")
    problem: str | None = None
    status = 200
    if request.method == "POST":
        since = audit_mark(t)
        action = request.POST.get("action", "decline")
        try:
            if action == "withdraw":
                topboard.withdraw_decline(request.user, t, request.POST.get("player", ""))
            elif action == "team":
                topboard.team_option(
                    request.user, t, request.POST.get("team", ""), request.POST.get("keep", "")
                )
            else:
                topboard.decline(
                    request.user,
                    t,
                    request.POST.get("player", ""),
                    request.POST.get("reason", ""),
                )
        except PalmaresError as exc:
            problem = told(exc)
            status = int(getattr(exc, "status", 400) or 400)
            messages.error(request, _("Refused, nothing changed: %(why)s") % {"why": problem})
        else:
            confirm(request, t, since)
            return redirect("top-board", tournament_id=t.pk)
    top = topboard.invitations(t)
    invited = set(top.players) if top is not None else set()
    teams = [
        (name, [m for m in members if m in invited]) for name, members in adapters.teams(t).items()
    ]
    context: dict[str, Any] = {
        "t": t,
        "top": top,
        "after_round": adapters.qualifying_round(t),
        "problem": problem,
        "open": writable(t),
        "teams": [
            (name, members, Message.of("page.top_board_team", team=name, n=len(members)))
            for name, members in teams
            if len(members) > 1
        ],
        # the rule in the page's language (issue 35: a template keeps only its layout)
        "rule": Message.of("page.top_board_rule", round=adapters.qualifying_round(t)),
        "not_yet": Message.of("page.top_board_not_yet", round=adapters.qualifying_round(t)),
    }
    return render(request, "ui/top_board.html", context, status=status)
