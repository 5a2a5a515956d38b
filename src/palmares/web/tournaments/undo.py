"""Undo the last result entry of a tournament (issue 12, step 9), from the audit log.

Every result entry is audited with the board before and after it (``results.enter_result``:
``result round N board L``). :func:`undo_last_result` takes the latest such entry not undone yet,
checks that the board is still as that entry left it (else something else changed it since, and
the undo is refused), and puts the board back as it was before — or removes it when the entry
created it. The undo is audited itself (``undo result round N board L``, naming the entry it
undoes), so undoing again walks one entry further back. A closed tournament is not undone: its
classification is in the rating database.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from palmares.core.message import Message
from palmares.diplomacy import lifecycle
from palmares.diplomacy.lifecycle import Result
from palmares.web.audit.log import record
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.day import BoardRow, change_day, require_open
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Board, Tournament
from palmares.web.tournaments.registration import require_director
from palmares.web.tournaments.results import board_snapshot

__all__ = ["RESULT", "UNDO", "last_undoable", "undo_last_result"]

RESULT = "result round "
UNDO = "undo "


def last_undoable(t: Tournament) -> AuditEntry | None:
    """The latest result entry that no undo names yet."""
    undone = {
        int(e.after["undoes"])
        for e in AuditEntry.objects.filter(tournament=t, action__startswith=UNDO + RESULT)
        if isinstance(e.after, dict) and "undoes" in e.after
    }
    for entry in AuditEntry.objects.filter(tournament=t, action__startswith=RESULT).order_by("-id"):
        if entry.pk not in undone:
            return entry
    return None


def _where(entry: AuditEntry) -> tuple[int, str]:
    """``result round 3 board B`` → (3, "B")."""
    rest = entry.action.removeprefix(RESULT)
    number, _, label = rest.partition(" board ")
    return int(number), label


def undo_last_result(user: Any, t: Tournament) -> dict[str, Any]:
    """Put back the board the last result entry changed; returns what was undone (``said``:
    in words). The lifecycle refuses a board entered on seats its call no longer has
    (``diplomacy.lifecycle.results.restore_result``) and any write after close."""
    require_director(user, t)
    require_open(t)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        require_open(t)
        entry = last_undoable(t)
        if entry is None:
            raise FieldError(Message.of("site.nothing_to_undo"), None, status=409)
        number, label = _where(entry)
        board = Board.objects.filter(round__tournament=t, round__number=number, label=label).first()
        now = board_snapshot(board)
        if now != entry.after:
            raise FieldError(
                Message.of("site.changed_since", round=number, board=label), None, status=409
            )
        before = entry.before if isinstance(entry.before, dict) else None
        previous = None
        rows = {}
        if before is not None:
            previous = Result.of(
                label, dict(before["seats"]), top_board=bool(before.get("top_board"))
            )
            rows[(number, label)] = BoardRow(
                centres=dict(before["centres"]),
                eliminated=dict(before.get("eliminated") or {}),
                draw=tuple(before.get("draw") or ()),
                final_year=before.get("final_year"),
                centres_by_year=before.get("centres_by_year"),
            )
        change = change_day(
            t, lambda day: lifecycle.restore_result(day, number, label, previous), rows=rows
        )
        record(
            user,
            f"{UNDO}{entry.action}",
            tournament=t,
            before=now,
            after={"undoes": entry.pk, "board": before},
            said=change.said,
        )
    return {
        "undone": entry.action,
        "round": number,
        "board": label,
        "entry": entry.pk,
        "said": change.said,
    }
