"""Every refusal of the JSON API is JSON with ``detail`` (issue 36), including the ones no
endpoint answers: a method the path does not take (django-ninja's 405), a path under
``/api/`` that names nothing (Django's 404), a form post without its CSRF token (Django's 403).
:class:`JsonRefusals` rewrites such an answer, keeping its status and headers (``Allow``)."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from palmares.core.message import Message
from palmares.web.lib.words import said

__all__ = ["JsonRefusals"]

#: Where the API answers (``palmares.web.urls``).
PREFIX = "/api/"


def _message(request: HttpRequest, answer: HttpResponse) -> Message:
    if answer.status_code == 405:
        allowed = tuple(m.strip() for m in answer.get("Allow", "").split(",") if m.strip())
        return Message.of("api.method", method=request.method or "", allowed=allowed)
    if answer.status_code == 404:
        return Message.of("api.not_found")
    return Message.of("api.refused", status=answer.status_code)


class JsonRefusals:
    """A 4xx under :data:`PREFIX` that is not JSON becomes ``{"detail", "field": null}``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        answer = self.get_response(request)
        if (
            request.path.startswith(PREFIX)
            and 400 <= answer.status_code < 500
            and not answer.get("Content-Type", "").startswith("application/json")
            and not getattr(answer, "streaming", False)
        ):
            answer.content = json.dumps(
                {"detail": said(_message(request, answer)), "field": None}
            ).encode()
            answer["Content-Type"] = "application/json; charset=utf-8"
        return answer
