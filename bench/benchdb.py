"""What the database benchmarks share (``bench/ledgers.py``, ``bench/skill_stored.py``): a
function's processor and wall time, and a fresh database with the schema, set up for Django."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))


def timed(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """(processor seconds, wall seconds, result) of ``work()``."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = work()
    return time.process_time() - cpu, time.perf_counter() - wall, result


def fresh_database(prefix: str) -> Path:
    """Django set up on a new SQLite file in a new temporary folder (or on ``DATABASE_URL``
    when it is set), the schema migrated; returns the folder."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    if "DATABASE_URL" not in os.environ:
        os.environ["PALMARES_DB"] = str(tmp / "bench.sqlite3")
    from palmares.web.lib.setup import setup_django

    setup_django(debug_if_unset=False)
    from palmares.web.lib.schema import migrate

    quiet = logging.getLogger("palmares.web.lib.generations")
    quiet.setLevel(logging.CRITICAL)  # the schema's own statements, before its tables exist
    migrate()
    quiet.setLevel(logging.NOTSET)
    return tmp
