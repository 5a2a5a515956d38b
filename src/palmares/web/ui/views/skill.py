"""Which rating predicts best: the backtest of a community's stored history (issue 18).

``/ratings/dip-pouch/`` (every stored Diplomacy event), ``/ratings/tantrix/`` (every stored
Tantrix match, from the lists imported with the tournaments) and ``/ratings/wizard/`` (every
regular Wizard game): the core's backtest (palmares.ratings.backtest) of the community's own
rule (the Dip Pouch rating, Tantrix Elo, the Skill Ratio), the Plackett–Luce skill rating, a
multiplayer Elo and the uniform guess, as a table and a calibration chart. The result is cached
under the data's version (the Dip Pouch generation; the count and last id of the Tantrix matches
and imported lists, of the Wizard games): the backtest replays the whole history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Count, Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from palmares.ratings.backtest import Backtest, backtest
from palmares.ratings.competitions import Competition, from_games, from_results
from palmares.web.ratinglists.services import results_from_database
from palmares.web.tantrixdb import adapters as tantrix_adapters
from palmares.web.tantrixdb.models import Match, Rating
from palmares.web.ui.pagecache import cache_key, cached_page, cached_value
from palmares.web.ui.queries import current_generation
from palmares.web.wizarddb import adapters as wizard_adapters
from palmares.web.wizarddb.models import Game

SYSTEMS: dict[str, tuple[str, ...]] = {
    "dip-pouch": ("dip-pouch", "plackett-luce", "elo", "uniform"),
    "tantrix": ("tantrix-elo", "plackett-luce", "elo", "uniform"),
    "wizard": ("skill-ratio", "plackett-luce", "elo", "uniform"),
}
TITLES = {"dip-pouch": "Diplomacy (Dip Pouch)", "tantrix": "Tantrix", "wizard": "Wizard"}
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
SIZE = 240


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


def _rows(result: Backtest) -> list[dict[str, Any]]:
    rows = []
    for s in result.systems:
        tau_low, tau_high = s.all.interval("kendall_tau")
        ll_low, ll_high = s.all.interval("log_likelihood")
        rows.append(
            {
                "system": s.system,
                "competitions": s.all.competitions,
                "kendall_tau": s.all.mean("kendall_tau"),
                "tau_low": tau_low,
                "tau_high": tau_high,
                "spearman": s.all.mean("spearman"),
                "top1": s.all.mean("top1"),
                "log_likelihood": s.all.mean("log_likelihood"),
                "ll_low": ll_low,
                "ll_high": ll_high,
                "winner": s.all.mean("winner_log_likelihood"),
                "returning": s.returning.competitions,
                "returning_tau": s.returning.mean("kendall_tau"),
                "cold": s.newcomers.competitions,
            }
        )
    return rows


def _chart(result: Backtest) -> list[dict[str, Any]]:
    """Each probabilistic system's calibration as SVG points (predicted → x, observed → y)."""
    lines = []
    shown = [s for s in result.systems if s.calibration and s.system != "uniform"]
    for s, colour in zip(shown, COLOURS, strict=False):
        points = [
            (b.predicted * SIZE, SIZE - b.observed * SIZE, b)
            for b in s.calibration
            if b.predicted is not None and b.observed is not None
        ]
        lines.append(
            {
                "system": s.system,
                "colour": colour,
                "points": " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in points),
                "dots": [{"x": f"{x:.1f}", "y": f"{y:.1f}", "bin": b} for x, y, b in points],
            }
        )
    return lines


def _page(community: str, systems: Sequence[str]) -> dict[str, Any]:
    competitions = _competitions(community)
    if not competitions:
        return {"rows": [], "chart": [], "competitions": 0}
    result = backtest(competitions, systems)
    return {"rows": _rows(result), "chart": _chart(result), "competitions": len(competitions)}


@cached_page("events", "ratinglists", "wizarddb")
def which_predicts(request: HttpRequest, community: str) -> HttpResponse:
    if community not in SYSTEMS:
        raise Http404("no such community")
    key = cache_key("which-predicts", community, *_version(community))
    page = cached_value(key, lambda: _page(community, SYSTEMS[community]))
    context = {**page, "community": community, "title": TITLES[community], "size": SIZE}
    return render(request, "ui/skill.html", context)
