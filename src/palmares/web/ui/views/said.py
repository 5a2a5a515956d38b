"""What a TD's write from a page answers (issue 32, "Pages that tell the TD what happened").

- An accepted write confirms in a message what it did: the ``said`` messages its audit entry
  was recorded with (the lifecycle's, ``web.audit.words``), told in the request's language;
  an entry recorded without them is told by its kind (``audit.words.entry_message``).
- A refused write keeps the TD on the page the form was on, the form filled, the reason at the
  top ("Refused, nothing changed: …") and beside the field the refusal names; the status is
  the refusal's (400 for the input, 409 for the day's state). The field is the form's name for
  it: a list's row index (``0.team``) is not shown to the TD.
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.db.models import Max
from django.http import HttpRequest
from django.utils.translation import gettext as _

from palmares.core.errors import PalmaresError
from palmares.web.audit.models import AuditEntry
from palmares.web.audit.words import entry_message, said_of
from palmares.web.lib.words import said, told
from palmares.web.tournaments.closing import is_closed
from palmares.web.tournaments.models import Tournament

__all__ = ["Refusal", "audit_mark", "confirm", "field_of", "refusal", "writable"]

#: A list's row index before or after a field's name (``0.team``, ``present.3``).
_INDEX = re.compile(r"^(?:[A-Za-z_]+\.)?\d+\.|\.\d+$")


def audit_mark(t: Tournament) -> int:
    """The newest audit entry of ``t`` before a write (0: none)."""
    found = AuditEntry.objects.filter(tournament=t).aggregate(last=Max("id"))["last"]
    return int(found or 0)


def confirm(request: HttpRequest, t: Tournament, since: int) -> int:
    """Tell the TD what the writes recorded after ``since`` did; returns how many messages."""
    told_now = 0
    for entry in AuditEntry.objects.filter(tournament=t, pk__gt=since).order_by("id"):
        lines = [said(m) for m in said_of(entry)] or [said(entry_message(entry))]
        for line in lines:
            messages.success(request, line)
            told_now += 1
    return told_now


def field_of(error: PalmaresError) -> str | None:
    """The field a refusal names, as the page's form names it (no row index)."""
    field = getattr(error, "field", None)
    if not field:
        return None
    return _INDEX.sub("", str(field))


class Refusal(dict[str, Any]):
    """A refusal as the pages' templates read it: ``text`` (the reason), ``field``, ``status``."""


def refusal(request: HttpRequest, error: PalmaresError) -> Refusal:
    """``error`` put at the top of the page (a message) and returned for the field it names."""
    text = told(error)
    messages.error(request, _("Refused, nothing changed: %(why)s") % {"why": text})
    status = int(getattr(error, "status", 400) or 400)
    return Refusal(text=text, field=field_of(error), status=status if status >= 400 else 400)


def writable(t: Tournament) -> bool:
    """Whether the day still takes writes (issue 32, invariant 7: after close, none)."""
    return not is_closed(t)
