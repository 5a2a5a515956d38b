"""The room's central timer: one clock for every board, as the server keeps it.

Seed 002, "Game Timing": "play on all boards will be regulated by a central timer. The timer will
be visible on multiple screens throughout the play area, and the time remaining in the current
turn will be announced audibly over a speaker system at various intervals during the turn. When
time expires for a given turn, the clock for the next turn will start immediately." Turn lengths
come from a timing table (:data:`palmares.diplomacy.clock.WDC_2007_TIMING` by default); the TD
may stop the clock ("meal breaks or other clock stoppages"), skip to the next turn or set the
turn. In the final round the TD "may impose a time limit on the length of games" ("Game
conclusion"): :attr:`TimerState.ends_at` is that moment, a time draw.

Everything here is pure: times are seconds on the server's clock, passed in by the caller, so
every screen that reads the same :class:`TimerState` at the same moment shows the same time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.clock import WDC_2007_TIMING, Season, TurnTiming, turn_minutes

__all__ = [
    "DEFAULT_CALLS",
    "TimerError",
    "TimerReading",
    "TimerState",
    "advance",
    "next_turn",
    "pause",
    "read",
    "resume",
    "set_turn",
    "start",
]

Action = Literal["start", "pause", "resume", "next", "set"]

#: The audible calls, in seconds left: 5, 2 and 1 minutes, and "time" at zero. The seed says only
#: "at various intervals during the turn"; this is our default, and each tournament may set its own.
DEFAULT_CALLS: tuple[int, ...] = (300, 120, 60, 0)


class TimerError(PalmaresError):
    """An action that does not fit the clock's state (pausing a paused clock, a bad turn):
    its reason a typed message, ``field`` the input it is about (``None``: the action)."""

    field: str | None = None

    @classmethod
    def about(cls, field: str | None, said: Message) -> TimerError:
        error = cls.of(said)
        error.field = field
        return error


@dataclass(frozen=True, slots=True)
class TimerState:
    """What the server stores of the clock.

    ``turn_started`` is when the current turn's clock started, moved later by every pause, so
    that ``(paused_at or now) - turn_started`` is always the time the turn has run.
    """

    year: int
    season: Season
    turn_started: float
    paused_at: float | None = None
    ends_at: float | None = None


@dataclass(frozen=True, slots=True)
class TimerReading:
    """What a screen shows at one moment."""

    year: int
    season: Season
    turn_minutes: int
    remaining_s: float
    paused: bool
    next_year: int
    next_season: Season
    next_turn_minutes: int
    #: The final round's time limit has passed: a time draw (seed 002, "Game conclusion").
    time_up: bool


def _following(year: int, season: Season) -> tuple[int, Season]:
    return (year, "Fall") if season == "Spring" else (year + 1, "Spring")


def _length_s(year: int, season: Season, timing: Sequence[TurnTiming]) -> int:
    try:
        return 60 * turn_minutes(year, season, timing)
    except PalmaresError as exc:
        raise TimerError.about("year", _said(exc)) from exc


def _said(error: PalmaresError) -> Message:
    assert error.said is not None  # clock.turn_minutes says why as a typed message
    return error.said


def _check_turn(year: int, season: str, timing: Sequence[TurnTiming]) -> Season:
    if season not in ("Spring", "Fall"):
        raise TimerError.about("season", Message.of("clock.season", got=repr(season)))
    first = min(t.first_year for t in timing)
    if not first <= year <= 9999:
        said = Message.of("clock.year", first=str(first), got=str(year))
        raise TimerError.about("year", said)
    return "Spring" if season == "Spring" else "Fall"


def advance(
    state: TimerState, now: float, timing: Sequence[TurnTiming] = WDC_2007_TIMING
) -> TimerState:
    """The same clock with every turn that has run out rolled over: "the clock for the next turn
    will start immediately". A paused clock does not move; nothing moves past ``ends_at``."""
    at = state.paused_at if state.paused_at is not None else now
    if state.ends_at is not None:
        at = min(at, state.ends_at)
    year, season, started = state.year, state.season, state.turn_started
    length = _length_s(year, season, timing)
    while at - started >= length:
        started += length
        year, season = _following(year, season)
        length = _length_s(year, season, timing)
    return replace(state, year=year, season=season, turn_started=started)


