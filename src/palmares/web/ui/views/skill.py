"""Which rating predicts best: the backtest of a community's stored history (issue 18).

``/ratings/dip-pouch/`` (every stored Diplomacy event), ``/ratings/tantrix/`` (every stored
Tantrix match, from the lists imported with the tournaments) and ``/ratings/wizard/`` (every
regular Wizard game): the core's backtest (palmares.ratings.backtest) of the community's own
rule (the Dip Pouch rating, Tantrix Elo, the Skill Ratio), the Plackett–Luce skill rating, a
multiplayer Elo and the uniform guess, as a table and a calibration chart. The result is cached
under the data's version (the Dip Pouch generation; the count and last id of the Tantrix matches
and imported lists, of the Wizard games): the backtest replays the whole history. The Dip Pouch
figures are stored in the database (``ratinglists.backtests``), so no process replays them for
a page: when the lists have moved on since the stored ones, the page shows those, says the new
ones are being computed, links to the backtest job that computes them (queued here unless one is
already queued or running: ``jobs.services.queued_backtest``) and reloads itself; that page is
never cached (``pagecache.transient``), so a job that failed is queued again at the next load.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Count, Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from palmares.core.message import Message
from palmares.ratings.competitions import Competition, from_games, from_results
from palmares.web.jobs.services import queued_backtest
from palmares.web.lib.concurrency import WriteConflict
from palmares.web.ratinglists.backtests import SIZE, SYSTEMS, dip_pouch_page, figures
from palmares.web.ratinglists.services import results_from_database
from palmares.web.tantrixdb import adapters as tantrix_adapters
from palmares.web.tantrixdb.models import Match, Rating
from palmares.web.ui.pagecache import cache_key, cached_page, cached_value, transient
from palmares.web.ui.queries import current_generation
from palmares.web.wizarddb import adapters as wizard_adapters
from palmares.web.wizarddb.models import Game

TITLES = {"dip-pouch": "Diplomacy (Dip Pouch)", "tantrix": "Tantrix", "wizard": "Wizard"}


def _version(community: str) -> tuple[Any, ...]:
    if community == "dip-pouch":
        return (current_generation(),)
    if community == "tantrix":
        matches = Match.objects.aggregate(n=Count("id"), last=Max("id"))
        lists = Rating.objects.filter(event__isnull=True).aggregate(n=Count("id"), last=Max("id"))
        return (matches["n"], matches["last"], lists["n"], lists["last"])
    found = Game.objects.filter(division=Game.Division.REGULAR).aggregate(
        n=Count("id"), last=Max("id")
    )
    return (found["n"], found["last"])


def _competitions(community: str) -> tuple[Competition, ...]:
    if community == "dip-pouch":
        return from_results(results_from_database()[0])
    if community == "tantrix":
        return tantrix_adapters.competitions()
    return from_games(wizard_adapters.games())


def _page(community: str, systems: Sequence[str]) -> dict[str, Any]:
    return figures(_competitions(community), systems)


@cached_page("events", "ratinglists", "tantrixdb", "wizarddb")
def which_predicts(request: HttpRequest, community: str) -> HttpResponse:
    if community not in SYSTEMS:
        raise Http404("no such community")
    version = _version(community)
    key = cache_key("which-predicts", community, *version)
    behind: int | None = None
    job: str | None = None
    if community == "dip-pouch":  # stored, computed once per change of the lists for all
        stored = dip_pouch_page(version[0])
        page, behind = stored.figures, stored.behind
        if behind is not None:
            try:
                job = str(queued_backtest().id)
            except WriteConflict:  # the queue is busy: the next load queues it
                job = None
    else:
        page = cached_value(key, lambda: _page(community, SYSTEMS[community]))
    context = {
        **page,
        "community": community,
        "title": TITLES[community],
        "size": SIZE,
        "behind": behind,
        "job": job,
        # the method and the measures in the page's language (issue 35)
        "method": Message.of("page.skill_method", n=int(page.get("competitions") or 0)),
        "measures": Message.of("page.skill_measures"),
        "calibration": Message.of("page.skill_calibration"),
    }
    response = render(request, "ui/skill.html", context)
    # figures being computed: never kept, so that the next load shows the job as it stands
    return transient(response) if behind is not None else response
