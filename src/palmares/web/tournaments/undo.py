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
from palmares.diplomacy.board import parse_power
from palmares.web.audit.log import record
from palmares.web.audit.models import AuditEntry
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.tournaments.closing import is_closed
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Board, Round, Seat, Tournament
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
    """Put back the board the last result entry changed; returns what was undone."""
    require_director(user, t)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        if is_closed(t):
            raise FieldError(Message.of("site.closed", tournament=str(t)), None, status=409)
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
        if before is None:
            if board is not None:
                board.delete()
        else:
            _restore(t, number, label, before)
        record(
            user,
            f"{UNDO}{entry.action}",
            tournament=t,
            before=now,
            after={"undoes": entry.pk, "board": before},
        )
    return {"undone": entry.action, "round": number, "board": label, "entry": entry.pk}


def _restore(t: Tournament, number: int, label: str, snap: dict[str, Any]) -> None:
    rnd, _ = Round.objects.get_or_create(tournament=t, number=number)
    board, _ = Board.objects.get_or_create(round=rnd, label=label)
    board.top_board = bool(snap.get("top_board"))
    board.final_year = snap.get("final_year")
    board.centres_by_year = snap.get("centres_by_year")
    board.save()
    names: dict[str, str] = snap["seats"]
    players = {
        p.key: p
        for p in Player.objects.filter(key__in=[name_key(n) for n in names.values()]).order_by(
            "-id"
        )
    }
    seated = {
        s.player.key: s.player
        for s in Seat.objects.filter(board__round__tournament=t).select_related("player")
    }
    drawn = set(snap.get("draw") or ())
    eliminated: dict[str, int] = snap.get("eliminated") or {}
    board.seats.all().delete()
    Seat.objects.bulk_create(
        Seat(
            board=board,
            power=parse_power(power)[0],
            player=seated.get(name_key(name)) or players[name_key(name)],
            centres=snap["centres"][power],
            eliminated=eliminated.get(power),
            in_draw=power in drawn,
        )
        for power, name in names.items()
    )
