"""Limits on what a request may carry, checked before any view reads it.

- A body larger than the limit of its kind is refused with **413** before it is read: an upload
  (``multipart/form-data``: the import page, ``POST /api/imports/{kind}``) up to
  :data:`MAX_UPLOAD_BYTES` (``PALMARES_MAX_UPLOAD_MB``, 20 MB by default: a results file of
  ~250,000 rows), any other body up to Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``.
- A NUL character in the address or a query parameter (which no name, slug or number contains,
  and which PostgreSQL cannot store or compare) is refused with **400**.
- An address with a number past every id column (> 2^63 − 1: ``/players/99999999999999999999/``)
  is **404** at once: nothing has that id, and the databases cannot even compare it.

Answers are JSON ``{"detail", "field"}`` under ``/api/``, a styled page elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from palmares.web.lib.env import env_str

__all__ = ["MAX_QUERY_CHARS", "MAX_UPLOAD_BYTES", "RequestLimitsMiddleware", "refuse"]


def _upload_limit() -> int:
    raw = env_str("PALMARES_MAX_UPLOAD_MB", "20")
    try:
        megabytes = float(raw)
    except ValueError:
        raise ImproperlyConfigured(
            f"PALMARES_MAX_UPLOAD_MB: expected a number, got {raw!r}"
        ) from None
    return int(megabytes * 1024 * 1024)


MAX_UPLOAD_BYTES = _upload_limit()
#: The longest search text (a player's or an event's name is at most 200 characters).
MAX_QUERY_CHARS = 200
#: The largest id of any table (PostgreSQL's bigint, SQLite's INTEGER).
BIGINT_MAX = 2**63 - 1
_NUMBERS = re.compile(r"[0-9]{19,}")
#: What a multipart body adds around the file (boundaries, headers, the other fields).
_MULTIPART_SLACK = 64 * 1024


def refuse(request: HttpRequest, status: int, detail: str, field: str | None) -> HttpResponse:
    """A refusal as JSON for the API, as the site's error page otherwise."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": detail, "field": field}, status=status)
    template = "404.html" if status == 404 else "ui/refused.html"
    return render(request, template, {"status": status, "detail": detail}, status=status)


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.0f} MB"


class RequestLimitsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path or any("\x00" in k for k in request.GET):
            return refuse(request, 400, _("the address contains a NUL character"), None)
        for key, values in request.GET.lists():
            if any("\x00" in v for v in values):
                return refuse(request, 400, _("a NUL character is not allowed"), key)
        if any(int(n) > BIGINT_MAX for n in _NUMBERS.findall(request.path)):
            return refuse(request, 404, _("not found"), None)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return refuse(request, 400, _("a bad Content-Length"), None)
        upload = request.content_type == "multipart/form-data"
        limit = (
            MAX_UPLOAD_BYTES + _MULTIPART_SLACK
            if upload
            else int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)
        )
        if limit and length > limit:
            if upload:
                template = _("A file of at most %(limit)s is accepted (this one: %(size)s).")
                shown = _megabytes(MAX_UPLOAD_BYTES)
            else:
                template = _("A request of at most %(limit)s is accepted (this one: %(size)s).")
                shown = _megabytes(limit) if limit >= 1024 * 1024 else f"{limit} bytes"
            detail = template % {"limit": shown, "size": _megabytes(length)}
            return refuse(request, 413, detail, "file" if upload else None)
        return self.get_response(request)
