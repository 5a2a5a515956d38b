"""Recording a write in the audit log, inside the writing service's transaction (so a refused or
rolled-back write leaves no entry)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Tournament

__all__ = ["entries", "record"]


def record(
    user: Any,
    action: str,
    *,
    tournament: Tournament | None = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Keep one accepted write; call inside the service's ``transaction.atomic()``."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit.record must be called inside the writing transaction")
    who = user if getattr(user, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        tournament=tournament, user=who, action=action, before=before, after=after
    )


def entries(tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's log, oldest first, as the page and the API show it."""
    return [
        {
            "at": e.at.isoformat(),
            "user": e.user.get_username() if e.user is not None else "",
            "action": e.action,
            "before": e.before,
            "after": e.after,
        }
        for e in AuditEntry.objects.filter(tournament=tournament).select_related("user")
    ]
