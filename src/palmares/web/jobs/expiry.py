"""The files jobs wrote are kept for a while, then removed (issue 37).

A WDD export job writes its file under ``PALMARES_JOBS_DIR/results/<job id>/`` for its asker to
download (``GET /api/jobs/{id}/file``). Those folders would otherwise grow for ever: every worker
removes, in its sweep, the folders last written more than ``PALMARES_JOB_FILES_DAYS`` days ago
(7 by default). The job itself stays (its state, its result); its file is then answered as gone
(404, ``jobs.no_file``), and the export can be asked for again."""

from __future__ import annotations

import logging
import shutil
import time
from pathlib import Path

from django.conf import settings

__all__ = ["expire_files"]

log = logging.getLogger(__name__)


def expire_files(now: float | None = None) -> list[str]:
    """Remove every job's result folder older than the retention; the ids of those removed."""
    folder = Path(settings.JOBS_DIR) / "results"
    if not folder.is_dir():
        return []
    limit = (time.time() if now is None else now) - float(settings.JOB_FILES_DAYS) * 86_400
    removed: list[str] = []
    for kept in folder.iterdir():
        try:
            old = kept.is_dir() and kept.stat().st_mtime < limit
        except FileNotFoundError:  # another worker removed it meanwhile
            continue
        if old:
            shutil.rmtree(kept, ignore_errors=True)
            removed.append(kept.name)
    if removed:
        log.info(
            "removed the files of %d job(s) past %s days", len(removed), settings.JOB_FILES_DAYS
        )
    return removed
