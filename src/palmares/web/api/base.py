"""What the API's modules of operations share (``api.py`` answers their exceptions): the
pagination of lists, a refusal's body, and a query parameter refused."""

from __future__ import annotations

from typing import Any

from ninja import Field, Schema
from ninja.pagination import LimitOffsetPagination

from palmares.core.message import Message
from palmares.web.api.schemas import INTEGER_MAX
from palmares.web.lib.words import said

__all__ = ["BadParameter", "Pages", "refusal"]


class Pages(LimitOffsetPagination):
    """``?limit=`` (1–1000, 100 by default) and ``?offset=`` (within a database integer)."""

    class Input(Schema):
        limit: int = Field(100, ge=1, le=1000)
        offset: int = Field(0, ge=0, le=INTEGER_MAX)


def refusal(message: Message, field: str | None = None) -> dict[str, Any]:
    """An answer's body: ``message`` (a sentence of ``explain.messages_api``) in the request's
    language, and the field it names."""
    return {"detail": said(message), "field": field}


class BadParameter(Exception):
    """A query parameter out of bounds (answered 400 naming it, ``api.py``)."""

    def __init__(self, field: str, detail: Message) -> None:
        super().__init__(detail.key)
        self.field = field
        self.detail = detail