def read(
    state: TimerState, now: float, timing: Sequence[TurnTiming] = WDC_2007_TIMING
) -> TimerReading:
    """What every screen shows at ``now``."""
    current = advance(state, now, timing)
    at = current.paused_at if current.paused_at is not None else now
    time_up = current.ends_at is not None and now >= current.ends_at
    if current.ends_at is not None:
        at = min(at, current.ends_at)
    length = _length_s(current.year, current.season, timing)
    remaining = 0.0 if time_up else max(0.0, length - (at - current.turn_started))
    next_year, next_season = _following(current.year, current.season)
    return TimerReading(
        year=current.year,
        season=current.season,
        turn_minutes=length // 60,
        remaining_s=remaining,
        paused=current.paused_at is not None,
        next_year=next_year,
        next_season=next_season,
        next_turn_minutes=_length_s(next_year, next_season, timing) // 60,
        time_up=time_up,
    )


def start(
    now: float,
    *,
    year: int = 1901,
    season: str = "Spring",
    ends_at: float | None = None,
    timing: Sequence[TurnTiming] = WDC_2007_TIMING,
) -> TimerState:
    """ "The game begins when the TD instructs players to begin, and the clock starts"."""
    checked = _check_turn(year, season, timing)
    return TimerState(year=year, season=checked, turn_started=now, ends_at=ends_at)


def pause(
    state: TimerState, now: float, timing: Sequence[TurnTiming] = WDC_2007_TIMING
) -> TimerState:
    """Stop the clock (a meal break): the time left is kept until :func:`resume`."""
    if state.paused_at is not None:
        raise TimerError.about(None, Message.of("clock.already_paused"))
    return replace(advance(state, now, timing), paused_at=now)


def resume(
    state: TimerState, now: float, timing: Sequence[TurnTiming] = WDC_2007_TIMING
) -> TimerState:
    """Start the clock again with the time that was left when it was paused."""
    if state.paused_at is None:
        raise TimerError.about(None, Message.of("clock.not_paused"))
    current = advance(state, now, timing)
    assert current.paused_at is not None
    return replace(
        current, turn_started=current.turn_started + (now - current.paused_at), paused_at=None
    )


def next_turn(
    state: TimerState, now: float, timing: Sequence[TurnTiming] = WDC_2007_TIMING
) -> TimerState:
    """Skip to the next turn, its clock starting now (all boards have finished early)."""
    current = advance(state, now, timing)
    year, season = _following(current.year, current.season)
    paused_at = now if current.paused_at is not None else None
    return replace(current, year=year, season=season, turn_started=now, paused_at=paused_at)


def set_turn(
    state: TimerState | None,
    now: float,
    *,
    year: int,
    season: str,
    remaining_s: float | None = None,
    timing: Sequence[TurnTiming] = WDC_2007_TIMING,
) -> TimerState:
    """Put the clock on a given turn, its full length (or ``remaining_s``) left from now; a
    paused clock stays paused."""
    checked = _check_turn(year, season, timing)
    length = _length_s(year, checked, timing)
    left = float(length) if remaining_s is None else float(remaining_s)
    if not 0 < left <= length:
        said = Message.of("clock.time_left", length=length, got=f"{left:g}")
        raise TimerError.about("remaining_s", said)
    started = now - (length - left)
    if state is None:
        return TimerState(year=year, season=checked, turn_started=started)
    paused_at = now if state.paused_at is not None else None
    return replace(state, year=year, season=checked, turn_started=started, paused_at=paused_at)
