"""The job queue through the site (issue 37): an import or a recompute is answered at once,
``202`` with the job and its address; ``GET /api/jobs/{id}`` and the job's page tell its state,
progress, result, or its error as the file readers tell theirs."""

from __future__ import annotations

import html
import time
import uuid
from pathlib import Path

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django_tasks_db.models import DBTaskResult

from palmares.core.progress import reporting
from palmares.web.events.models import Event, Result
from palmares.web.events.services import IMPORTING, import_results
from palmares.web.jobs.models import Job
from palmares.web.jobs.progress import Keeper, progress_of
from palmares.web.ratinglists.models import RatingEntry
from tests.web.jobs.run import drain

GOOD = b"event,date,player,rank,nationality\nNew Cup,2010-01-01,Edi Birsan,1,\n"
GOOD += b"New Cup,2010-01-01,Jerry Fest,2,\n"
BAD = b"event,date,player,rank\nX Cup,2010-02-30,A,1\nX Cup,2010-02-01,B,0\n"


def test_an_upload_is_answered_at_once_with_its_job(officer: Client) -> None:
    answer = officer.post("/api/imports/results", {"file": SimpleUploadedFile("r.csv", GOOD)})
    assert answer.status_code == 202, answer.content
    body = answer.json()
    assert body == {"job": body["job"], "url": f"/api/jobs/{body['job']}"}
    assert answer["Location"] == body["url"]
    # nothing imported yet: the job waits for a worker
    assert not Event.objects.filter(name="New Cup").exists()
    queued = officer.get(body["url"]).json()
    assert (queued["state"], queued["progress"], queued["result"], queued["error"]) == (
        "queued",
        0.0,
        None,
        None,
    )
    assert queued["what"] == "import of r.csv (results)"
    kept = Job.objects.get(id=body["job"]).upload
    assert open(kept, "rb").read() == GOOD  # noqa: SIM115
    assert drain() == 1
    done = officer.get(body["url"]).json()
    assert (done["state"], done["progress"], done["error"]) == ("done", 1.0, None)
    assert done["result"] == {"events": 1, "results": 2, "replaced": 0}
    assert RatingEntry.objects.filter(event__name="New Cup").count() == 2
    assert not Path(kept).exists()  # removed once the job has run


def test_a_bad_file_fails_its_job_with_every_problem(officer: Client) -> None:
    before = Result.objects.count()
    answer = officer.post("/api/imports/results", {"file": SimpleUploadedFile("x.csv", BAD)})
    assert answer.status_code == 202
    drain()
    failed = officer.get(answer.json()["url"]).json()
    assert failed["state"] == "failed" and failed["result"] is None
    assert failed["error"].splitlines() == [
        "x.csv:2: date: expected a date as YYYY-MM-DD, got '2010-02-30'",
        "x.csv:3: rank: must be at least 1, got 0",
    ]
    french = officer.get(answer.json()["url"], HTTP_ACCEPT_LANGUAGE="fr").json()
    assert french["error"].startswith("x.csv:2: date: ") and french["error"] != failed["error"]
    assert Result.objects.count() == before and not Event.objects.filter(name="X Cup").exists()


def test_the_import_page_sends_the_officer_to_the_jobs_page(officer: Client) -> None:
    answer = officer.post(
        "/imports/new", {"kind": "results", "file": SimpleUploadedFile("cup.csv", GOOD)}
    )
    assert answer.status_code == 302
    page_url = answer["Location"]
    job_id = page_url.strip("/").rpartition("/")[2]
    assert page_url == f"/jobs/{job_id}/"
    waiting = officer.get(page_url).content.decode()
    assert 'data-state="queued"' in waiting and 'http-equiv="refresh"' in waiting
    assert '<progress id="job-progress" max="100" value="0">' in waiting
    drain()
    page = officer.get(page_url).content.decode()
    assert 'data-state="done"' in page and 'http-equiv="refresh"' not in page
    assert '<progress id="job-progress" max="100" value="100">' in page
    for key, value in [("events", 1), ("results", 2), ("replaced", 0)]:
        assert f'<span class="{key}">{value}</span>' in page
    bad = officer.post(
        "/imports/new", {"kind": "results", "file": SimpleUploadedFile("x.csv", BAD)}
    )
    drain()
    shown = html.unescape(officer.get(bad["Location"]).content.decode())
    assert "x.csv:2: date: expected a date as YYYY-MM-DD, got '2010-02-30'" in shown
    assert "x.csv:3: rank: must be at least 1, got 0" in shown
    assert "nothing was imported" in shown


