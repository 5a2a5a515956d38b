"""Dip Pouch pages: ranking, player, event report, list of events, the formula."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from palmares.explain import explain
from palmares.ratings import Event as RatingEvent
from palmares.ratings import Placement, tournament_value
from palmares.ratings.dip_pouch import RULE, rate
from palmares.web.events.models import Event, Result
from palmares.web.lib.generations import cached_read, local_marker
from palmares.web.lib.numbers import page_fixed
from palmares.web.lib.words import site_language
from palmares.web.ratinglists.services import publication
from palmares.web.ui.bodies import chart_words, event_body, player_body
from palmares.web.ui.charts import Point, line_chart
from palmares.web.ui.pagecache import (
    cache_key,
    cached_fragment,
    cached_page,
    cached_value,
    framed,
    public_page,
)
from palmares.web.ui.queries import (
    event_page,
    list_window,
    page_generation,
    player_page,
)
from palmares.web.ui.rows import event_list_rows, history_rows, ranking_rows, report_rows

SYSTEM = "dip-pouch"


def ranking(request: HttpRequest) -> HttpResponse:
    """International ranking, or national with ``?nation=``; Permanent or ``?year=YYYY``."""
    try:
        year = int(request.GET.get("year", "0") or 0)
    except ValueError:
        raise Http404("bad year") from None
    nation = request.GET.get("nation", "")
    number = request.GET.get("page", "1")
    generation = (*page_generation(), *local_marker())

    def body() -> str:
        summary = cached_value(cache_key("summary", generation), lambda: publication().summary)
        page = list_window(summary, year, nation, number)
        controls = {
            "year": year,
            "years": sorted(summary.get("years", []), reverse=True),
            "nation": nation,
            "nations": summary.get("nations", []),
        }
        key = cache_key("ranking-controls", generation, get_language(), year, nation)
        context = {
            "controls": cached_fragment(
                key, lambda: render_to_string("ui/ranking_controls.html", controls)
            ),
            "page": page,
            "rows": ranking_rows(page.rows, nation),
            "year": year,
            "nation": nation,
        }
        return render_to_string("ui/ranking_body.html", context, request=None)

    def build(signed_in: bool) -> HttpResponse:
        key = cache_key("ranking", generation, get_language(), year, nation, number)
        html = cached_fragment(key, body) if signed_in else mark_safe(body())
        return framed(request, "ui/ranking.html", {"body": html}, signed_in)

    return public_page(request, generation, build)


def player(request: HttpRequest, player_id: int) -> HttpResponse:
    found = player_page(player_id)
    if found is None:
        raise Http404("no such player")
    heading, history = found
    version = (heading.generation, heading.data, *local_marker())

    def body() -> str:
        language = site_language()
        title, value_label = chart_words()
        after = [page_fixed(h.rating_after, 2, language) for h in history]
        chart = line_chart(
            [
                Point(date.fromisoformat(h.date), float(h.rating_after), h.event, shown)
                for h, shown in zip(history, after, strict=True)
            ],
            title=title,
            value_label=value_label,
            language=language,
        )
        rows = history_rows(history[::-1], language, after[::-1])
        return player_body(heading, player_id, chart, rows, language)

    def build(signed_in: bool) -> HttpResponse:
        key = cache_key("player", version, get_language(), player_id)
        html = cached_fragment(key, body) if signed_in else mark_safe(body())
        return framed(
            request, "ui/player.html", {"player": heading, "body": html}, signed_in, "player"
        )

    return public_page(request, version, build)


def event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event report: as the WDD's page (rank, name, nationality, score = percentile).

    One query for the heading, what the page depends on and the lines
    (``queries.event_page``); the heading keys the cached page, the lines are written in
    Python on a miss."""
    found = event_page(event_id)
    if found is None:
        raise Http404("no such event")
    heading, lines = found
    if not lines and heading.tournament_id is not None:
        # a tournament run on the site, not closed yet: not a Dip Pouch event (issue 32)
        raise Http404("no results")
    version = (heading, event_id, *local_marker())

    def body() -> str:
        value = next((r.tournament_value for r in lines if r.tournament_value is not None), None)
        return event_body(heading, value, report_rows(lines))

    def build(signed_in: bool) -> HttpResponse:
        key = cache_key("event", version, get_language())
        html = cached_fragment(key, body) if signed_in else mark_safe(body())
        return framed(
            request, "ui/event.html", {"event": heading, "body": html}, signed_in, "event"
        )

    return public_page(request, version, build)


@cached_page("events")
def events(request: HttpRequest) -> HttpResponse:
    """The Diplomacy events, latest first, 100 a page (the rows written in Python); a
    tournament run on the site with no results (never played, or not closed yet) is not a Dip
    Pouch event (issue 32, finding 6)."""
    rows = (
        Event.objects.filter(kind=Event.Kind.DIPLOMACY)
        .exclude(  # a tournament run on the site is listed once its results are filed
            Q(tournament__isnull=False) & ~Exists(Result.objects.filter(event_id=OuterRef("pk")))
        )
        .order_by("-date", "name")
        .values_list("id", "date", "name", "world_championship", "country", "players", "rounds")
    )
    pages = Paginator(rows, 100)
    # the count read once per data generation (a COUNT of every event otherwise)
    pages.count = cached_read(("events",), ("events-count",), rows.count)
    page = pages.get_page(request.GET.get("page"))
    return render(request, "ui/events.html", {"page": page, "rows": event_list_rows(page)})


@cached_page()
def formula(request: HttpRequest) -> HttpResponse:
    """The rule and the seed's worked example, computed by the engine (rating 55, 8th of 65
    players) and told by the explanation layer in the page's language."""
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
    language = get_language()
    context = {"rule": explain(RULE, language), "example": explain(step, language)}
    return render(request, "ui/formula.html", context)
