"""Recording a write in the audit log, inside the writing service's transaction (so a refused or
rolled-back write leaves no entry).

A tournament is any stored model here (``tournaments.Tournament``, on the day's floor above this
one: docs/web.md, "Floors"), kept by its key."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Model

from palmares.core.message import Message
from palmares.explain.language import Language
from palmares.explain.messages import tell
from palmares.web.audit.models import AuditEntry
from palmares.web.audit.words import entry_message, said_of

__all__ = ["entries", "record"]


def record(
    user: Any,
    action: str,
    *,
    tournament: Model | None = None,
    before: Any = None,
    after: Any = None,
    said: Sequence[Message] = (),
) -> AuditEntry:
    """Keep one accepted write; call inside the service's ``transaction.atomic()``. ``said``:
    what it did, in typed messages (the lifecycle's), told on the audit page."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit.record must be called inside the writing transaction")
    who = user if getattr(user, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        tournament_id=tournament.pk if tournament is not None else None,
        user=who,
        action=action,
        before=before,
        after=after,
        said=[m.to_json() for m in said],
    )


def entries(tournament: Model, language: Language | str | None = None) -> list[dict[str, Any]]:
    """The tournament's log, oldest first, as the API shows it: each entry's snapshots, and in
    words (``what`` kind of write, what it ``said`` it did) in ``language``."""
    return [
        {
            "at": e.at.isoformat(),
            "user": e.user.get_username() if e.user is not None else "",
            "action": e.action,
            "what": tell(entry_message(e), language),
            "said": [tell(m, language) for m in said_of(e)],
            "before": e.before,
            "after": e.after,
        }
        for e in AuditEntry.objects.filter(tournament_id=tournament.pk).select_related("user")
    ]
