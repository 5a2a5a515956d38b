"""Jobs whose worker died (issue 37: "a worker killed mid-job leaves no partial data and the job
is retried or marked failed with its reason, never lost").

The queue marks a job running when a worker claims it and never looks at it again; a worker
killed with SIGKILL leaves it running for ever. Every worker therefore sweeps, when it starts
and every few seconds: a running job is lost when its worker's process is gone (same host: the
process id names no live process) or its heartbeat (:mod:`.progress`) is older than
``PALMARES_JOB_STALE_SECONDS``. Its writes were one transaction, undone with the process; it
is queued again until it has been tried ``PALMARES_JOB_ATTEMPTS`` times, then marked failed
with its reason (``jobs.worker_lost``)."""

from __future__ import annotations

import logging
import os
import secrets
import socket
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from palmares.core.errors import Problem
from palmares.core.message import Message
from palmares.web.jobs.models import Job
from palmares.web.jobs.progress import forget, progress_of
from palmares.web.jobs.tasks import problems_json

__all__ = ["WorkerLost", "new_worker_id", "sweep"]

log = logging.getLogger(__name__)


class WorkerLost(Exception):
    """What the queue records as the failure of a job whose worker died too often."""


def new_worker_id() -> str:
    """A worker's id: its host, its process id and a random part (at most 64 characters)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


def _alive(pid: int) -> bool:
    """Whether ``pid`` names a live process of this host (a zombie is dead)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return True
    return state != "Z"


def _is_lost(row: DBTaskResult[Any, Any], now: float) -> bool:
    worker = str(row.worker_ids[-1]) if row.worker_ids else ""
    host, _, rest = worker.partition(":")
    pid = rest.partition(":")[0]
    if host == socket.gethostname()[:40] and pid.isdigit() and not _alive(int(pid)):
        return True
    told = progress_of(str(row.id))
    started = row.started_at.timestamp() if row.started_at is not None else now
    last = max(told.beat if told is not None else started, started)
    return now - last > settings.JOB_STALE_SECONDS


def sweep() -> list[tuple[str, str]]:
    """Queue again or fail every running job whose worker is gone; ``(job id, "retried" or
    "failed")`` for each."""
    now = time.time()
    done: list[tuple[str, str]] = []
    for row in DBTaskResult.objects.running():
        if not _is_lost(row, now):
            continue
        tries = len(row.worker_ids)
        same = DBTaskResult.objects.filter(
            id=row.id, status=TaskResultStatus.RUNNING, started_at=row.started_at
        )
        job_id = str(row.id)
        if tries < settings.JOB_ATTEMPTS:
            if same.update(status=TaskResultStatus.READY):
                log.warning("job %s: its worker %s died; queued again", job_id, row.worker_ids[-1])
                done.append((job_id, "retried"))
            continue
        lost = Message.of("jobs.worker_lost", times=tries)
        with transaction.atomic():
            failed = same.update(
                status=TaskResultStatus.FAILED,
                finished_at=timezone.now(),
                exception_class_path=f"{WorkerLost.__module__}.{WorkerLost.__qualname__}",
                traceback=f"{WorkerLost.__qualname__}: the worker died {tries} time(s)\n",
            )
            if failed:
                job = Job.objects.filter(id=job_id).first()
                if job is not None:
                    job.problems = problems_json((Problem.of("", None, None, lost),))
                    job.save(update_fields=["problems"])
                    if job.upload:
                        Path(job.upload).unlink(missing_ok=True)
        if failed:
            forget(job_id)
            log.warning("job %s: its worker died %d time(s); marked failed", job_id, tries)
            done.append((job_id, "failed"))
    return done
