"""The steps of the kill -9 test (test_worker_kill.py), each run in a process of its own on the
test's own database (``PALMARES_DB`` or ``DATABASE_URL``) and jobs folder, with the site's real
settings: ``enqueue FILE`` (prints the job's id), ``watch ID`` (returns once the job's worker
has told that the import is writing), ``state ID`` (prints the job's state and the rows stored,
as JSON)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from palmares.web.lib.setup import setup_django

EVENT_PREFIX = "Kill Cup "


def main() -> None:
    step, arg = sys.argv[1], sys.argv[2]
    setup_django(pool=False)
    from palmares.web.lib.schema import migrate

    migrate()
    if step == "enqueue":
        from django.core.files.uploadedfile import SimpleUploadedFile

        from palmares.web.jobs.services import enqueue_import

        upload = SimpleUploadedFile("kill.csv", Path(arg).read_bytes())
        print(enqueue_import(None, "results", upload).id)
    elif step == "watch":
        from palmares.web.events.services import IMPORT_STEPS, IMPORTING
        from palmares.web.jobs.progress import progress_of

        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            told = progress_of(arg)
            if told is not None and told.step == IMPORTING and told.fraction >= 2 / IMPORT_STEPS:
                print(json.dumps({"step": told.step, "fraction": told.fraction}))
                return
            time.sleep(0.02)
        raise SystemExit("the job never got to writing")
    elif step == "state":
        from django_tasks_db.models import DBTaskResult

        from palmares.web.events.models import Event, Result
        from palmares.web.jobs.services import error_lines, job_state

        state = job_state(arg)
        assert state is not None
        print(
            json.dumps(
                {
                    "state": state.state,
                    "result": state.result,
                    "error": error_lines(state),
                    "tries": len(DBTaskResult.objects.get(id=arg).worker_ids),
                    "events": Event.objects.filter(name__startswith=EVENT_PREFIX).count(),
                    "results": Result.objects.filter(event__name__startswith=EVENT_PREFIX).count(),
                }
            )
        )


if __name__ == "__main__":
    main()
