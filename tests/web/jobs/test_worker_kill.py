"""The kill -9 test (issue 37): a real worker (``palmares worker``, a process of its own) is
killed with SIGKILL in the middle of an import, while its one transaction is writing; the data
is then whole or absent, never part of the file; a new worker finds the job lost and runs it
again (done, the data whole), or, once the job has had its tries, marks it failed with its
reason. On SQLite, and on PostgreSQL in the suite's PostgreSQL run (``DATABASE_URL``: a fresh
database of that server)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest

from tests.web.jobs.kill_steps import EVENT_PREFIX

ROOT = Path(__file__).parents[3]
PALMARES = str(Path(sys.executable).parent / "palmares")
EVENTS, PLAYERS_PER_EVENT = 2_000, 50
ROWS = EVENTS * PLAYERS_PER_EVENT

pytestmark = pytest.mark.slow


def _results_file(path: Path) -> Path:
    """``EVENTS`` events of ``PLAYERS_PER_EVENT`` players each, drawn from 5,000 players."""
    lines = ["event,date,player,rank,nationality"]
    for e in range(EVENTS):
        day = f"20{10 + e % 10:02d}-{1 + e % 12:02d}-{1 + e % 28:02d}"
        for rank in range(1, PLAYERS_PER_EVENT + 1):
            lines.append(f"{EVENT_PREFIX}{e},{day},Player {(e * 7 + rank * 13) % 5000},{rank},")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def database(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of the test's processes: a fresh SQLite file, or a fresh database on
    the PostgreSQL server of ``DATABASE_URL``; the site's own settings; the jobs' folder."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "PALMARES_DB")
    }
    env |= {
        "PALMARES_SECRET_KEY": "kill-test-" + "x" * 40,
        "PALMARES_JOBS_DIR": str(tmp_path / "jobs"),
        "PALMARES_JOB_STALE_SECONDS": "60",
        "PYTHONPATH": str(ROOT),
    }
    server = os.environ.get("DATABASE_URL", "").strip()
    if not server:
        yield env | {"PALMARES_DB": str(tmp_path / "kill.sqlite3")}
        return
    name = f"palmares_kill_{os.getpid()}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name}")
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield env | {"DATABASE_URL": urlunparse(urlparse(server)._replace(path=f"/{name}"))}
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _step(env: dict[str, str], *args: str) -> str:
    code = "from tests.web.jobs.kill_steps import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _state(env: dict[str, str], job: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(_step(env, "state", job))
    return found


def _kill_mid_import(env: dict[str, str], tmp_path: Path) -> tuple[str, dict[str, Any]]:
    """Queue the import, start a worker, SIGKILL it once it writes; the job's id and what was
    stored after the kill."""
    job = _step(env, "enqueue", str(_results_file(tmp_path / "kill.csv")))
    worker = subprocess.Popen(
        [PALMARES, "worker", "--interval", "0.1"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        told = json.loads(_step(env, "watch", job))
        assert told["fraction"] >= 0.5
        worker.send_signal(signal.SIGKILL)
    finally:
        worker.kill()
        assert worker.wait(timeout=60) == -signal.SIGKILL  # killed, and reaped
    after_kill = _state(env, job)
    assert after_kill["state"] == "running"  # as the dead worker left it
    # one transaction: nothing of the file, or all of it
    assert (after_kill["events"], after_kill["results"]) in ((0, 0), (EVENTS, ROWS))
    return job, after_kill


def _new_worker(env: dict[str, str], tmp_path: Path) -> None:
    subprocess.run(
        [PALMARES, "worker", "--batch", "--interval", "0.1"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        timeout=600,
        check=True,
    )


def test_a_worker_killed_mid_import_leaves_nothing_and_the_job_is_run_again(
    database: dict[str, str], tmp_path: Path
) -> None:
    job, _ = _kill_mid_import(database, tmp_path)
    _new_worker(database, tmp_path)
    done = _state(database, job)
    assert (done["state"], done["error"], done["tries"]) == ("done", [], 2)
    assert (done["events"], done["results"]) == (EVENTS, ROWS)
    assert done["result"]["events"] == EVENTS and done["result"]["results"] == ROWS


def test_a_job_out_of_tries_is_marked_failed_with_its_reason(
    database: dict[str, str], tmp_path: Path
) -> None:
    env = database | {"PALMARES_JOB_ATTEMPTS": "1"}
    job, after_kill = _kill_mid_import(env, tmp_path)
    _new_worker(env, tmp_path)
    failed = _state(env, job)
    assert (failed["state"], failed["tries"], failed["result"]) == ("failed", 1, None)
    assert failed["error"] == [
        "the worker running this job stopped 1 time(s) before it ended; nothing of it was kept"
    ]
    assert (failed["events"], failed["results"]) == (after_kill["events"], after_kill["results"])
    assert not list((tmp_path / "jobs" / "files").iterdir())  # its upload removed
