"""An audit entry in words (issue 32: "the audit page tells each entry in words, both
languages, paged"): what kind of write it was, as a typed message from its action and
snapshots, and what it did (the lifecycle's messages it was recorded with). The sentences are
the words layer's (``explain.messages_audit``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from palmares.core.message import Message
from palmares.web.audit.models import AuditEntry

__all__ = ["Told", "entry_message", "said_of"]

_ROUND = re.compile(r"^(?P<what>.*?) round (?P<round>\d+)(?: board (?P<board>.+))?$")


def _name(snapshot: Any, key: str = "player") -> str:
    if isinstance(snapshot, dict):
        return str(snapshot.get(key, ""))
    return ""


def _plain(e: AuditEntry) -> Message | None:
    """An action of the tournament as a whole."""
    who = _name(e.after) or _name(e.before)
    found = {
        "create tournament": lambda: Message.of("audit.create"),
        "add director": lambda: Message.of("audit.director"),
        "register players": lambda: Message.of("audit.register"),
        "keep apart": lambda: Message.of("audit.keep_apart"),
        "attendance": lambda: Message.of("audit.attendance", player=who),
        "top-board decline": lambda: Message.of("audit.decline"),
        "top-board decline withdrawn": lambda: Message.of("audit.decline_withdrawn"),
        "top-board team option": lambda: Message.of("audit.team_option"),
        "score override": lambda: Message.of("audit.ruling", player=who),
        "score override withdrawn": lambda: Message.of("audit.ruling_withdrawn", player=who),
        "close": lambda: Message.of("audit.close"),
        "clock settings": lambda: Message.of("audit.clock_settings"),
        "clock start": lambda: Message.of("audit.clock_start"),
        "clock pause": lambda: Message.of("audit.clock_pause"),
        "clock resume": lambda: Message.of("audit.clock_resume"),
        "clock next": lambda: Message.of("audit.clock_next"),
        "clock set": lambda: Message.of("audit.clock_set"),
        "report rule": lambda: Message.of("audit.report_rule"),
    }.get(e.action)
    return found() if found is not None else None


def _of_round(e: AuditEntry, what: str, n: int, board: str) -> Message | None:
    """An action of round ``n`` (and board ``board``, where it names one)."""
    found = {
        "roll call": lambda: Message.of("audit.roll_call", round=n),
        "self check-in": lambda: Message.of("audit.check_in_switch", round=n),
        "check-in": lambda: Message.of("audit.check_in", round=n, player=_name(e.after)),
        "board call": lambda: Message.of("audit.call", round=n),
        "swap players": lambda: Message.of("audit.swap_players", round=n),
        "swap powers": lambda: Message.of("audit.swap_powers", round=n),
        "publish board call": lambda: Message.of("audit.publish", round=n),
        "lock board call": lambda: Message.of("audit.lock", round=n),
        "unpublish board call": lambda: Message.of("audit.unpublish", round=n),
        "remove results": lambda: Message.of("audit.remove_results", round=n),
        "result": lambda: (
            Message.of("audit.correction", round=n, board=board)
            if e.before is not None
            else Message.of("audit.result", round=n, board=board)
        ),
        "undo result": lambda: Message.of("audit.undo", round=n, board=board),
        "report": lambda: Message.of(
            "audit.report", round=n, board=board, player=_name(e.after) or _name(e.before)
        ),
        "accept reports": lambda: Message.of("audit.accept_reports", round=n, board=board),
    }.get(what)
    return found() if found is not None else None


def entry_message(e: AuditEntry) -> Message:
    """What kind of write ``e`` was, in a message."""
    plain = _plain(e)
    if plain is not None:
        return plain
    found = _ROUND.match(e.action)
    if found:
        board = found.group("board") or ""
        told = _of_round(e, found.group("what"), int(found.group("round")), board)
        if told is not None:
            return told
    return Message.of("audit.other", action=e.action)


def said_of(e: AuditEntry) -> tuple[Message, ...]:
    """The messages ``e`` was recorded with (none for an entry older than them)."""
    out: list[Message] = []
    for raw in e.said or ():
        try:
            out.append(Message.from_json(raw))
        except (KeyError, TypeError, ValueError):
            continue
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Told:
    """An audit entry as the page and the API tell it."""

    at: str
    user: str
    what: str
    said: tuple[str, ...]
