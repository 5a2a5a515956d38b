"""Dip Pouch pages: ranking, player, event report, list of events, the formula."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from palmares.ratings import INITIAL_RATING, Placement, tournament_value
from palmares.ratings import Event as RatingEvent
from palmares.ratings.dip_pouch import rate
from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.ratinglists.models import RatingEntry, Standing
from palmares.web.ui.queries import nations, page_of, years

SYSTEM = "dip-pouch"


def ranking(request: HttpRequest) -> HttpResponse:
    """International ranking, or national with ``?nation=``; Permanent or ``?year=YYYY``."""
    try:
        year = int(request.GET.get("year", "0") or 0)
    except ValueError:
        raise Http404("bad year") from None
    nation = request.GET.get("nation", "")
    rows = Standing.objects.filter(system=SYSTEM, year=year).select_related("player")
    if nation:
        rows = rows.filter(nationality=nation).order_by("national_rank", "player_id")
    else:
        rows = rows.order_by("rank", "player_id")
    context = {
        "page": page_of(rows, request.GET.get("page")),
        "year": year,
        "years": years(),
        "nation": nation,
        "nations": nations(),
    }
    return render(request, "ui/ranking.html", context)


def player(request: HttpRequest, player_id: int) -> HttpResponse:
    person = get_object_or_404(Player, pk=player_id)
    history = list(
        RatingEntry.objects.filter(system=SYSTEM, player=person)
        .select_related("event", "result")
        .order_by("date", "event_id")
    )
    current = Standing.objects.filter(system=SYSTEM, year=0, player=person).first()
    chart = {
        "data": [
            {
                "x": [e.date.isoformat() for e in history],
                "y": [float(e.rating_after) for e in history],
                "text": [e.event.name for e in history],
                "type": "scatter",
                "mode": "lines+markers",
                "name": "Dip Pouch",
            }
        ],
        "layout": {
            "margin": {"l": 40, "r": 10, "t": 10, "b": 40},
            "yaxis": {"title": {"text": "rating"}},
            "height": 280,
        },
    }
    context = {
        "player": person,
        "current": current,
        "history": list(reversed(history)),
        "chart": json.dumps(chart),
        "has_chart": bool(history),
    }
    return render(request, "ui/player.html", context)


def event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event report: as the WDD's page (rank, name, nationality, score = percentile)."""
    ev = get_object_or_404(Event, pk=event_id)
    entries = (
        RatingEntry.objects.filter(system=SYSTEM, event=ev)
        .select_related("player", "result")
        .order_by("result__rank", "player__key")
    )
    value = entries[0].tournament_value if entries else None
    results = ev.results.select_related("player").order_by("rank", "player__key")
    tournament = getattr(ev, "tournament", None)
    return render(
        request,
        "ui/event.html",
        {
            "event": ev,
            "entries": entries,
            "results": results,
            "value": value,
            "tournament": tournament,
        },
    )


def events(request: HttpRequest) -> HttpResponse:
    rows = Event.objects.filter(kind=Event.Kind.DIPLOMACY).order_by("-date", "name")
    return render(
        request,
        "ui/events.html",
        {"page": Paginator(rows, 100).get_page(request.GET.get("page"))},
    )


def formula(request: HttpRequest) -> HttpResponse:
    """The seed's worked example, computed by the engine: rating 55, 8th of 65 players."""
    example = RatingEvent(
        key="example",
        name="A 65-player event",
        date=date(2004, 1, 1),
        placements=(Placement("player", 8),),
        rounds=3,
        players=65,
    )
    step = rate(
        player="player",
        event=example,
        value=tournament_value(65, rounds=3, day=example.date),
        place=8,
        before=Fraction(55),
    )
    return render(request, "ui/formula.html", {"step": step, "initial": INITIAL_RATING})
