"""``palmares worker``: django-tasks-db's worker (the ``db_worker`` loop) with what the queue
lacks for a worker killed mid-job (:mod:`.lost`): a sweep of lost jobs when it starts, then
every few seconds from a thread of its own. Beside the site (``palmares serve``, ``palmares
demo``) it also stops when the server that started it is gone."""

from __future__ import annotations

import logging
import os
import signal
import threading

from django.conf import settings
from django.db import OperationalError, close_old_connections, connection
from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, DEFAULT_TASK_QUEUE_NAME
from django_tasks_db.management.commands.db_worker import Worker

from palmares.web.jobs.expiry import expire_files
from palmares.web.jobs.lost import new_worker_id, sweep

__all__ = ["run_worker", "sweep_now"]

log = logging.getLogger(__name__)


def sweep_now() -> None:
    """One sweep of lost jobs, and of job files past their retention; a database busy with
    another job's write is tried next time."""
    try:
        sweep()
    except OperationalError as exc:
        log.info("sweep of lost jobs put off: %s", exc)
    expire_files()


def _sweeping(stop: threading.Event, every: float, parent: int | None) -> None:
    try:
        while not stop.wait(every):
            if parent is not None and os.getppid() != parent:
                log.warning("the server that started this worker is gone; stopping")
                os.kill(os.getpid(), signal.SIGTERM)  # the worker's own graceful stop
                return
            close_old_connections()
            sweep_now()
    finally:
        connection.close()


def run_worker(
    *,
    interval: float = 1.0,
    batch: bool = False,
    max_tasks: int | None = None,
    parent: int | None = None,
) -> str:
    """Run jobs as they are queued until stopped (SIGINT/SIGTERM: after the running job), or,
    with ``batch``, until none is left; ``parent``: stop when that process is no longer this
    one's parent. The worker's id."""
    worker_id = new_worker_id()
    sweep_now()
    stop = threading.Event()
    every = max(0.5, min(5.0, float(settings.JOB_STALE_SECONDS) / 4))
    sweeper = threading.Thread(
        target=_sweeping, args=(stop, every, parent), name="sweeper", daemon=True
    )
    sweeper.start()
    worker = Worker(
        queue_names=[DEFAULT_TASK_QUEUE_NAME],
        interval=interval,
        batch=batch,
        backend_name=DEFAULT_TASK_BACKEND_ALIAS,
        startup_delay=False,
        max_tasks=max_tasks,
        worker_id=worker_id,
        excluded_queue_names=[],
    )
    worker.configure_signals()
    try:
        worker.run()
    finally:
        stop.set()
        worker.reset_signals()
    return worker_id
