"""The list of Diplomacy tournaments: name, date, rounds, players, the scoring and aggregation
systems (their registry slugs) and the champion once the engine's prize rules name one."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import Seat, Tournament
from palmares.web.tournaments.systems import system_problems
from palmares.web.ui.pagecache import cached_page


def _champion(t: Tournament, rounds: int) -> str:
    """The engine's champion (``diplomacy.prizes``), cached under the tournament's seats."""
    if rounds == 0 or system_problems(t.scoring, t.aggregation):
        return ""
    seats = Seat.objects.filter(board__round__tournament=t).aggregate(n=Count("id"), last=Max("id"))
    key = "champion:" + hashlib.sha256(repr((t.pk, seats)).encode()).hexdigest()
    found: str | None = cache.get(key)
    if found is None:
        champion = adapters.tournament_prizes(t).champion
        found = ", ".join(champion.players) if champion is not None else ""
        cache.set(key, found, 600)
    return found


@cached_page(*adapters.SCOPES)
def tournaments(request: HttpRequest) -> HttpResponse:
    rows: list[dict[str, Any]] = []
    for t in (
        Tournament.objects.select_related("event")
        .annotate(
            n_rounds=Count("rounds", distinct=True),
            n_players=Count("rounds__boards__seats__player", distinct=True),
        )
        .order_by("-event__date", "event__name")
    ):
        rows.append(
            {
                "t": t,
                "rounds": t.n_rounds,
                "players": t.n_players,
                "champion": _champion(t, t.n_rounds),
                "problems": list(system_problems(t.scoring, t.aggregation).values()),
            }
        )
    return render(request, "ui/tournaments.html", {"rows": rows})
