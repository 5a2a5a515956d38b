"""The chaos game's posted schedule of deadlines.

Seed 002, "Chaos Game": "there shall be no clock, and deadlines will occur at specified times of
day, rather than a certain number of minutes after the previous turn. Deadlines will be about
every 2 hours, during regular tournament hours, all weekend. The exact schedule will be posted
near the board. Players will have until 20 minutes after the previous posted movement deadline to
turn in retreats and adjustments."

The TD gives the tournament hours (one span of time a day, or more); the schedule puts a movement
deadline every ``every_minutes`` (120) from the start of each span while it still falls inside
it, each followed ``after_minutes`` (20) later by the deadline for retreats and adjustments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import pairwise
from typing import Literal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["ChaosDeadline", "HoursSpan", "chaos_deadlines", "next_deadline"]

Kind = Literal["movement", "retreats and adjustments"]


@dataclass(frozen=True, slots=True)
class HoursSpan:
    """Tournament hours: the chaos board is open from ``opens`` to ``closes``."""

    opens: datetime
    closes: datetime


@dataclass(frozen=True, slots=True)
class ChaosDeadline:
    at: datetime
    kind: Kind


def chaos_deadlines(
    hours: Sequence[HoursSpan], *, every_minutes: int = 120, after_minutes: int = 20
) -> list[ChaosDeadline]:
    """Every deadline of the weekend, in time order."""
    if every_minutes <= after_minutes or after_minutes <= 0:
        said = Message.of("chaos.deadlines_apart", every=every_minutes, after=after_minutes)
        raise PalmaresError.of(said)
    out: list[ChaosDeadline] = []
    for span in sorted(hours, key=lambda s: s.opens):
        if span.closes <= span.opens:
            said = Message.of("chaos.hours_close", opens=f"{span.opens:%Y-%m-%d %H:%M}")
            raise PalmaresError.of(said)
        at = span.opens + timedelta(minutes=every_minutes)
        while at <= span.closes:
            out.append(ChaosDeadline(at, "movement"))
            later = at + timedelta(minutes=after_minutes)
            out.append(ChaosDeadline(later, "retreats and adjustments"))
            at += timedelta(minutes=every_minutes)
    out.sort(key=lambda d: d.at)
    for a, b in pairwise(out):
        if a.at == b.at:
            raise PalmaresError.of(Message.of("chaos.overlap", at=f"{a.at:%Y-%m-%d %H:%M}"))
    return out


def next_deadline(deadlines: Sequence[ChaosDeadline], now: datetime) -> ChaosDeadline | None:
    """The first deadline after ``now``, or none once the weekend is over."""
    return next((d for d in deadlines if d.at > now), None)
