"""The error a TD's write is refused with: what is wrong and which field (issue 12: every error
is ``{"detail", "field"}`` with a 4xx, never a 500)."""

from __future__ import annotations

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.explain.language import Language
from palmares.explain.messages import tell

__all__ = ["FieldError", "Forbidden"]


class FieldError(PalmaresError):
    """Bad input: ``field`` names the form field or JSON key (``None``: the whole request);
    ``status`` is the HTTP status the API answers with (400, or 409 for a state conflict)."""

    def __init__(
        self, message: str | Message, field: str | None = None, *, status: int = 400
    ) -> None:
        if isinstance(message, Message):  # told in the request's language (``told``)
            super().__init__(tell(message, Language.EN))
            self.said = message
        else:
            super().__init__(message)
        self.field = field
        self.status = status

    @classmethod
    def from_error(cls, error: PalmaresError, field: str | None = None) -> FieldError:
        """``error`` refused on ``field``, its typed message kept."""
        return cls(error.said if error.said is not None else str(error), field)


class Forbidden(PalmaresError):
    """The user may not make this write (the API answers 403 — 401 when not logged in)."""

    field = None
    status = 403
