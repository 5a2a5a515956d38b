"""Dip Pouch pages: ranking, player, event report, list of events, the formula."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import date
from fractions import Fraction

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from palmares.ratings import INITIAL_RATING, Placement, tournament_value
from palmares.ratings import Event as RatingEvent
from palmares.ratings.dip_pouch import rate
from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.ratinglists.models import RatingEntry, Standing
from palmares.web.ratinglists.services import generation, publication
from palmares.web.ui.queries import list_window

SYSTEM = "dip-pouch"


def ranking(request: HttpRequest) -> HttpResponse:
    """International ranking, or national with ``?nation=``; Permanent or ``?year=YYYY``."""
    try:
        year = int(request.GET.get("year", "0") or 0)
    except ValueError:
        raise Http404("bad year") from None
    nation = request.GET.get("nation", "")
    number = request.GET.get("page", "1")
    pub = publication()
    key = _key("ranking", pub.generation, get_language(), year, nation, number)

    def body() -> str:
        context = {
            "page": list_window(pub, year, nation, number),
            "year": year,
            "years": sorted(pub.summary.get("years", []), reverse=True),
            "nation": nation,
            "nations": pub.summary.get("nations", []),
        }
        return render_to_string("ui/ranking_body.html", context, request=None)

    return render(request, "ui/ranking.html", {"body": _cached(key, body), "nation": nation})


def _key(*parts: object) -> str:
    return "page:" + hashlib.sha256(repr(parts).encode()).hexdigest()


def _cached(key: str, build: Callable[[], str]) -> str:
    """A rendered fragment from the cache, or built and cached (keys carry the generation)."""
    found = cache.get(key)
    html = found if isinstance(found, str) else build()
    if found is None:
        cache.set(key, html)
    return mark_safe(html)  # rendered by our own templates, escaped there


def player(request: HttpRequest, player_id: int) -> HttpResponse:
    key = _key("player", generation(), get_language(), player_id)
    person = get_object_or_404(Player, pk=player_id)

    def body() -> str:
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
        return render_to_string("ui/player_body.html", context, request=None)

    return render(request, "ui/player.html", {"player": person, "body": _cached(key, body)})


def event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event report: as the WDD's page (rank, name, nationality, score = percentile)."""
    ev = get_object_or_404(Event, pk=event_id)
    entries = (
        RatingEntry.objects.filter(system=SYSTEM, event=ev)
        .select_related("player", "result")
        .order_by("result__rank", "result__id")
    )
    value = entries[0].tournament_value if entries else None
    results = ev.results.select_related("player").order_by("rank", "id")
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
