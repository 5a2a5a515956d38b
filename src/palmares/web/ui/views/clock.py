"""The room's screens of a tournament: the full-screen turn clock (seed 002, "Game Timing") and
the chaos game's posted schedule (seed 002, "Chaos Game"). The clock's state comes from the API
(``api/clock.py``); these pages carry only the words."""

from __future__ import annotations

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from palmares.core.message import Message
from palmares.diplomacy.chaos_schedule import next_deadline
from palmares.web.accounts.roles import directs
from palmares.web.clock import services
from palmares.web.lib.words import said, told
from palmares.web.tournaments.closing import is_closed
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.screens import current_round

__all__ = ["chaos_schedule", "clock"]


def _strings() -> dict[str, str]:
    return {
        "spring": _("Spring"),
        "fall": _("Fall"),
        "not_started": _("The clock has not started"),
        "paused": _("Clock paused"),
        # the timing rule's own sentences (seed 002, "Game Timing"): the catalogue's, the
        # page's script putting its figure where the placeholder stands
        "time_draw": said(Message.of("page.clock_time_draw")),
        "next": said(Message.of("page.clock_next_turn", minutes="%(n)s")),
        "round": _("Round %(n)s"),
        "ends": said(Message.of("page.clock_games_end", at="%(t)s")),
        "minute": _("1 minute left"),
        "minutes": _("%(n)s minutes left"),
        "seconds": _("%(n)s seconds left"),
        "time": pgettext("clock call", "Time"),
        "mute": _("Mute this screen"),
        "unmute": _("Unmute this screen"),
    }


def clock(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Big digits for a projector or a phone; no login. A director also gets the controls."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    return render(request, "ui/clock.html", clock_context(request, t))


def clock_context(request: HttpRequest, t: Tournament) -> dict[str, object]:
    """The clock page's words: the round in play named at once, and after close a stopped
    clock with no controls (issue 32, invariants 7 and 9)."""
    closed = is_closed(t)
    strings = _strings()
    if closed:
        strings["not_started"] = _("The tournament is closed: the clock is stopped.")
    return {
        "t": t,
        "can_edit": directs(request.user, t) and not closed,
        "closed": closed,
        "round": max(current_round(t), 1),
        "strings": strings,
    }


class HoursForm(forms.Form):
    hours = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5, "cols": 40}),
        required=False,
        help_text="YYYY-MM-DD HH:MM YYYY-MM-DD HH:MM",
    )


def _hours_text(t: Tournament) -> str:
    clock_row = getattr(t, "clock", None)
    pairs = clock_row.chaos_hours if clock_row is not None else []
    return "\n".join(f"{a[:16].replace('T', ' ')} {b[:16].replace('T', ' ')}" for a, b in pairs)


def _parse_hours(text: str) -> list[list[str]]:
    pairs = []
    for i, line in enumerate(text.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 4:
            raise services.ClockInputError("hours", Message.of("clock.hours_text", line=i))
        pairs.append([f"{parts[0]}T{parts[1]}", f"{parts[2]}T{parts[3]}"])
    return pairs


def chaos_schedule(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The posted schedule and the next deadline; a director sets the tournament hours."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    can_edit = directs(request.user, t)
    form = HoursForm(initial={"hours": _hours_text(t)})
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_edit:
            raise PermissionDenied
        form = HoursForm(request.POST)
        if form.is_valid():
            try:
                services.configure(
                    t, chaos_hours=_parse_hours(form.cleaned_data["hours"]), user=request.user
                )
            except services.ClockInputError as exc:
                form.add_error("hours", told(exc))
            else:
                return redirect("chaos-schedule", tournament_id=t.pk)
    deadlines = services.chaos_schedule(t)
    upcoming = next_deadline(deadlines, timezone.now())
    return render(
        request,
        "ui/chaos_schedule.html",
        {
            "t": t,
            "can_edit": can_edit,
            "form": form,
            "deadlines": deadlines,
            "upcoming": upcoming,
            "rule": Message.of("page.chaos_deadlines", minutes=20),
        },
    )
