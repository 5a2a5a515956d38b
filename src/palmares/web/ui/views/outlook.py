"""A player's outlook before the final round (issue 38): ``?player=NAME`` shows that player's
verdicts with every explanation; without it, everyone's table. Recomputed from the stored
boards, so it moves as the final round's boards report."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from palmares.web.lib.words import site_language
from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.outlook import outlook_page
from palmares.web.ui.pagecache import cached_page

__all__ = ["outlook"]


@cached_page(*adapters.SCOPES)
def outlook(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One player's (or every player's) outlook of the final round."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    player = request.GET.get("player") or None
    page = outlook_page(t, site_language(), player)
    context = {
        "t": t,
        "player": player,
        "outlook": page,
        "outlook_places": range(2, 8),
        "outlook_detail": True,
    }
    return render(request, "ui/outlook_page.html", context)