def test_a_running_jobs_progress_is_what_its_worker_last_told(officer: Client) -> None:
    answer = officer.post("/api/imports/results", {"file": SimpleUploadedFile("r.csv", GOOD)})
    job_id = answer.json()["job"]
    row = DBTaskResult.objects.get(id=job_id)
    row.claim("elsewhere:1:x")  # a worker of another host took it
    keeper = Keeper(job_id)
    keeper("reading r.csv", 3, 4)
    keeper.write()
    told = progress_of(job_id)
    assert told is not None and told.fraction == 0.75 and told.beat <= time.time()
    running = officer.get(f"/api/jobs/{job_id}").json()
    assert (running["state"], running["progress"], running["step"]) == (
        "running",
        0.75,
        "reading r.csv",
    )
    page = officer.get(f"/jobs/{job_id}/").content.decode()
    assert '<progress id="job-progress" max="100" value="75">' in page
    assert "Running: reading r.csv" in page


def test_who_may_follow_a_job(officer: Client, other_td: Client, client: Client) -> None:
    url = officer.post("/api/imports/results", {"file": SimpleUploadedFile("r.csv", GOOD)})[
        "Location"
    ]
    assert other_td.get(url).status_code == 403
    assert client.get(url).status_code == 401
    assert officer.get(f"/api/jobs/{uuid.uuid4()}").status_code == 404
    assert officer.get("/api/jobs/not-a-job").status_code == 404
    job_id = url.rpartition("/")[2]
    assert other_td.get(f"/jobs/{job_id}/").status_code == 403


def test_a_recompute_is_queued_by_officers_and_directors(officer: Client, td: Client) -> None:
    answer = td.post("/api/recompute", {"only": ["tantrix"]}, content_type="application/json")
    assert answer.status_code == 202, answer.content
    assert answer["Location"] == answer.json()["url"]
    drain()
    done = td.get(answer.json()["url"]).json()
    assert done["state"] == "done" and done["what"] == "recompute of tantrix"
    assert [row["recomputed"] for row in done["result"]] == ["Tantrix lists and skill"]
    wrong = officer.post("/api/recompute", {"only": ["chess"]}, content_type="application/json")
    assert wrong.status_code == 422 and wrong.json()["field"] == "only"
    nobody = User.objects.create_user("nobody", password="nobody-password-2007")
    plain = Client()
    plain.force_login(nobody)
    refused = plain.post("/api/recompute", {}, content_type="application/json")
    assert refused.status_code == 403
    assert "tournament directors" in refused.json()["detail"]


def test_a_results_import_reports_its_steps_to_the_progress_observer(
    db: None, tmp_path: Path
) -> None:
    """What the job's page and the command line's bar are fed: read, events written, results
    written, committed with the ratings up to date."""
    path = tmp_path / "r.csv"
    path.write_bytes(GOOD)
    seen: list[tuple[str, int, int]] = []
    with reporting(lambda label, done, total: seen.append((label, done, total))):
        import_results(path)
    assert [s for s in seen if s[0] == IMPORTING] == [(IMPORTING, k, 4) for k in range(5)]


def test_a_backtest_and_a_skill_replay_are_queued_the_same_way(officer: Client, td: Client) -> None:
    from palmares.web.ratinglists.models import Backtest, SkillCoverage

    Backtest.objects.all().delete()
    answer = td.post("/api/backtest")
    assert answer.status_code == 202 and answer["Location"] == answer.json()["url"]
    replay = officer.post("/api/skill/tantrix/replay")
    assert replay.status_code == 202
    assert officer.post("/api/skill/chess/replay").json()["field"] == "community"
    assert officer.post("/api/skill/dip-pouch/replay").status_code == 422
    assert drain() == 2
    done = td.get(answer.json()["url"]).json()
    assert (done["state"], done["what"], done["result"]) == (
        "done",
        "backtest of the Dip Pouch history",
        {"backtest": "dip-pouch"},
    )
    assert Backtest.objects.filter(community="dip-pouch").exists()
    replayed = officer.get(replay.json()["url"]).json()
    assert replayed["state"] == "done" and replayed["what"] == "skill replay of tantrix"
    assert replayed["result"]["community"] == "tantrix" and replayed["result"]["rated"] > 0
    assert SkillCoverage.objects.filter(community="tantrix").exists()
    nobody = User.objects.create_user("nobody", password="nobody-password-2007")
    plain = Client()
    plain.force_login(nobody)
    assert plain.post("/api/backtest").status_code == 403
    assert plain.post("/api/skill/tantrix/replay").status_code == 403
