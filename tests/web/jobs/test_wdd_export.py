"""The WDD export as a job (issue 37): ``POST /api/export/wdd`` answers at once with its job;
a worker writes the files with the command line's own writer; ``GET /api/jobs/{id}/file``
downloads them (one CSV, or a zip of several), byte for byte what ``palmares export wdd``
prints for the same data; only whoever asked and ratings officers may download it."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from django.contrib.auth.models import User
from django.test import Client

from palmares.web.events.models import Event
from palmares.web.jobs.models import Job
from palmares.web.tournaments.models import Seat, Tournament
from tests.web.jobs.run import drain

WC = "World Diplomacy Championship 2007"
STEM = "2007-08-03-world-diplomacy-championship-2007"


def _export(client: Client, **body: Any) -> Any:
    return client.post("/api/export/wdd", body, content_type="application/json")


def _download(client: Client, url: str) -> Any:
    return client.get(f"{url}/file")


def test_one_events_classification_is_the_clis_file(td: Client, wc: Tournament, cli: Any) -> None:
    answer = _export(td, event_id=wc.event_id, kind="classification")
    assert answer.status_code == 202, answer.content
    body = answer.json()
    assert body == {"job": body["job"], "url": f"/api/jobs/{body['job']}"}
    assert answer["Location"] == body["url"]
    waiting = _download(td, body["url"])  # not done yet: nothing to download
    assert waiting.status_code == 404
    assert waiting.json()["detail"].startswith("this job has no file to download")
    assert drain() == 1
    done = td.get(body["url"]).json()
    assert done["state"] == "done", done
    assert done["what"] == f"WDD export of {wc.event} (classification)"
    assert done["result"] == {"file": f"{STEM}-classification.csv", "files": 1, "events": 1}
    got = _download(td, body["url"])
    assert got.status_code == 200 and got["Content-Type"] == "text/csv; charset=utf-8"
    assert done["result"]["file"] in got["Content-Disposition"]
    printed = cli("export", "wdd", "classification", WC)
    assert printed.code == 0, printed.err
    content = b"".join(got.streaming_content).decode("utf-8")
    assert content == printed.out and content.count("\n") == 71  # the header and 70 players
    page = td.get(f"/jobs/{body['job']}/").content.decode()
    assert f'<a id="job-file" href="/api/jobs/{body["job"]}/file" download>' in page


def test_the_whole_history_is_a_zip_of_the_clis_files(officer: Client, cli: Any) -> None:
    answer = _export(officer)  # no body at all: every closed event, both files
    assert answer.status_code == 202, answer.content
    no_body = officer.post("/api/export/wdd", content_type="application/json")  # empty
    assert no_body.status_code == 202, no_body.content
    assert drain() == 2
    done = officer.get(answer.json()["url"]).json()
    closed = Event.objects.filter(results__isnull=False).distinct().order_by("date", "id")
    with_boards = Seat.objects.values("board__round__tournament__event").distinct().count()
    assert done["state"] == "done" and done["what"] == (
        "WDD export of the whole history (classification, boards)"
    )
    assert done["result"] == {
        "file": "wdd-history.zip",
        "files": closed.count() + with_boards,
        "events": closed.count(),
    }
    got = _download(officer, answer.json()["url"])
    assert got.status_code == 200 and got["Content-Type"] == "application/zip"
    bundle = zipfile.ZipFile(io.BytesIO(b"".join(got.streaming_content)))
    names = bundle.namelist()
    assert len(names) == closed.count() + with_boards
    assert f"{STEM}-boards.csv" in names and f"{STEM}-classification.csv" in names
    compared = 0
    for event in closed:
        day = event.date.isoformat()
        for kind in ("classification", "boards"):
            member = [n for n in names if n.startswith(day) and n.endswith(f"-{kind}.csv")]
            member = [n for n in member if _slug_of(event) in n]
            printed = cli("export", "wdd", kind, event.name, "--date", day)
            if printed.code != 0:  # no boards stored: the CLI refuses, the zip has none
                assert "has no boards stored" in printed.err and member == []
                continue
            assert len(member) == 1, (event, kind, names)
            assert bundle.read(member[0]).decode("utf-8") == printed.out
            compared += 1
    assert compared == len(names)


def _slug_of(event: Event) -> str:
    from django.utils.text import slugify

    return slugify(event.name)


def test_one_events_files_are_a_zip_and_boards_alone_a_csv(td: Client, wc: Tournament) -> None:
    both = _export(td, event_id=wc.event_id)
    boards = _export(td, event_id=wc.event_id, kind="boards")
    drain()
    result = td.get(both.json()["url"]).json()["result"]
    assert result == {"file": f"wdd-{STEM}.zip", "files": 2, "events": 1}
    names = zipfile.ZipFile(
        io.BytesIO(b"".join(_download(td, both.json()["url"]).streaming_content))
    ).namelist()
    assert names == [f"{STEM}-boards.csv", f"{STEM}-classification.csv"]
    alone = td.get(boards.json()["url"]).json()["result"]
    assert alone == {"file": f"{STEM}-boards.csv", "files": 1, "events": 1}
    assert _download(td, boards.json()["url"])["Content-Type"] == "text/csv; charset=utf-8"


def test_what_cannot_be_exported_is_refused_at_once(td: Client, ocean: Event) -> None:
    before = Job.objects.count()
    wrong = _export(td, kind="scores")
    assert wrong.status_code == 422 and wrong.json()["field"] == "kind"
    assert "unknown WDD file 'scores'" in wrong.json()["detail"]
    nobody = _export(td, event_id=999999)
    assert nobody.status_code == 422 and nobody.json()["field"] == "event_id"
    no_boards = _export(td, event_id=ocean.pk, kind="boards")
    assert no_boards.status_code == 422 and "has no boards stored" in no_boards.json()["detail"]
    open_one = Event.objects.create(name="Open Cup", date=ocean.date)
    refused = _export(td, event_id=open_one.pk)
    assert refused.status_code == 422 and "is not closed" in refused.json()["detail"]
    assert Job.objects.count() == before


def test_who_may_export_and_download(td: Client, officer: Client, wc: Tournament) -> None:
    anonymous = Client()
    assert anonymous.post("/api/export/wdd").status_code == 401
    nobody = User.objects.create_user("nobody", password="nobody-password-2007")
    plain = Client()
    plain.force_login(nobody)
    refused = plain.post("/api/export/wdd", content_type="application/json")
    assert refused.status_code == 403 and "export the WDD files" in refused.json()["detail"]
    # another director: may export, but not download the first director's file
    other = User.objects.create_user("other-director", password="other-password-2007")
    cup = Event.objects.create(name="Other Cup", date=wc.event.date)
    Tournament.objects.create(event=cup).directors.add(other)
    other_td = Client()
    other_td.force_login(other)
    url = _export(td, event_id=wc.event_id, kind="classification").json()["url"]
    assert _export(other_td, event_id=wc.event_id).status_code == 202
    drain()
    assert _download(other_td, url).status_code == 403
    assert _download(anonymous, url).status_code == 401
    assert _download(officer, url).status_code == 200  # an officer may
    assert _download(td, url).status_code == 200
    assert _download(td, "/api/jobs/not-a-job").status_code == 404
    # a job that writes no file has none to download
    backtest = td.post("/api/backtest").json()["url"]
    drain()
    assert _download(td, backtest).status_code == 404


def test_an_exports_file_is_removed_after_its_days_and_told_gone(
    td: Client, wc: Tournament, settings: Any
) -> None:
    """A worker's sweep removes the files of jobs past ``PALMARES_JOB_FILES_DAYS``; the job
    stays done and its file is answered as gone."""
    import os
    import time

    from palmares.web.jobs.expiry import expire_files
    from palmares.web.jobs.tasks import result_folder

    fresh, old = (
        _export(td, event_id=wc.event_id, kind=kind).json() for kind in ("classification", "boards")
    )
    assert drain() == 2
    settings.JOB_FILES_DAYS = 7
    stale = time.time() - 8 * 86_400
    os.utime(result_folder(old["job"]), (stale, stale))
    assert expire_files() == [old["job"]]
    assert not result_folder(old["job"]).exists() and result_folder(fresh["job"]).is_dir()
    gone = _download(td, old["url"])
    assert gone.status_code == 404
    assert gone.json()["detail"].startswith("this job has no file to download")
    assert td.get(old["url"]).json()["state"] == "done"
    assert _download(td, fresh["url"]).status_code == 200
    assert expire_files() == []  # nothing else is old
