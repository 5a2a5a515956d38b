"""Queue a job and read where it stands: the one path the import page, ``POST
/api/imports/{kind}``, ``POST /api/recompute`` and the job's page and API share."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, transaction
from django_tasks import TaskResultStatus, default_task_backend
from django_tasks.exceptions import TaskResultDoesNotExist
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction

from palmares.core.errors import Problem
from palmares.core.message import Message
from palmares.web.accounts.roles import is_ratings_officer
from palmares.web.events.models import Event
from palmares.web.faces.uploads import kept_suffix, shown_name
from palmares.web.jobs import tasks
from palmares.web.jobs.models import Job
from palmares.web.jobs.progress import progress_of
from palmares.web.lib.concurrency import hold, retrying
from palmares.web.lib.words import said, told
from palmares.web.tournaments.wdd_export import KINDS

__all__ = [
    "PARTS",
    "JobState",
    "Upload",
    "enqueue_backtest",
    "enqueue_import",
    "enqueue_recompute",
    "enqueue_skill_replay",
    "enqueue_wdd_export",
    "error_lines",
    "job_state",
    "may_see",
    "queued_backtest",
    "result_file",
]

#: The parts a recompute may name (``palmares recompute --only``).
PARTS = ("dip-pouch", "tantrix", "wizard")

State = Literal["queued", "running", "done", "failed"]

_STATES: dict[str, State] = {
    TaskResultStatus.READY: "queued",
    TaskResultStatus.RUNNING: "running",
    TaskResultStatus.SUCCESSFUL: "done",
    TaskResultStatus.FAILED: "failed",
}


class Upload(Protocol):
    """An uploaded file as Django hands it (in memory, or spooled to a temporary file)."""

    name: str | None

    def chunks(self) -> Iterable[bytes]: ...


@dataclass(frozen=True, slots=True)
class JobState:
    """Where a job stands: its state, how far (0…1) and at which step, its result when done,
    its problems when failed (``file:line: column:`` as the readers tell them)."""

    id: str
    what: Message
    state: State
    progress: float
    step: str
    result: Any
    problems: tuple[Problem, ...]
    requested_by: int | None


def _keep(kind: str, upload: Upload) -> tuple[str, Path]:
    """Keep the upload under ``PALMARES_JOBS_DIR/files`` until its job has run: moved when
    Django spooled it to disk (a large file: no copy), else written."""
    shown = shown_name(kind, upload.name or "")
    folder = Path(settings.JOBS_DIR) / "files"
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / f"{uuid.uuid4().hex}{kept_suffix(shown)}"
    spooled = getattr(upload, "temporary_file_path", None)
    if callable(spooled):
        try:
            os.replace(spooled(), kept)
        except OSError:  # another file system: copy it
            shutil.copyfile(spooled(), kept)
        return shown, kept
    with kept.open("wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    return shown, kept


def enqueue_import(user_id: int | None, kind: str, upload: Upload) -> Job:
    """Queue the import of ``upload`` as ``kind`` (a key of ``faces.uploads.IMPORTERS``; the
    caller checked it and the file's size)."""
    shown, kept = _keep(kind, upload)
    what = Message.of("jobs.import", file=shown, kind=kind)

    def queue() -> Job:
        with transaction.atomic():
            queued = tasks.import_file.enqueue(kind, shown, str(kept))
            return Job.objects.create(
                id=queued.id, what=what.to_json(), requested_by_id=user_id, upload=str(kept)
            )

    try:
        # (on SQLite a running import holds the one write lock: wait for it, else a 409)
        return retrying(queue, what=f"queueing the import of {shown}")
    except BaseException:
        kept.unlink(missing_ok=True)
        raise


def enqueue_recompute(user_id: int | None, parts: tuple[str, ...]) -> Job:
    """Queue the recompute of ``parts`` (each one of :data:`PARTS`; the caller checked them)."""
    what = Message.of("jobs.recompute", parts=", ".join(parts))

    def queue() -> Job:
        with transaction.atomic():
            queued = tasks.recompute.enqueue(list(parts))
            return Job.objects.create(id=queued.id, what=what.to_json(), requested_by_id=user_id)

    return retrying(queue, what="queueing the recompute")


def enqueue_backtest(user_id: int | None) -> Job:
    """Queue the Dip Pouch backtest ("which rating predicts best") at the current lists."""
    what = Message.of("jobs.backtest")

    def queue() -> Job:
        with transaction.atomic():
            queued = tasks.backtest.enqueue()
            return Job.objects.create(id=queued.id, what=what.to_json(), requested_by_id=user_id)

    return retrying(queue, what="queueing the backtest")


def queued_backtest() -> Job:
    """The backtest job that will compute the Dip Pouch figures at the current lists, for the
    page ``/ratings/dip-pouch/`` when its figures are behind: a backtest already queued or
    running (whoever asked for it), else one queued now (asked by nobody) — never two, when
    several processes ask at once (the queue's rows read and written under one lock: an
    exclusive transaction on SQLite, an advisory lock on PostgreSQL, read from the primary)."""

    def queue() -> Job:
        with exclusive_transaction():
            hold("jobs:backtest")
            waiting = DBTaskResult.objects.using(DEFAULT_DB_ALIAS).filter(
                task_path=tasks.backtest.module_path,
                status__in=(TaskResultStatus.READY, TaskResultStatus.RUNNING),
            )
            found = (
                Job.objects.using(DEFAULT_DB_ALIAS)
                .filter(id__in=waiting.values("id"))
                .order_by("created")
                .first()
            )
            if found is not None:
                return found
            queued = tasks.backtest.enqueue()
            what = Message.of("jobs.backtest").to_json()
            return Job.objects.create(id=queued.id, what=what, requested_by_id=None)

    return retrying(queue, what="queueing the backtest")


def enqueue_wdd_export(user_id: int | None, event_id: int | None, kind: str | None) -> Job:
    """Queue the WDD export of event ``event_id`` (``None``: the whole history), both files or
    ``kind`` only (the caller checked them)."""
    kinds = kind or ", ".join(KINDS)
    if event_id is None:
        what = Message.of("jobs.wdd_history", kinds=kinds)
    else:
        event = Event.objects.get(pk=event_id)
        what = Message.of("jobs.wdd_event", event=str(event), kinds=kinds)

    def queue() -> Job:
        with transaction.atomic():
            queued = tasks.export_wdd.enqueue(event_id, kind)
            return Job.objects.create(id=queued.id, what=what.to_json(), requested_by_id=user_id)

    return retrying(queue, what="queueing the WDD export")


def result_file(state: JobState) -> Path | None:
    """The file a done job wrote (its result's ``file``, in its result folder); None when it
    wrote none, is not done, or the file is gone."""
    if state.state != "done" or not isinstance(state.result, dict):
        return None
    name = state.result.get("file")
    if not isinstance(name, str) or Path(name).name != name or name in ("", ".", ".."):
        return None
    path = tasks.result_folder(state.id) / name
    return path if path.is_file() else None


def enqueue_skill_replay(user_id: int | None, community: str) -> Job:
    """Queue the replay of ``community``'s skill ratings (a key of ``tasks.SKILL_SOURCES``;
    the caller checked it)."""
    what = Message.of("jobs.skill_replay", community=community)

    def queue() -> Job:
        with transaction.atomic():
            queued = tasks.skill_replay.enqueue(community)
            return Job.objects.create(id=queued.id, what=what.to_json(), requested_by_id=user_id)

    return retrying(queue, what="queueing the skill replay")


def _problem(data: dict[str, Any]) -> Problem:
    said = data.get("said")
    return Problem(
        str(data.get("file") or ""),
        data.get("line"),
        data.get("column"),
        str(data.get("text") or ""),
        None if said is None else Message.from_json(said),
    )


def job_state(job_id: str) -> JobState | None:
    """Where job ``job_id`` stands; None when there is no such job."""
    try:
        job = Job.objects.get(id=job_id)
        queued = default_task_backend.get_result(str(job.id))
    except (Job.DoesNotExist, TaskResultDoesNotExist, ValidationError, ValueError):
        return None
    state = _STATES.get(queued.status, "failed")
    told = progress_of(str(job.id)) if state == "running" else None
    problems: tuple[Problem, ...] = ()
    if state == "failed":
        problems = tuple(_problem(p) for p in job.problems or ())
        if not problems:
            error = queued.errors[-1].exception_class_path if queued.errors else "?"
            crashed = Message.of("jobs.crashed", error=error.rpartition(".")[2])
            problems = (Problem.of("", None, None, crashed),)
    return JobState(
        id=str(job.id),
        what=Message.from_json(job.what),
        state=state,
        progress=1.0 if state == "done" else told.fraction if told is not None else 0.0,
        step=told.step if told is not None else "",
        result=queued.return_value if state == "done" else None,
        problems=problems,
        requested_by=job.requested_by_id,
    )


def error_lines(state: JobState) -> list[str]:
    """A failed job's problems in the request's language, one a line: ``file:line: column:
    message`` as the file readers tell theirs, the message alone for the job's own."""
    return [told(p) if p.file else said(p.said) if p.said else p.text for p in state.problems]


def may_see(user: Any, state: JobState) -> bool:
    """Who may follow a job: whoever asked for it, a ratings officer, a superuser."""
    return bool(
        user.is_authenticated
        and (state.requested_by == user.pk or is_ratings_officer(user) or user.is_superuser)
    )
