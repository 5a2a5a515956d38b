"""Tantrix and Wizard pages: the stored lists, matches and games.

The Tantrix Elo and Wizard league engines had not landed when these pages were written: the
pages show the stored data (rating lists, a tournament's matches, a month's games and scores) and
no figure of their own.
"""

from __future__ import annotations

from datetime import date

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.tantrixdb.models import Match, Rating
from palmares.web.wizarddb.models import Game, Month


def tantrix(request: HttpRequest) -> HttpResponse:
    lists = list(Rating.objects.values_list("as_of", flat=True).distinct().order_by("-as_of"))
    as_of = lists[0] if lists else None
    rows = Rating.objects.filter(as_of__in=lists[:1]).select_related("player").order_by("-rating")
    events = Event.objects.filter(kind=Event.Kind.TANTRIX).order_by("-date")
    return render(request, "ui/tantrix.html", {"as_of": as_of, "ratings": rows, "events": events})


def tantrix_event(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = get_object_or_404(Event, pk=event_id, kind=Event.Kind.TANTRIX)
    matches = Match.objects.filter(event=ev).select_related("player_a", "player_b", "own_rating")
    return render(request, "ui/tantrix_event.html", {"event": ev, "matches": matches})


def tantrix_player(request: HttpRequest, player_id: int) -> HttpResponse:
    person = get_object_or_404(Player, pk=player_id)
    ratings = Rating.objects.filter(player=person).order_by("-as_of")
    matches = (
        Match.objects.filter(player_a=person).select_related("event", "player_a", "player_b")
        | Match.objects.filter(player_b=person).select_related("event", "player_a", "player_b")
    ).order_by("-event__date", "id")
    return render(
        request,
        "ui/tantrix_player.html",
        {"player": person, "ratings": ratings, "matches": matches},
    )


def wizard(request: HttpRequest) -> HttpResponse:
    return render(request, "ui/wizard.html", {"months": Month.objects.order_by("-month")})


def wizard_month(request: HttpRequest, year: int, month: int) -> HttpResponse:
    try:
        first = date(year, month, 1)
    except ValueError:
        raise Http404("no such month") from None
    get_object_or_404(Month, month=first)
    following = date(year + month // 12, month % 12 + 1, 1)
    games = (
        Game.objects.filter(date__gte=first, date__lt=following)
        .prefetch_related("placements__player")
        .order_by("date", "code")
    )
    return render(request, "ui/wizard_month.html", {"month": first, "games": games})
