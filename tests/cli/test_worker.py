"""``palmares serve`` and ``palmares demo`` start a job worker beside the site (issue 37): it
runs ``palmares worker`` and stops when the server that started it is gone (an orphan worker
would hold the database after the site stopped)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

STARTER = """
import sys
from palmares.cli.web import start_job_workers
(worker,) = start_job_workers(1)
print(worker.pid, flush=True)
sys.stdin.readline()  # the test says when this "server" goes
"""

pytestmark = pytest.mark.slow


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_the_job_worker_beside_the_site_stops_with_it(tmp_path: Path) -> None:
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env |= {"PALMARES_DB": str(tmp_path / "w.sqlite3"), "PALMARES_JOBS_DIR": str(tmp_path / "j")}
    # (a job is stale after 2 s: the worker looks for its parent every half second, not 5 s)
    env["PALMARES_JOB_STALE_SECONDS"] = "2"
    server = subprocess.Popen(
        [sys.executable, "-c", STARTER],
        env=env,
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None and server.stdin is not None
    worker = int(server.stdout.readline())
    deadline = time.monotonic() + 60  # until the child has exec'd its command
    while b"worker" not in _cmdline(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _cmdline(worker).split(b"\0")[-4:] == [
        b"worker",
        b"--parent",
        str(server.pid).encode(),
        b"",
    ]
    assert _alive(worker)  # running beside its server
    server.stdin.write("\n")
    server.stdin.flush()
    assert server.wait(timeout=60) == 0
    deadline = time.monotonic() + 120  # a liveness bound, not a speed figure
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(worker)
