"""The job queue's API (issue 37): ``GET /api/jobs/{id}`` → ``{"state": "queued|running|done|
failed", "progress": 0…1, "result", "error"}``; ``POST /api/recompute`` (a full recompute),
``POST /api/backtest`` (the Dip Pouch backtest) and ``POST /api/skill/{community}/replay`` (a
skill replay) queue long work (ratings officers and tournament directors) and answer at once,
``202`` with ``{"job": id, "url": "/api/jobs/{id}"}`` and the same address in ``Location``, as
``POST /api/imports/{kind}`` does (:func:`queued`). ``POST /api/export/wdd`` queues the WDD
files of one closed event or of the whole history; once the job is done, ``GET
/api/jobs/{id}/file`` downloads them (one CSV, or a zip of several)."""

from __future__ import annotations

from typing import Any, Literal

from django.http import FileResponse, HttpRequest, HttpResponse
from ninja import Field, Router, Schema
from ninja.responses import Status

from palmares.core.message import Message
from palmares.web.accounts.roles import is_ratings_officer, is_tournament_director
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.api.base import refusal
from palmares.web.api.schemas import ErrorOut, In
from palmares.web.events.models import Event
from palmares.web.jobs.models import Job
from palmares.web.jobs.services import (
    PARTS,
    enqueue_backtest,
    enqueue_recompute,
    enqueue_skill_replay,
    enqueue_wdd_export,
    error_lines,
    job_state,
    may_see,
    result_file,
)
from palmares.web.jobs.tasks import SKILL_SOURCES
from palmares.web.lib.words import said
from palmares.web.tournaments.exports import closed
from palmares.web.tournaments.models import Seat, Tournament
from palmares.web.tournaments.wdd_export import KINDS

router = Router(tags=["jobs"])

__all__ = ["JobOut", "QueuedOut", "queued", "router"]


class QueuedOut(Schema):
    """A job just queued: its id and where to follow it."""

    job: str
    url: str


class JobOut(Schema):
    """Where a job stands. ``progress`` is 0…1 (1 once done), ``step`` the step it is at;
    ``result`` the job's summary once done; ``error`` why it failed, a problem a line
    (``file:line: column: message``, as the file readers tell theirs)."""

    job: str
    what: str
    state: Literal["queued", "running", "done", "failed"]
    progress: float
    step: str
    result: Any = None
    error: str | None = None


class RecomputeIn(In):
    """The parts to recompute (dip-pouch, tantrix, wizard); all of them when empty."""

    only: list[str] = Field(default_factory=list)


class WddExportIn(In):
    """What to export: the event (its id, as ``/api/events/{event_id}``; none: every closed
    event of the history) and the file (``classification`` or ``boards``; none: both)."""

    event_id: int | None = None
    kind: str | None = None


#: The download's content types: one CSV, or a zip of several.
_FILE_TYPES = {".csv": "text/csv; charset=utf-8", ".zip": "application/zip"}


def queued(job: Job, response: HttpResponse) -> Status[dict[str, str]]:
    """The ``202`` answer for a job just queued (``Location``: its address)."""
    url = f"/api/jobs/{job.id}"
    response["Location"] = url
    return Status(202, {"job": str(job.id), "url": url})


def _may_queue(user: Any) -> bool:
    """Who may queue a recompute, a backtest or a skill replay: ratings officers and tournament
    directors (of the group, or of a tournament)."""
    directs_one = Tournament.objects.filter(directors=user.pk).exists()
    return is_ratings_officer(user) or is_tournament_director(user) or directs_one


@router.get(
    "/jobs/{job_id}",
    response={200: JobOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut},
    auth=WRITE_AUTH,
)
def job(request: HttpRequest, job_id: str) -> Any:
    """Where a job stands (whoever queued it, ratings officers)."""
    state = job_state(job_id)
    if state is None:
        return Status(404, refusal(Message.of("api.not_found")))
    if not may_see(request.user, state):
        return Status(403, refusal(Message.of("jobs.not_yours")))
    return {
        "job": state.id,
        "what": said(state.what),
        "state": state.state,
        "progress": state.progress,
        "step": state.step,
        "result": state.result,
        "error": "\n".join(error_lines(state)) or None,
    }


