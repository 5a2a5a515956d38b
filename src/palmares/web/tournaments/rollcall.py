"""The roll call of each round (issue 12, step 3): who is present, who asks to sit out or to
play two boards; when the seats do not fill boards of seven, the engine's proposal (as
``palmares diplomacy seed`` makes it: seeding.problem's fill rule) that the TD accepts or
changes. Optional self check-in: the TD opens it for a round and a player marks themself
present with the round's short code."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy import lifecycle
from palmares.diplomacy.seeding.problem import prepare
from palmares.web.audit.log import record
from palmares.web.tournaments.day import change_day, planned_rounds, require_open
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Presence, Round, Tournament
from palmares.web.tournaments.problem import active_players, present, round_problem
from palmares.web.tournaments.registration import entries_of, entry_of, require_director
from palmares.web.tournaments.topboard import top_board_seven

__all__ = [
    "Proposal",
    "RollCall",
    "accept_proposal",
    "check_in",
    "check_round",
    "get_round",
    "open_check_in",
    "proposal",
    "roll_call",
    "set_roll_call",
    "take_roll_call",
]

#: Letters and digits of a round's check-in code (no 0/O, 1/I/L: read off a screen).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Rounds allowed when the tournament does not say how many it has (imported ones).
MAX_ROUNDS = 99


@dataclass(frozen=True, slots=True)
class RollCall:
    """Round ``round``: everyone present (sitters and two-boarders included), the requests, and
    whether the TD has taken it (``taken``; else every active player counts as present)."""

    round: int
    present: tuple[str, ...]
    sit_out: tuple[str, ...]
    two_boards: tuple[str, ...]
    taken: bool
    checked_in: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "present": list(self.present),
            "sit_out": list(self.sit_out),
            "two_boards": list(self.two_boards),
        }


@dataclass(frozen=True, slots=True)
class Proposal:
    """What the engine proposes: who sits out and who plays two boards, and why (or the
    ``error`` that makes this roll call impossible to seat)."""

    sit_out: tuple[str, ...]
    two_boards: tuple[str, ...]
    notes: tuple[Message, ...]
    error: Message | str = ""


def check_round(t: Tournament, number: int, field: str = "round") -> None:
    """Refuse a round number outside the tournament's rounds (a tournament registered on the
    site is held to its number of rounds; one imported from boards.csv to :data:`MAX_ROUNDS`)."""
    last = (planned_rounds(t) if t.entries.exists() else None) or MAX_ROUNDS
    if not 1 <= number <= last:
        raise FieldError(Message.of("site.round", most=last, got=number), field)


def get_round(t: Tournament, number: int, field: str = "round") -> Round:
    """Round ``number`` of ``t`` (created on first use); a number outside the tournament's
    rounds is refused."""
    check_round(t, number, field)
    rnd, _ = Round.objects.get_or_create(tournament=t, number=number)
    return rnd


def _unlocked(rnd: Round) -> None:
    if rnd.locked:
        raise FieldError(Message.of("site.locked", round=rnd.number), None, status=409)


def roll_call(t: Tournament, number: int) -> RollCall:
    boards, taken = present(t, number)
    checked = Presence.objects.filter(
        round__tournament=t, round__number=number, checked_in=True
    ).values_list("player__name", flat=True)
    return RollCall(
        round=number,
        present=tuple(boards),
        sit_out=tuple(p for p, n in boards.items() if n == 0),
        two_boards=tuple(p for p, n in boards.items() if n == 2),
        taken=taken,
        checked_in=tuple(sorted(checked)),
        absent=tuple(p for p in active_players(t, number) if p not in boards),
    )


def set_roll_call(
    user: Any,
    t: Tournament,
    number: int,
    present_names: Sequence[str],
    sit_out: Sequence[str] = (),
    two_boards: Sequence[str] = (),
) -> RollCall:
    """Take the roll call of round ``number``: a name in ``sit_out`` or ``two_boards`` is
    present too. Names are registered players (accent- and case-insensitive). The lifecycle
    decides (``diplomacy.lifecycle.rollcall``): refused once the round's call is published, a
    draft call that no longer fits is dropped, the top board's seven stay on one board."""
    return take_roll_call(user, t, number, present_names, sit_out, two_boards)[0]


