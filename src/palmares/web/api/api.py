"""The JSON API: read everything, write results for authorised users.

Stable ids are the database ids; lists are paginated (``?limit=&offset=``); every error is JSON
with ``detail`` and, where one field is wrong, ``field``. Writes need a logged-in session
(Django auth, CSRF-protected) or ``Authorization: Bearer TOKEN`` (:mod:`palmares.web.api.auth`):
ratings officers replace an event's results; a tournament's
directors enter its boards.

This module builds the API from its routers, one module each by what the operations are about
(``records.py``: players, events, the Dip Pouch list; ``tournaments.py``; ``tables.py``: the
games' tables and imports; ``tday.py`` and ``tday_boards.py``: the tournament day …), and
answers their exceptions. The routers are added in one fixed order: it is the order of the
paths in ``/api/openapi.json``.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.openapi.docs import ABS_TPL_PATH, Swagger

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.web.api import tday, tday_boards
from palmares.web.api.auth import TokenRefused
from palmares.web.api.base import BadParameter
from palmares.web.api.base import refusal as _refusal
from palmares.web.api.clock import router as clock_router
from palmares.web.api.closing import router as closing_router
from palmares.web.api.games import router as games_router
from palmares.web.api.invalid import field_of, invalid_message
from palmares.web.api.jobs import router as jobs_router
from palmares.web.api.outlook import router as outlook_router
from palmares.web.api.overrides import router as overrides_router
from palmares.web.api.records import router as records_router
from palmares.web.api.reports import router as reports_router
from palmares.web.api.tables import router as tables_router
from palmares.web.api.topboard import router as topboard_router
from palmares.web.api.tournaments import router as tournaments_router
from palmares.web.api.undo import router as undo_router
from palmares.web.faces.uploads import UploadTooLarge
from palmares.web.lib.concurrency import WriteConflict
from palmares.web.lib.words import said, told

__all__ = ["api"]


class LocalSwagger(Swagger):
    """Swagger from ninja's own files: ninja is not an installed app (settings.NINJA), so ninja
    would take its CDN template; its local one is the one rendered."""

    template_cdn = str(ABS_TPL_PATH / "swagger.html")


api = NinjaAPI(
    title="palmares",
    docs=LocalSwagger(),
    version="1",
    description="Results, scores and ratings: Dip Pouch, Diplomacy tournaments, Tantrix, Wizard.",
    urls_namespace="api",
)
api.add_router("", records_router)
api.add_router("", tournaments_router)
api.add_router("", tables_router)
api.add_router("", games_router)
api.add_router("", tday.router)
api.add_router("", tday_boards.router)
api.add_router("", closing_router)
api.add_router("", topboard_router)
api.add_router("", overrides_router)
api.add_router("", undo_router)
api.add_router("", clock_router)
api.add_router("", reports_router)
api.add_router("", jobs_router)
api.add_router("", outlook_router)


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """A request its schema refuses: the first error told in the request's language
    (``invalid``), the field it names, and pydantic's own list of them all."""
    first: dict[str, Any] = exc.errors[0] if exc.errors else {}
    message = invalid_message(first)
    return api.create_response(
        request,
        {
            "detail": said(message) if message is not None else first.get("msg", "invalid input"),
            "field": field_of(first) or None,
            "errors": exc.errors,
        },
        status=422,
    )


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    """ninja's own refusals; a body it could not parse at all (400, raised from the parser's
    error) told in the request's language."""
    if exc.status_code == 400 and exc.__cause__ is not None:
        body = _refusal(Message.of("api.invalid.json"))
        return api.create_response(request, body, status=400)
    return api.create_response(request, {"detail": str(exc)}, status=exc.status_code)


@api.exception_handler(PalmaresError)
def _bad_input(request: HttpRequest, exc: PalmaresError) -> HttpResponse:
    """A refused input (a service's ``FieldError`` names the field and its 4xx status)."""
    field, status = getattr(exc, "field", None), getattr(exc, "status", 400)
    return api.create_response(request, {"detail": told(exc), "field": field}, status=status)


@api.exception_handler(WriteConflict)
def _conflict(request: HttpRequest, exc: WriteConflict) -> HttpResponse:
    return api.create_response(request, {"detail": str(exc), "field": None}, status=409)


@api.exception_handler(BadParameter)
def _bad_parameter(request: HttpRequest, exc: BadParameter) -> HttpResponse:
    return api.create_response(request, _refusal(exc.detail, exc.field), status=400)


@api.exception_handler(UploadTooLarge)
def _too_large(request: HttpRequest, exc: UploadTooLarge) -> HttpResponse:
    return api.create_response(request, {"detail": told(exc), "field": "file"}, status=413)


@api.exception_handler(AuthenticationError)
def _unauthorised(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return api.create_response(request, _refusal(Message.of("api.log_in")), status=401)


@api.exception_handler(TokenRefused)
def _token_refused(request: HttpRequest, exc: TokenRefused) -> HttpResponse:
    answer = api.create_response(request, _refusal(Message.of("api.bad_token")), status=401)
    answer["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    return answer


def _not_found(request: HttpRequest, exc: Http404 | type[Http404]) -> HttpResponse:
    return api.create_response(request, _refusal(Message.of("api.not_found")), status=404)


api.add_exception_handler(Http404, _not_found)
