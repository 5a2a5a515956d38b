"""The guards every transition of the day shares: the tournament is open, the round is one of
its rounds, a player is registered and expected in the round."""

from __future__ import annotations

from palmares.core.message import Message
from palmares.diplomacy.lifecycle.refusal import Refused, bad, conflict
from palmares.diplomacy.lifecycle.state import Day

__all__ = ["MAX_ROUNDS", "closed", "expected", "open_day", "registered", "round_number"]

#: Rounds a tournament recorded from a boards file may have (it does not say how many).
MAX_ROUNDS = 99


def closed() -> Refused:
    """The refusal of every write to a closed tournament (issue 32, invariant 7)."""
    return conflict(Message.of("lifecycle.closed"))


def open_day(day: Day) -> None:
    """After close nothing changes (issue 32, invariant 7): every write is refused."""
    if day.closed:
        raise closed()


def round_number(day: Day, number: int, field: str = "round") -> None:
    """``number`` is one of the tournament's rounds."""
    last = MAX_ROUNDS if day.recorded else day.rounds
    if not 1 <= number <= last:
        raise bad(Message.of("site.round", most=last, got=number), field)


def registered(day: Day, player: str, field: str) -> None:
    """``player`` is registered (a recorded tournament has no registration: anyone)."""
    if not day.recorded and day.entry(player) is None:
        raise bad(Message.of("site.not_registered", name=player), field)


def expected(day: Day, number: int, player: str, field: str) -> None:
    """``player`` is registered and expected in round ``number`` (arrived, not withdrawn)."""
    registered(day, player, field)
    entry = day.entry(player)
    if entry is not None and not entry.plays_in(number):
        raise bad(Message.of("lifecycle.not_expected", player=player, round=number), field)
