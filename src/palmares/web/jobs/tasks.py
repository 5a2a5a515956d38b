"""The jobs themselves: Django tasks (``django-tasks``) that a worker runs. Each runs under the
job's progress keeper (:mod:`.progress`) and, when it fails, keeps why as typed problems on its
:class:`~.models.Job` before the queue marks it failed; an uploaded file is removed once its
job has ended either way (a worker killed mid-job leaves it for the next try)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django_tasks import TaskContext, task

from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.core.message import Message
from palmares.core.progress import report
from palmares.web.events.models import Event
from palmares.web.faces.uploads import import_stored
from palmares.web.jobs.models import Job
from palmares.web.jobs.progress import observed
from palmares.web.ratinglists.backtests import store_dip_pouch
from palmares.web.ratinglists.recompute import recompute_all
from palmares.web.ratinglists.skill_refresh import refresh
from palmares.web.ratinglists.skill_sources import TANTRIX, WIZARD, Source
from palmares.web.tournaments.wdd_export import write_wdd, written_json

__all__ = [
    "SKILL_SOURCES",
    "JobFailed",
    "backtest",
    "export_wdd",
    "import_file",
    "problems_json",
    "recompute",
    "result_folder",
    "run_as_job",
    "skill_replay",
]

#: The communities whose skill ratings a replay rebuilds on its own (the Dip Pouch skill is
#: part of the Dip Pouch recompute).
SKILL_SOURCES: dict[str, Source] = {"tantrix": TANTRIX, "wizard": WIZARD}

T = TypeVar("T")


class JobFailed(Exception):
    """Raised to the queue when a job failed for a reason kept on its :class:`Job` (the queue
    then marks it failed)."""


def problems_json(problems: tuple[Problem, ...]) -> list[dict[str, Any]]:
    """Problems as the job keeps them (JSON): where, and what as a typed message."""
    return [
        {
            "file": p.file,
            "line": p.line,
            "column": p.column,
            "text": p.text,
            "said": None if p.said is None else p.said.to_json(),
        }
        for p in problems
    ]


def _problems_of(exc: BaseException) -> tuple[Problem, ...]:
    if isinstance(exc, InputError):
        return exc.problems
    if isinstance(exc, PalmaresError):
        return (Problem("", None, None, str(exc), exc.said),)
    crashed = Message.of("jobs.crashed", error=type(exc).__name__)
    return (Problem.of("", None, None, crashed),)


def run_as_job(job_id: str, work: Callable[[], T], upload: Path | None = None) -> T:
    """``work()`` as job ``job_id``: its progress observed; on an error, the error kept on the
    job (as problems) and :class:`JobFailed` raised; the upload removed once it has ended."""
    try:
        with observed(job_id) as keeper:
            done = work()
            keeper.fraction = 1.0  # written as it stops: the page never goes back to 0
            return done
    except Exception as exc:
        Job.objects.filter(id=job_id).update(problems=problems_json(_problems_of(exc)))
        raise JobFailed(str(exc)) from exc
    finally:
        if upload is not None:
            upload.unlink(missing_ok=True)


@task(takes_context=True)
def import_file(context: TaskContext, kind: str, shown: str, kept: str) -> dict[str, Any] | str:
    """Import the uploaded file kept at ``kept`` as ``kind`` (its problems naming it
    ``shown``): one transaction, as ``palmares import``."""
    job_id = str(context.task_result.id)
    path = Path(kept)

    def work() -> dict[str, Any] | str:
        if not path.exists():
            raise PalmaresError.of(Message.of("jobs.file_gone", file=shown))
        return import_stored(kind, shown, path)

    return run_as_job(job_id, work, upload=path)


@task(takes_context=True)
def recompute(context: TaskContext, parts: list[str]) -> list[dict[str, Any]]:
    """Compute every stored figure of ``parts`` (communities: dip-pouch, tantrix, wizard)
    again, as ``palmares recompute``; each part is reported as a step."""

    def work() -> list[dict[str, Any]]:
        done: list[dict[str, Any]] = []
        for at, part in enumerate(parts):
            report("recomputing", at, len(parts))
            done += [{"recomputed": d.part, "rows": d.rows} for d in recompute_all((part,))]
        report("recomputing", len(parts), len(parts))
        return done

    return run_as_job(str(context.task_result.id), work)


@task(takes_context=True)
def backtest(context: TaskContext) -> dict[str, Any]:
    """Compute and store "which rating predicts best" for the Dip Pouch history at the lists'
    current generation (``ratinglists.backtests``; minutes at a federation's size), which the
    page ``/ratings/dip-pouch/`` then reads."""

    def work() -> dict[str, Any]:
        report("backtest", 0, 1)
        store_dip_pouch()
        return {"backtest": "dip-pouch"}

    return run_as_job(str(context.task_result.id), work)


@task(takes_context=True)
def skill_replay(context: TaskContext, community: str) -> dict[str, Any]:
    """Replay the whole history of ``community`` (tantrix, wizard) into its stored skill
    ratings (``ratinglists.skill_refresh.refresh(full=True)``), in one transaction."""

    def work() -> dict[str, Any]:
        report("skill replay", 0, 1)
        done = refresh(SKILL_SOURCES[community], full=True)
        return {"community": community, "written": done.written, "rated": done.rated}

    return run_as_job(str(context.task_result.id), work)


def result_folder(job_id: str) -> Path:
    """Where job ``job_id`` keeps the file it wrote: ``PALMARES_JOBS_DIR/results/<id>/``."""
    return Path(settings.JOBS_DIR) / "results" / str(job_id)


@task(takes_context=True)
def export_wdd(context: TaskContext, event_id: int | None, kind: str | None) -> dict[str, Any]:
    """Write the WDD files of event ``event_id`` (``None``: the whole history), both or
    ``kind`` only, into the job's result folder (:func:`result_folder`), as ``palmares export
    wdd`` writes each (``tournaments.wdd_export``); the result names the file."""
    job_id = str(context.task_result.id)

    def work() -> dict[str, Any]:
        event = None
        if event_id is not None:
            event = Event.objects.filter(pk=event_id).first()
            if event is None:
                raise PalmaresError.of(Message.of("jobs.no_event", event=event_id))
        return written_json(write_wdd(result_folder(job_id), event, kind))

    return run_as_job(job_id, work)
