"""A running job's progress where every process sees it (issue 37): the core's progress
observer (:mod:`palmares.core.progress`, the one the command line draws its bar from) is fed to
a :class:`Keeper`, which a thread of the worker writes to the ``jobs`` cache twice a second and,
with nothing new, every :data:`BEAT` seconds: that write is the job's heartbeat too.

Not the database: a job's writes are one transaction, which on SQLite holds the only write lock
until it ends; the cache is Redis with ``REDIS_URL``, else files in ``PALMARES_JOBS_DIR``."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.core.cache import caches

from palmares.core.progress import reporting

__all__ = ["BEAT", "Keeper", "Progress", "forget", "observed", "progress_of"]

#: Seconds between two heartbeats of a running job with nothing new to tell.
BEAT = 2.0
#: Seconds between two writes of a job's progress while it moves.
EVERY = 0.5


@dataclass(frozen=True, slots=True)
class Progress:
    """What a running job last told: its step (the core's label), how far that step is (0…1),
    and when (``beat``, seconds since the epoch), from which host and process."""

    step: str
    fraction: float
    beat: float
    host: str
    pid: int


def _key(job_id: str) -> str:
    return f"job:{job_id}"


def progress_of(job_id: str) -> Progress | None:
    """The last progress the job's worker wrote; None before its first."""
    found = caches["jobs"].get(_key(job_id))
    if not isinstance(found, dict):
        return None
    return Progress(
        str(found["step"]),
        float(found["fraction"]),
        float(found["beat"]),
        str(found["host"]),
        int(found["pid"]),
    )


def forget(job_id: str) -> None:
    """Drop the job's progress (it has ended)."""
    caches["jobs"].delete(_key(job_id))


class Keeper:
    """The reporter a job runs under: keeps the last report in memory (the core calls it often)
    and writes it from a thread of its own."""

    def __init__(self, job_id: str) -> None:
        self.job_id = job_id
        self.step = ""
        self.fraction = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"job {job_id}", daemon=True)

    def __call__(self, label: str, done: int, total: int) -> None:
        self.step = label
        self.fraction = min(1.0, done / total) if total > 0 else 0.0

    def write(self) -> None:
        caches["jobs"].set(
            _key(self.job_id),
            {
                "step": self.step,
                "fraction": self.fraction,
                "beat": time.time(),
                "host": socket.gethostname(),
                "pid": os.getpid(),
            },
        )

    def _run(self) -> None:
        told = (self.step, self.fraction)
        last = time.monotonic()
        while not self._stop.wait(EVERY):
            now = (self.step, self.fraction)
            if now != told or time.monotonic() - last >= BEAT:
                self.write()
                told, last = now, time.monotonic()

    def start(self) -> None:
        self.write()
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread, and write the last report (the job's page shows it until the queue
        marks the job ended)."""
        self._stop.set()
        self._thread.join()
        self.write()


@contextmanager
def observed(job_id: str) -> Iterator[Keeper]:
    """Run the block as job ``job_id``: its progress reports and heartbeats are written."""
    keeper = Keeper(job_id)
    keeper.start()
    try:
        with reporting(keeper):
            yield keeper
    finally:
        keeper.stop()
