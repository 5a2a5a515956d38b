"""The figures of "which rating predicts best" (issue 18) for the Dip Pouch history, stored.

The page ``/ratings/<community>/`` shows the core's backtest (``palmares.ratings.backtest``) of
a community's whole history: its own rule, the Plackett–Luce skill rating, a multiplayer Elo and
the uniform guess, as a table and a calibration chart. For the Dip Pouch (every stored Diplomacy
event) the backtest replays as much as the recompute does, so it is never run per request nor
once per process (issue 21: "a page that shows computed figures never recomputes them per
request: they are computed when the data changes, after the commit, and read"):
:class:`~palmares.web.ratinglists.models.Backtest` keeps them under the lists' generation.
They are computed once per change of the lists, for every process, but never in a web request
once some are stored: at a national federation's size (1M results) the backtest takes minutes,
which a TD filing one event must not wait for, nor any visitor. The page (:func:`dip_pouch_page`)
shows the stored figures of the current generation; while the lists have moved on since the
newest stored figures, it shows those with their generation, and the page's view has a worker
compute the new ones: it queues the backtest job (``web.jobs``, the one ``POST /api/backtest``
queues; one at a time, a job already queued or running is reused) and links to it. With nothing
stored at all (a new site), the first page computes them (a new site's history is small).
The Tantrix and Wizard histories are small: their pages compute
their figures once per process and change of data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from palmares.ratings.backtest import Backtest, backtest
from palmares.ratings.competitions import Competition, from_results
from palmares.web.lib.concurrency import hold
from palmares.web.ratinglists.models import Backtest as StoredBacktest
from palmares.web.ratinglists.models import Publication

__all__ = [
    "SIZE",
    "SYSTEMS",
    "DipPouchPage",
    "dip_pouch_figures",
    "dip_pouch_page",
    "figures",
    "store_dip_pouch",
]

SYSTEMS: dict[str, tuple[str, ...]] = {
    "dip-pouch": ("dip-pouch", "plackett-luce", "elo", "uniform"),
    "tantrix": ("tantrix-elo", "plackett-luce", "elo", "uniform"),
    "wizard": ("skill-ratio", "plackett-luce", "elo", "uniform"),
}
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
#: the side of the calibration chart's square, in SVG units
SIZE = 240
DIP_POUCH = "dip-pouch"


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
                "dots": [
                    {
                        "x": f"{x:.1f}",
                        "y": f"{y:.1f}",
                        "bin": {"predicted": b.predicted, "observed": b.observed, "count": b.count},
                    }
                    for x, y, b in points
                ],
            }
        )
    return lines


def figures(competitions: tuple[Competition, ...], systems: Sequence[str]) -> dict[str, Any]:
    """The page's table, chart and count for ``competitions`` (plain values: stored as JSON)."""
    if not competitions:
        return {"rows": [], "chart": [], "competitions": 0}
    result = backtest(competitions, systems)
    return {"rows": _rows(result), "chart": _chart(result), "competitions": len(competitions)}


def _compute_dip_pouch() -> dict[str, Any]:
    from palmares.web.ratinglists.services import results_from_database

    return figures(from_results(results_from_database()[0]), SYSTEMS[DIP_POUCH])


def _stored(version: int) -> dict[str, Any] | None:
    found = StoredBacktest.objects.filter(community=DIP_POUCH, version=version)
    value: dict[str, Any] | None = found.values_list("figures", flat=True).first()
    return value


def _store(version: int, value: dict[str, Any]) -> None:
    StoredBacktest.objects.filter(community=DIP_POUCH, version__lt=version).delete()
    StoredBacktest.objects.update_or_create(
        community=DIP_POUCH, version=version, defaults={"figures": value}
    )


def dip_pouch_figures(
    version: int, compute: Callable[[], dict[str, Any]] = _compute_dip_pouch
) -> dict[str, Any]:
    """The Dip Pouch history's figures at the lists' generation ``version``: stored, or
    computed once (the first process to ask holds the lock; the others wait and read)."""
    found = _stored(version)
    if found is not None:
        return found
    with transaction.atomic():
        hold("backtest:" + DIP_POUCH)
        found = _stored(version)
        if found is None:
            found = compute()
            _store(version, found)
    return found


def store_dip_pouch() -> None:
    """After a recompute's commit: the figures of the lists' new generation (the generation
    is read before the history: a write meanwhile makes a newer generation, never figures
    older than theirs)."""
    version = Publication.objects.filter(system=DIP_POUCH).values_list("generation", flat=True)
    dip_pouch_figures(int(version.first() or 0))


@dataclass(frozen=True, slots=True)
class DipPouchPage:
    """What the page shows: the figures, and ``behind`` the generation they were computed for
    when the lists have moved on since (``None``: they are the current lists')."""

    figures: dict[str, Any]
    behind: int | None = None


def _newest() -> tuple[int, dict[str, Any]] | None:
    found = (
        StoredBacktest.objects.filter(community=DIP_POUCH)
        .order_by("-version")
        .values_list("version", "figures")
        .first()
    )
    return None if found is None else (int(found[0]), found[1])


def dip_pouch_page(
    version: int, compute: Callable[[], dict[str, Any]] = _compute_dip_pouch
) -> DipPouchPage:
    """The page's figures at the lists' generation ``version``: stored; else the newest stored
    ones, marked ``behind`` (the caller has a worker compute ``version``'s); else, nothing
    stored yet, computed now."""
    found = _stored(version)
    if found is not None:
        return DipPouchPage(found)
    newest = _newest()
    if newest is None:
        return DipPouchPage(dip_pouch_figures(version, compute))
    return DipPouchPage(newest[1], behind=newest[0])