@router.post(
    "/recompute",
    response={202: QueuedOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut},
    auth=WRITE_AUTH,
)
def recompute(request: HttpRequest, payload: RecomputeIn, response: HttpResponse) -> Any:
    """Queue a recompute of every stored figure (``palmares recompute``): ratings officers and
    tournament directors (of the group, or of a tournament)."""
    user = request.user
    if not _may_queue(user):
        return Status(403, refusal(Message.of("jobs.officers_recompute")))
    for part in payload.only:
        if part not in PARTS:
            return Status(422, refusal(Message.of("jobs.unknown_part", part=repr(part)), "only"))
    parts = tuple(p for p in PARTS if p in payload.only) if payload.only else PARTS
    return queued(enqueue_recompute(user.pk, parts), response)


@router.post(
    "/backtest",
    response={202: QueuedOut, 401: ErrorOut, 403: ErrorOut},
    auth=WRITE_AUTH,
)
def backtest(request: HttpRequest, response: HttpResponse) -> Any:
    """Queue the Dip Pouch backtest ("which rating predicts best", stored for its page) at the
    current lists: ratings officers and tournament directors."""
    if not _may_queue(request.user):
        return Status(403, refusal(Message.of("jobs.officers_recompute")))
    return queued(enqueue_backtest(request.user.pk), response)


@router.post(
    "/skill/{community}/replay",
    response={202: QueuedOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut},
    auth=WRITE_AUTH,
)
def skill_replay(request: HttpRequest, community: str, response: HttpResponse) -> Any:
    """Queue the replay of a community's whole history into its skill ratings (tantrix,
    wizard): ratings officers and tournament directors."""
    if not _may_queue(request.user):
        return Status(403, refusal(Message.of("jobs.officers_recompute")))
    if community not in SKILL_SOURCES:
        refused = Message.of("jobs.unknown_community", community=repr(community))
        return Status(422, refusal(refused, "community"))
    return queued(enqueue_skill_replay(request.user.pk, community), response)


@router.get(
    "/jobs/{job_id}/file",
    response={401: ErrorOut, 403: ErrorOut, 404: ErrorOut},
    auth=WRITE_AUTH,
    openapi_extra={
        "responses": {
            "200": {
                "description": "The file the job wrote: one CSV, or a zip of several CSV files",
                "content": {
                    "text/csv": {"schema": {"type": "string"}},
                    "application/zip": {"schema": {"type": "string", "format": "binary"}},
                },
            }
        }
    },
)
def job_file(request: HttpRequest, job_id: str) -> Any:
    """The file a done job wrote (the WDD export's): whoever queued it, ratings officers; 404
    until it is done."""
    state = job_state(job_id)
    if state is None:
        return Status(404, refusal(Message.of("api.not_found")))
    if not may_see(request.user, state):
        return Status(403, refusal(Message.of("jobs.not_yours")))
    path = result_file(state)
    if path is None:
        return Status(404, refusal(Message.of("jobs.no_file")))
    content_type = _FILE_TYPES.get(path.suffix, "application/octet-stream")
    return FileResponse(
        path.open("rb"), as_attachment=True, filename=path.name, content_type=content_type
    )


@router.post(
    "/export/wdd",
    response={202: QueuedOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut},
    auth=WRITE_AUTH,
    # the body may be left out (the whole history, both files): a JSON object when sent (a
    # body that is no JSON at all: 400, "the request's body is not valid JSON")
    openapi_extra={
        "requestBody": {
            "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/WddExportIn"}}
            },
            "required": False,
        }
    },
)
def export_wdd(
    request: HttpRequest, response: HttpResponse, payload: WddExportIn | None = None
) -> Any:
    """Queue the WDD files of a closed event, or of every closed event of the history (as
    ``palmares export wdd`` writes each): ratings officers and tournament directors."""
    if not _may_queue(request.user):
        return Status(403, refusal(Message.of("jobs.officers_export")))
    asked = payload or WddExportIn()
    if asked.kind is not None and asked.kind not in KINDS:
        return Status(422, refusal(Message.of("cli.wdd_file", kind=repr(asked.kind)), "kind"))
    if asked.event_id is not None:
        event = Event.objects.filter(pk=asked.event_id).first()
        if event is None:
            refused = Message.of("jobs.no_event", event=asked.event_id)
            return Status(422, refusal(refused, "event_id"))
        if not closed(event):
            refused = Message.of("events.not_closed", event=str(event))
            return Status(422, refusal(refused, "event_id"))
        if (
            asked.kind == "boards"
            and not Seat.objects.filter(board__round__tournament__event=event).exists()
        ):
            refused = Message.of("events.no_boards", event=str(event))
            return Status(422, refusal(refused, "event_id"))
    job = enqueue_wdd_export(request.user.pk, asked.event_id, asked.kind)
    return queued(job, response)
