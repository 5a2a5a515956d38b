"""Run Python in a child process on a fresh SQLite file: a migration's test there (SQLite's
schema editor cannot run inside the test's own transaction)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_on_fresh_sqlite(code: str, folder: Path) -> str:
    """The standard output of ``code`` run with the test settings on ``folder/fresh.sqlite3``."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PALMARES_DB"] = str(folder / "fresh.sqlite3")
    env["DJANGO_SETTINGS_MODULE"] = "tests.web.settings"
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).parents[2],
        check=True,
    ).stdout
