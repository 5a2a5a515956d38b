"""Home and search."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from palmares.web.events.models import Event
from palmares.web.lib.limits import MAX_QUERY_CHARS, refuse
from palmares.web.lib.names import name_key
from palmares.web.ratinglists.models import Standing
from palmares.web.tantrixdb.adapters import current_list
from palmares.web.ui.pagecache import cached_page, framed
from palmares.web.ui.queries import search_events, search_players
from palmares.web.ui.rows import found_event_items, found_player_items
from palmares.web.wizarddb.models import Month

SEARCH_LIMIT = 50


@cached_page("events", "ratinglists", "players", "tantrixdb", "wizarddb")
def home(request: HttpRequest) -> HttpResponse:
    context = {
        "events": Event.objects.order_by("-date", "name")[:8],
        "top": Standing.objects.filter(system="dip-pouch", year=0)
        .select_related("player")
        .order_by("position")[:10],  # list order (rank, then name): an index range
        "tantrix_top": current_list().select_related("player").order_by("-rating")[:5],
        "months": Month.objects.order_by("-month")[:3],
    }
    return render(request, "ui/home.html", context)


def search(request: HttpRequest) -> HttpResponse:
    """Players and events whose accent- and case-free name contains the query (at most
    ``MAX_QUERY_CHARS`` characters; a NUL is refused by ``lib.limits`` before this view).
    Not cached: a query is rarely asked twice, and its pages would push the others out of the
    cache; it costs two index probes (``queries.search_players``)."""
    query = request.GET.get("q", "").strip()
    if len(query) > MAX_QUERY_CHARS:
        detail = _("Search for at most %(n)d characters.") % {"n": MAX_QUERY_CHARS}
        return refuse(request, 400, detail, "q")
    key = name_key(query)
    players = search_players(key, SEARCH_LIMIT) if key else []
    events = search_events(key, SEARCH_LIMIT) if key else []
    context = {
        "q": query,
        "players": players,
        "events": events,
        "player_items": found_player_items(players),
        "event_items": found_event_items(events),
    }
    signed_in = request.user.is_authenticated
    return framed(request, "ui/search.html", context, signed_in, escaped=("q",))
