"""A job's page (issue 37): what it does, its state, a progress bar fed by the core's progress
observer through the worker (``web.jobs.progress``), then its result, or its error told as the
file readers tell theirs (``file:line: column: message``); a done job that wrote a file (the WDD
export) links to it (``GET /api/jobs/{id}/file``). The page reloads itself each second
while the job is queued or running. ``GET /api/jobs/{id}`` answers the same."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from palmares.web.jobs.services import error_lines, job_state, may_see, result_file
from palmares.web.lib.words import said


@login_required
def job(request: HttpRequest, job_id: str) -> HttpResponse:
    state = job_state(job_id)
    if state is None:
        raise Http404("no such job")
    if not may_see(request.user, state):
        raise PermissionDenied("this job is not yours to see")
    result = state.result
    written = result_file(state)
    context = {
        "job": state,
        "what": said(state.what),
        "percent": round(state.progress * 100),
        "summary": result if isinstance(result, dict) else None,
        "rows": result if isinstance(result, list) else None,
        "text": result if isinstance(result, str) else None,
        "problems": error_lines(state),
        "going": state.state in ("queued", "running"),
        "is_import": state.what.key == "jobs.import",
        "file_name": written.name if written is not None else None,
    }
    return render(request, "ui/job.html", context)
