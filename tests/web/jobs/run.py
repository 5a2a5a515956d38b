"""Run the queued jobs inside a test (this process), as a worker runs each: the job claimed
under the queue's own lock (``get_locked``, as django-tasks-db's worker claims it, so several
threads may drain at once), then django-tasks-db's own ``Worker.run_task``. The real worker in a
process of its own is tests/web/jobs/test_worker_kill.py's."""

from __future__ import annotations

from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction

__all__ = ["drain"]


def drain(worker_id: str = "tests:0:inline") -> int:
    """Run every queued job; how many ran."""
    worker = Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=worker_id,
        excluded_queue_names=[],
    )
    ran = 0
    while True:
        with exclusive_transaction():
            row = DBTaskResult.objects.ready().get_locked()
            if row is None:
                return ran
            row.claim(worker_id)
        worker.run_task(row)
        ran += 1
