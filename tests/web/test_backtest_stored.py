"""The Dip Pouch "which rating predicts" figures stored and read by the page
(ratinglists.backtests, issue 21): computed once per change of the lists for every process,
never in the writer's request, and while they are computed the page shows the newest stored
figures with a note."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from palmares.web.ratinglists import backtests
from palmares.web.ratinglists.backtests import dip_pouch_figures, dip_pouch_page
from palmares.web.ratinglists.models import Backtest
from palmares.web.ratinglists.services import recompute_dip_pouch
from palmares.web.ui.queries import current_generation


def test_the_first_page_stores_the_figures_the_page_shows(
    client: Client, db: None, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        recompute_dip_pouch()
    assert not Backtest.objects.exists()  # the writer does not wait for the backtest
    version = current_generation()
    first = client.get("/ratings/dip-pouch/").content.decode()  # nothing stored: computed
    assert 'id="behind"' not in first
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


def test_after_a_change_the_page_shows_the_older_figures_while_the_new_are_computed(
    db: None,
) -> None:
    version = current_generation() + 1
    dip_pouch_figures(version, lambda: {"rows": [], "chart": [], "competitions": 7})
    jobs: list[Callable[[], None]] = []

    def compute() -> dict[str, Any]:
        return {"rows": [], "chart": [], "competitions": 8}

    page = dip_pouch_page(version + 1, compute, start=jobs.append)
    assert (page.figures["competitions"], page.behind) == (7, version)
    again = dip_pouch_page(version + 1, compute, start=jobs.append)
    assert (again.figures["competitions"], again.behind) == (7, version)
    assert len(jobs) == 1  # one computation per process at a time
    jobs[0]()
    done = dip_pouch_page(version + 1, compute, start=jobs.append)
    assert (done.figures["competitions"], done.behind) == (8, None)
    assert [b.version for b in Backtest.objects.filter(community="dip-pouch")] == [version + 1]


def test_the_page_says_its_figures_are_behind(
    client: Client, db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = current_generation() - 1
    dip_pouch_figures(old, lambda: {"rows": [], "chart": [], "competitions": 3})
    started: list[Callable[[], None]] = []
    monkeypatch.setattr(backtests, "_in_thread", started.append)
    cache.clear()
    page = client.get("/ratings/dip-pouch/").content.decode()
    assert 'id="behind"' in page and ">3 competitions," in page
    assert len(started) == 1
    started[0]()  # the job: stores the current figures and releases the process's lock
    cache.clear()
    page = client.get("/ratings/dip-pouch/").content.decode()
    assert 'id="behind"' not in page
    assert Backtest.objects.filter(community="dip-pouch", version=current_generation()).exists()
