"""The JSON API's game tables and files: a Tantrix event's performance table and a Wizard
month's league table as the engines compute them, a month's publication, and a file sent for
import (``/tantrix/…``, ``/wizard/months/…``, ``/imports/{kind}``; ratings officers write).

These operations were written in ``api.py`` first: each keeps its operation id
(:func:`~palmares.web.api.links.kept_id`)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeAlias

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import File, Router
from ninja.files import UploadedFile
from ninja.responses import Status

from palmares.core.message import Message
from palmares.tantrix.tables import performance_rows
from palmares.web.accounts.roles import is_ratings_officer
from palmares.web.api.answers import (
    READ_ERRORS,
    UPLOAD_ERRORS,
    WRITE_ERRORS,
    LeagueLineOut,
    MonthPublishedOut,
    PerformanceOut,
)
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.api.base import refusal as _refusal
from palmares.web.api.games import league_rows
from palmares.web.api.jobs import QueuedOut, queued
from palmares.web.api.links import kept_id as _kept
from palmares.web.api.schemas import Choice, ErrorOut
from palmares.web.events.models import Event
from palmares.web.faces.uploads import IMPORTERS, check_size
from palmares.web.jobs.services import enqueue_import
from palmares.web.tantrixdb.adapters import tournament_rating
from palmares.web.wizarddb import adapters as wizard_adapters
from palmares.web.wizarddb.models import Month

if TYPE_CHECKING:
    ImportKind: TypeAlias = str
else:
    #: ``{kind}`` of ``/imports/{kind}`` in any case (``?kind=`` of ``/events``: ``records.py``).
    ImportKind = Choice(*IMPORTERS)

__all__ = ["router"]

router = Router()


@router.get(
    "/tantrix/events/{event_id}/performance",
    response={200: list[PerformanceOut], **READ_ERRORS},
    tags=["tantrix"],
    operation_id=_kept("tantrix_performance"),
)
def tantrix_performance(request: HttpRequest, event_id: int) -> Any:
    """Seed 003's two tables as rows (the engine's ``performance_rows``), full precision."""
    ev = get_object_or_404(Event, pk=event_id, kind=Event.Kind.TANTRIX)
    return [
        {
            k: (str(v) if isinstance(v, float | Decimal | Fraction) else v)
            for k, v in asdict(row).items()
        }
        for row in performance_rows(tournament_rating(ev))
    ]


@router.get(
    "/wizard/months/{month}",
    response={200: list[LeagueLineOut], **READ_ERRORS},
    tags=["wizard"],
    operation_id=_kept("wizard_month"),
)
def wizard_month(request: HttpRequest, month: str) -> Any:
    """The month's table (``YYYY-MM``): every player, rank (None below the cut-off), points,
    wins, Skill Ratio and master points, as the engine computes them."""
    try:
        first = date.fromisoformat(f"{month}-01")
    except ValueError:
        return Status(422, _refusal(Message.of("api.month", got=repr(month)), "month"))
    return league_rows(wizard_adapters.month(first))


@router.post(
    "/imports/{kind}",
    response={202: QueuedOut, **UPLOAD_ERRORS, 409: ErrorOut},
    auth=WRITE_AUTH,
    tags=["imports"],
    operation_id=_kept("import_file"),
)
def import_file(
    request: HttpRequest,
    kind: ImportKind,
    file: File[UploadedFile],
    response: HttpResponse,
) -> Any:
    """Import a file (ratings officers): ``results`` (ratings recomputed), ``matches``,
    ``games``. Answered at once, ``202`` with the job that imports it (``{"job", "url"}``;
    ``GET /api/jobs/{id}`` follows it): the same strict readers as the command line; a bad file
    changes nothing and the job's ``error`` lists every problem as ``file:line: column:
    message``."""
    if not is_ratings_officer(request.user):
        return Status(403, _refusal(Message.of("api.officers_import")))
    if kind not in IMPORTERS:
        return Status(422, _refusal(Message.of("api.unknown_kind", kind=repr(kind)), "kind"))
    check_size(file.name or "", file.size)
    return queued(enqueue_import(request.user.pk, kind, file), response)


@router.post(
    "/wizard/months/{month}/publish",
    response={200: MonthPublishedOut, **WRITE_ERRORS},
    auth=WRITE_AUTH,
    tags=["wizard"],
    operation_id=_kept("publish_month"),
)
def publish_month(request: HttpRequest, month: str) -> Any:
    """Mark a league month's ranking as the official one (ratings officers)."""
    if not is_ratings_officer(request.user):
        return Status(403, _refusal(Message.of("api.officers_publish")))
    try:
        first = date.fromisoformat(f"{month}-01")
    except ValueError:
        raise Http404("no such month") from None
    found = get_object_or_404(Month, month=first)
    found.published = True
    found.save()
    return {"month": month, "published": True}
