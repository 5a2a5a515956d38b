"""The Dip Pouch "which rating predicts" figures stored after the recompute's commit and read
by the page (ratinglists.backtests, issue 21): no process replays the history for a page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.test import Client

from palmares.web.ratinglists.backtests import dip_pouch_figures
from palmares.web.ratinglists.models import Backtest
from palmares.web.ratinglists.services import recompute_dip_pouch
from palmares.web.ui.queries import current_generation


def test_the_recompute_stores_the_figures_the_page_shows(
    client: Client, db: None, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        recompute_dip_pouch()
    version = current_generation()
    stored = Backtest.objects.get(community="dip-pouch", version=version)
    assert Backtest.objects.filter(community="dip-pouch").count() == 1  # older ones go
    systems = [r["system"] for r in stored.figures["rows"]]
    assert systems == ["dip-pouch", "plackett-luce", "elo", "uniform"]
    stored.figures["rows"][0]["kendall_tau"] = 0.123456  # what the page shows is the row's
    stored.save()
    cache.clear()
    page = client.get("/ratings/dip-pouch/").content.decode()
    assert ">0.123<" in page.split("<td>dip-pouch</td>")[1].split("</tr>")[0]


def test_figures_missing_for_a_generation_are_computed_once(db: None) -> None:
    calls: list[int] = []

    def compute() -> dict[str, Any]:
        calls.append(1)
        return {"rows": [], "chart": [], "competitions": 7}

    version = current_generation() + 1  # not stored yet (an incremental update)
    assert dip_pouch_figures(version, compute)["competitions"] == 7
    assert dip_pouch_figures(version, compute)["competitions"] == 7
    assert len(calls) == 1
    assert Backtest.objects.get(community="dip-pouch", version=version).figures["competitions"] == 7
