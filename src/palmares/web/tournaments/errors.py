"""The error a TD's write is refused with: what is wrong and which field (issue 12: every error
is ``{"detail", "field"}`` with a 4xx, never a 500)."""

from __future__ import annotations

from palmares.core.errors import PalmaresError

__all__ = ["FieldError", "Forbidden"]


class FieldError(PalmaresError):
    """Bad input: ``field`` names the form field or JSON key (``None``: the whole request);
    ``status`` is the HTTP status the API answers with (400, or 409 for a state conflict)."""

    def __init__(self, message: str, field: str | None = None, *, status: int = 400) -> None:
        super().__init__(message)
        self.field = field
        self.status = status


class Forbidden(PalmaresError):
    """The user may not make this write (the API answers 403 — 401 when not logged in)."""

    field = None
    status = 403
