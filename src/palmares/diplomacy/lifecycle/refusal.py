"""What a transition of the day answers: the next day and what it did, or a refusal and why.

A refusal is a :class:`Refused` error with its reason as a typed message (the words layer
tells it in the reader's language), the input it is about (``field``: a form field or JSON key,
``None`` for the request as a whole) and whether the day's state refuses a well-formed request
(``conflict``: HTTP 409) or the input itself is wrong (400). A refused transition changes
nothing: the day is a value and the caller writes only what a transition returned.
"""

from __future__ import annotations

from dataclasses import dataclass

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.lifecycle.state import Day

__all__ = ["Change", "Refused", "bad", "conflict"]


class Refused(PalmaresError):
    """A guard of the day refused a change (see the module's docstring)."""

    field: str | None = None
    conflict: bool = True

    @classmethod
    def because(cls, said: Message, *, field: str | None = None, conflict: bool = True) -> Refused:
        error = cls.of(said)
        error.field = field
        error.conflict = conflict
        return error


def conflict(said: Message, field: str | None = None) -> Refused:
    """The day's state refuses the change (409) because of ``said``."""
    return Refused.because(said, field=field, conflict=True)


def bad(said: Message, field: str | None = None) -> Refused:
    """The input is wrong (400): ``said``."""
    return Refused.because(said, field=field, conflict=False)


@dataclass(frozen=True, slots=True)
class Change:
    """A transition's answer: the next ``day`` and what it did (``said``: empty when nothing
    changed), for the TD's confirmation."""

    day: Day
    said: tuple[Message, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.said)

    def then(self, more: Change) -> Change:
        """This change followed by ``more`` (made from this change's day)."""
        return Change(more.day, (*self.said, *more.said))
