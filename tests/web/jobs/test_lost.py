"""Jobs whose worker died (issue 37, ``web.jobs.lost``): a running job is lost when its worker's
process is gone (same host) or its heartbeat is stale; it is queued again until it has had its
tries, then failed with its reason. The real thing, a worker killed with SIGKILL, is
test_worker_kill.py's."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django_tasks_db.models import DBTaskResult

from palmares.web.events.models import Event
from palmares.web.jobs.lost import sweep
from palmares.web.jobs.models import Job
from palmares.web.jobs.progress import Keeper
from tests.web.jobs.run import drain

GOOD = (
    b"event,date,player,rank\nLost Cup,2010-01-01,Edi Birsan,1\nLost Cup,2010-01-01,Jerry Fest,2\n"
)


def _queued(officer: Client) -> str:
    answer = officer.post("/api/imports/results", {"file": SimpleUploadedFile("l.csv", GOOD)})
    job: str = answer.json()["job"]
    return job


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_job_whose_worker_process_is_gone_is_queued_again_then_failed(
    officer: Client, settings: Any
) -> None:
    settings.JOB_ATTEMPTS = 2
    job = _queued(officer)
    here = socket.gethostname()
    row = DBTaskResult.objects.get(id=job)
    row.claim(f"{here}:{os.getpid()}:alive")  # this very process: alive
    assert sweep() == []
    DBTaskResult.objects.filter(id=job).update(worker_ids=[f"{here}:{_dead_pid()}:dead"])
    assert sweep() == [(job, "retried")]
    assert DBTaskResult.objects.get(id=job).status == "READY"
    again = DBTaskResult.objects.get(id=job)
    again.claim(f"{here}:{_dead_pid()}:dead")  # the second try's worker dies too
    assert sweep() == [(job, "failed")]
    state = officer.get(f"/api/jobs/{job}").json()
    assert state["state"] == "failed" and state["error"] == (
        "the worker running this job stopped 2 time(s) before it ended; nothing of it was kept"
    )
    assert not os.path.exists(Job.objects.get(id=job).upload)
    assert drain() == 0 and not Event.objects.filter(name="Lost Cup").exists()


def test_a_job_of_another_host_is_lost_when_its_heartbeat_is_stale(
    officer: Client, settings: Any
) -> None:
    settings.JOB_STALE_SECONDS = 30
    job = _queued(officer)
    DBTaskResult.objects.get(id=job).claim("elsewhere:1:x")
    keeper = Keeper(job)
    keeper.write()  # a fresh heartbeat: still running
    assert sweep() == []
    settings.JOB_STALE_SECONDS = 0
    time.sleep(0.01)
    assert sweep() == [(job, "retried")]
    assert drain() == 1
    assert officer.get(f"/api/jobs/{job}").json()["state"] == "done"
    assert Event.objects.get(name="Lost Cup").results.count() == 2