def _wanted(
    t: Tournament, present_names: Sequence[str], sit_out: Sequence[str], two_boards: Sequence[str]
) -> dict[str, int | None]:
    wanted: dict[str, int | None] = {}
    lists = (
        ("present", present_names, None),
        ("sit_out", sit_out, 0),
        ("two_boards", two_boards, 2),
    )
    named = [(name, f"{field}.{i}") for field, names, _ in lists for i, name in enumerate(names)]
    found = iter(entries_of(t, named))
    for field, names, boards in lists:
        for i, _name in enumerate(names):
            player = next(found).player.name
            old = wanted.get(player)
            if old is not None and boards is not None and old != boards:
                raise FieldError(Message.of("site.sit_and_double", player=player), f"{field}.{i}")
            if player not in wanted or boards is not None:
                wanted[player] = boards
    return wanted


def _take(
    user: Any, t: Tournament, number: int, wanted: dict[str, int | None]
) -> tuple[RollCall, tuple[Message, ...]]:
    check_round(t, number)
    with transaction.atomic():
        before = roll_call(t, number)
        change = change_day(t, lambda day: lifecycle.take_roll_call(day, number, wanted))
        after = roll_call(t, number)
        if change.changed:
            record(
                user,
                f"roll call round {number}",
                tournament=t,
                before=before.as_json() if before.taken else None,
                after=after.as_json(),
                said=change.said,
            )
    return after, change.said


def take_roll_call(
    user: Any,
    t: Tournament,
    number: int,
    present_names: Sequence[str],
    sit_out: Sequence[str] = (),
    two_boards: Sequence[str] = (),
) -> tuple[RollCall, tuple[Message, ...]]:
    """:func:`set_roll_call`, with what it did (for the TD's confirmation)."""
    require_director(user, t)
    require_open(t)
    return _take(user, t, number, _wanted(t, present_names, sit_out, two_boards))


def proposal(t: Tournament, number: int) -> Proposal:
    """The engine's sitters and two-boarders for the present players (seeding.problem's fill
    rule: the fewest players changed; see docs/seeding.md)."""
    try:
        prep = prepare(round_problem(t, number, top_board=top_board_seven(t, number)))
    except PalmaresError as exc:
        return Proposal((), (), (), exc.said or str(exc))
    return Proposal(
        sit_out=prep.sitters,
        two_boards=tuple(prep.players[i] for i in prep.doubles),
        notes=prep.notes,
    )


def accept_proposal(user: Any, t: Tournament, number: int) -> tuple[RollCall, tuple[Message, ...]]:
    """The TD accepts the engine's proposal: its sitters and two-boarders become the roll
    call's (the top board's seven are never proposed to sit out: seed 002, "Top Board")."""
    require_director(user, t)
    require_open(t)
    found = proposal(t, number)
    if found.error:
        raise FieldError(found.error, None, status=409)
    current = roll_call(t, number)
    return take_roll_call(user, t, number, current.present, found.sit_out, found.two_boards)


def open_check_in(user: Any, t: Tournament, number: int, on: bool) -> str:
    """Switch self check-in on (a fresh code) or off for round ``number``; returns the code."""
    require_director(user, t)
    require_open(t)
    with transaction.atomic():
        require_open(t)
        rnd = get_round(t, number)
        _unlocked(rnd)
        if rnd.check_in == on:
            return rnd.code
        before = {"check_in": rnd.check_in}
        rnd.check_in = on
        if on:
            rnd.code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        rnd.save()
        record(
            user,
            f"self check-in round {number}",
            tournament=t,
            before=before,
            after={"check_in": on},
        )
    return rnd.code


def check_in(t: Tournament, number: int, code: str, name: str) -> str:
    """A player marks themself present for round ``number`` with its code; returns their name.
    The first check-in starts the roll call (``diplomacy.lifecycle.rollcall.check_in``)."""
    require_open(t)
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None or not rnd.check_in:
        raise FieldError(Message.of("site.checkin_closed", round=number), "code")
    given = code.strip().upper().encode()
    if not hmac.compare_digest(given, rnd.code.encode()):
        raise FieldError(Message.of("site.wrong_code"), "code")
    entry = entry_of(t, name, "name")
    player = entry.player.name
    with transaction.atomic():
        change = change_day(t, lambda day: lifecycle.check_in(day, number, player))
        if change.changed:
            Presence.objects.filter(round=rnd, player=entry.player).update(checked_in=True)
            record(
                None,
                f"check-in round {number}",
                tournament=t,
                after={"player": player},
                said=change.said,
            )
    return player
