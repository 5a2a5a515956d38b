"""The Dip Pouch "which rating predicts" figures stored and read by the page
(ratinglists.backtests, issue 21): computed once per change of the lists for every process,
never in the writer's request, and while a worker computes them (the backtest job the page
queues, issue 37) the page shows the newest stored figures with a note and a link to the job."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.test import Client
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from palmares.web.jobs.models import Job
from palmares.web.ratinglists.backtests import dip_pouch_figures, dip_pouch_page
from palmares.web.ratinglists.models import Backtest
from palmares.web.ratinglists.services import recompute_dip_pouch
from palmares.web.ui.queries import current_generation
from tests.web.jobs.run import drain


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
    calls: list[int] = []

    def compute() -> dict[str, Any]:
        calls.append(1)
        return {"rows": [], "chart": [], "competitions": 8}

    page = dip_pouch_page(version + 1, compute)
    assert (page.figures["competitions"], page.behind) == (7, version)
    assert calls == []  # nothing computed in the request
    dip_pouch_figures(version + 1, compute)  # what the backtest job does
    done = dip_pouch_page(version + 1, compute)
    assert (done.figures["competitions"], done.behind) == (8, None)
    assert [b.version for b in Backtest.objects.filter(community="dip-pouch")] == [version + 1]


def _backtest_jobs() -> list[str]:
    return [str(j.id) for j in Job.objects.all() if j.what["key"] == "jobs.backtest"]


def test_the_page_says_its_figures_are_behind_and_queues_one_job(
    client: Client, officer: Client, td: Client, db: None
) -> None:
    old = current_generation() - 1
    dip_pouch_figures(old, lambda: {"rows": [], "chart": [], "competitions": 3})
    cache.clear()
    page = client.get("/ratings/dip-pouch/").content.decode()
    assert 'id="behind"' in page and ">3 competitions," in page
    assert '<meta http-equiv="refresh" content="5">' in page
    [job] = _backtest_jobs()
    assert f'<a id="backtest-job" href="/jobs/{job}/">Follow its progress</a>' in page
    assert officer.get(f"/jobs/{job}/").status_code == 200  # anybody's job: an officer sees it
    assert Backtest.objects.filter(community="dip-pouch").count() == 1  # nothing computed yet
    cache.clear()
    again = client.get("/ratings/dip-pouch/").content.decode()
    assert f'href="/jobs/{job}/"' in again and _backtest_jobs() == [job]  # reused, not two
    # a running job is reused too
    DBTaskResult.objects.get(id=job).claim("elsewhere:1:x")
    cache.clear()
    assert f'href="/jobs/{job}/"' in client.get("/ratings/dip-pouch/").content.decode()
    assert _backtest_jobs() == [job]
    DBTaskResult.objects.filter(id=job).update(status=TaskResultStatus.READY, worker_ids=[])
    # the job POST /api/backtest queues is the same one while it waits
    assert drain() == 1
    assert officer.get(f"/api/jobs/{job}").json()["state"] == "done"
    page = client.get("/ratings/dip-pouch/").content.decode()  # the figures' write: a new page
    assert 'id="behind"' not in page and 'http-equiv="refresh"' not in page
    assert Backtest.objects.filter(community="dip-pouch", version=current_generation()).exists()
    assert _backtest_jobs() == [job]


def test_a_failed_backtest_is_queued_again_and_the_page_never_kept(
    client: Client, db: None
) -> None:
    """The page that says its figures are being computed is never cached (nor its ETag sent):
    once the job has failed, the next load queues a new one and links to it."""
    dip_pouch_figures(
        current_generation() - 1, lambda: {"rows": [], "chart": [], "competitions": 3}
    )
    cache.clear()
    first = client.get("/ratings/dip-pouch/")
    [job] = _backtest_jobs()
    assert "ETag" not in first and "no-store" in first["Cache-Control"]
    DBTaskResult.objects.filter(id=job).update(status=TaskResultStatus.FAILED)
    again = client.get("/ratings/dip-pouch/").content.decode()  # the cache is not cleared
    assert len(_backtest_jobs()) == 2
    [new] = [j for j in _backtest_jobs() if j != job]
    assert f'<a id="backtest-job" href="/jobs/{new}/">' in again
    assert drain() == 1
    done = client.get("/ratings/dip-pouch/")
    assert 'id="behind"' not in done.content.decode() and "ETag" in done


def test_no_thread_is_started_by_the_site() -> None:
    """Long work runs in a worker (issue 37): no request starts a thread. Three modules start
    one, none of them in a request: the worker's sweeper, a job's heartbeat (in the worker) and
    the kernels' warm-up as a web process starts (``ratinglists.warm``, from wsgi/asgi)."""
    import palmares.web

    root = Path(palmares.web.__file__).parent
    threaded = sorted(
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if "threading.Thread(" in p.read_text(encoding="utf-8")
    )
    assert threaded == ["jobs/progress.py", "jobs/worker.py", "ratinglists/warm.py"]
