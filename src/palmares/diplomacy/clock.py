"""The central turn clock of the 2007 World Diplomacy Championship (seed 002, "Game Timing").

The default timing table of the seed:

    ============  =====  =========  =====
    turn          1901   1902–1905  1906+
    ============  =====  =========  =====
    Spring        17     17         15
    Fall          17     15         13
    ============  =====  =========  =====

"When time expires for a given turn, the clock for the next turn will start immediately", and
"discounting meal breaks or other clock stoppages, this schedule should allow a board to complete
through 1910 in approximately 5 hours": 34 + 4·32 + 5·28 = 302 minutes. Retreats and adjustments
are not timed. A board that has all orders in may be adjudicated early ("all players agree"); the
TD may stop the clock (a meal break). Both are inputs to :func:`deadlines`, which is pure: times
are minutes from the start of the round, passed in by the caller.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = [
    "WDC_2007_TIMING",
    "Pause",
    "Season",
    "Turn",
    "TurnTiming",
    "deadlines",
    "minutes_through",
    "turn_minutes",
]

Season = Literal["Spring", "Fall"]


@dataclass(frozen=True, slots=True)
class TurnTiming:
    """Turn lengths in minutes from ``first_year`` on (until the next entry of a table)."""

    first_year: int
    spring: int
    fall: int


#: Seed 002, "Game Timing": the default timing.
WDC_2007_TIMING: tuple[TurnTiming, ...] = (
    TurnTiming(1901, 17, 17),
    TurnTiming(1902, 17, 15),
    TurnTiming(1906, 15, 13),
)


def turn_minutes(year: int, season: Season, timing: Sequence[TurnTiming] = WDC_2007_TIMING) -> int:
    """The length of one movement turn: the latest table entry starting on or before ``year``."""
    entries = [t for t in timing if t.first_year <= year]
    if not entries:
        raise PalmaresError.of(Message.of("clock.table_starts_after", year=str(year)))
    entry = max(entries, key=lambda t: t.first_year)
    return entry.spring if season == "Spring" else entry.fall


def minutes_through(
    final_year: int, *, first_year: int = 1901, timing: Sequence[TurnTiming] = WDC_2007_TIMING
) -> int:
    """Clock minutes to play every movement turn from ``first_year`` through ``final_year``."""
    return sum(
        turn_minutes(year, season, timing)
        for year in range(first_year, final_year + 1)
        for season in ("Spring", "Fall")
    )


@dataclass(frozen=True, slots=True)
class Pause:
    """The TD stops the clock at ``at`` (minutes into the round) for ``minutes``."""

    at: int
    minutes: int


@dataclass(frozen=True, slots=True)
class Turn:
    """One movement turn: when its clock starts and when it expires (minutes into the round)."""

    year: int
    season: Season
    length: int
    starts: int
    expires: int


def deadlines(
    final_year: int,
    *,
    first_year: int = 1901,
    timing: Sequence[TurnTiming] = WDC_2007_TIMING,
    early: Mapping[tuple[int, Season], int] | None = None,
    pauses: Sequence[Pause] = (),
) -> list[Turn]:
    """The clock of one board, turn by turn.

    ``early`` maps a turn to the minute (into the round) at which its board, all orders in and all
    agreeing, was adjudicated early: the next turn starts then. A pause that falls inside a turn
    pushes that turn's expiry (and every later time) back by its length.
    """
    early = early or {}
    turns: list[Turn] = []
    clock = 0
    pending = sorted(pauses, key=lambda p: p.at)
    for year in range(first_year, final_year + 1):
        for season in ("Spring", "Fall"):
            length = turn_minutes(year, season, timing)
            expires = clock + length
            while pending and pending[0].at < expires:
                expires += pending.pop(0).minutes
            finished = early.get((year, season))
            if finished is not None:
                if not clock <= finished <= expires:
                    said = Message.of(
                        "clock.early_finish",
                        turn=f"{season} {year}",
                        at=finished,
                        start=clock,
                        end=expires,
                    )
                    raise PalmaresError.of(said)
                expires = finished
            turns.append(Turn(year, season, length, clock, expires))
            clock = expires
    return turns
