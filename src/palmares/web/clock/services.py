"""Use cases of the room's clock: read it, and the TD's actions (start, pause, resume, next, set)
and settings (turn lengths, audible calls, the final round's end, the chaos game's hours).

The clock's rules are the core's (``diplomacy.timer``, ``diplomacy.chaos_schedule``); this
module maps the stored row to a :class:`~palmares.diplomacy.timer.TimerState` and back. Each write
locks the clock's row, so two directors pressing buttons at once act one after the other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.chaos_schedule import ChaosDeadline, HoursSpan, chaos_deadlines
from palmares.diplomacy.clock import WDC_2007_TIMING, Season, TurnTiming
from palmares.diplomacy.timer import (
    DEFAULT_CALLS,
    TimerError,
    TimerReading,
    TimerState,
    advance,
    next_turn,
    pause,
    read,
    resume,
    set_turn,
    start,
)
from palmares.web.audit.log import record
from palmares.web.clock.models import Clock
from palmares.web.tournaments.closing import is_closed
from palmares.web.tournaments.day import require_open
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.screens import current_round

__all__ = [
    "ACTIONS",
    "ClockInputError",
    "ClockView",
    "act",
    "chaos_schedule",
    "configure",
    "view",
]

ACTIONS = ("start", "pause", "resume", "next", "set")
#: A season as a director may type it → as the clock keeps it.
SEASONS = {"spring": "Spring", "fall": "Fall"}
MAX_ROUNDS = 99
MAX_TURN_MINUTES = 240


class ClockInputError(PalmaresError):
    """A clock input that is refused, with the field it is about."""

    def __init__(self, field: str, said: Message | str) -> None:
        if isinstance(said, Message):  # told in the reader's language when read (issue 35)
            super().__init__(said.key)
            self.said = said
        else:  # a refusal's words kept as they were given (its typed message set after)
            super().__init__(said)
        self.field = field


@dataclass(frozen=True, slots=True)
class ClockView:
    """The clock as every screen reads it at ``server_time``."""

    running: bool
    round: int
    reading: TimerReading | None
    server_time: datetime
    ends_at: datetime | None
    calls: tuple[int, ...]
    version: int

    def as_json(self) -> dict[str, Any]:
        r = self.reading
        return {
            "running": self.running,
            "paused": bool(r and r.paused),
            "round": self.round,
            "year": r.year if r else None,
            "season": r.season if r else None,
            "remaining_s": round(r.remaining_s, 3) if r else None,
            "turn_minutes": r.turn_minutes if r else None,
            "next_year": r.next_year if r else None,
            "next_season": r.next_season if r else None,
            "next_turn_minutes": r.next_turn_minutes if r else None,
            "time_up": bool(r and r.time_up),
            "server_time": self.server_time.isoformat(),
            "ends_at": self.ends_at.isoformat() if self.ends_at else None,
            "calls": list(self.calls),
            "version": self.version,
        }


def _seconds(at: datetime) -> float:
    return at.timestamp()


def _moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)


def _timing(clock: Clock) -> tuple[TurnTiming, ...]:
    if not clock.timing:
        return WDC_2007_TIMING
    return tuple(TurnTiming(int(a), int(b), int(c)) for a, b, c in clock.timing)


def _state(clock: Clock) -> TimerState | None:
    if not clock.started or clock.turn_started is None:
        return None
    season: Season = "Spring" if clock.season == "Spring" else "Fall"
    return TimerState(
        year=clock.year,
        season=season,
        turn_started=_seconds(clock.turn_started),
        paused_at=_seconds(clock.paused_at) if clock.paused_at else None,
        ends_at=_seconds(clock.ends_at) if clock.ends_at else None,
    )


def _store(clock: Clock, state: TimerState) -> None:
    clock.started = True
    clock.year = state.year
    clock.season = state.season
    clock.turn_started = _moment(state.turn_started)
    clock.paused_at = _moment(state.paused_at) if state.paused_at is not None else None


def _audit_state(clock: Clock) -> dict[str, Any]:
    def at(moment: datetime | None) -> str | None:
        return moment.isoformat() if moment is not None else None

    return {
        "started": clock.started,
        "round": clock.round,
        "year": clock.year,
        "season": clock.season,
        "turn_started": at(clock.turn_started),
        "paused_at": at(clock.paused_at),
    }


def _settings(clock: Clock) -> dict[str, Any]:
    return {
        "timing": clock.timing,
        "calls": clock.calls,
        "ends_at": clock.ends_at.isoformat() if clock.ends_at else None,
        "chaos_hours": clock.chaos_hours,
    }


def _clock(tournament: Tournament) -> Clock:
    found: Clock = Clock.objects.get_or_create(tournament=tournament)[0]
    return found


def _view(clock: Clock, now: datetime) -> ClockView:
    state = _state(clock)
    reading = read(state, _seconds(now), _timing(clock)) if state is not None else None
    return ClockView(
        running=state is not None,
        round=clock.round,
        reading=reading,
        server_time=now,
        ends_at=clock.ends_at,
        calls=tuple(int(c) for c in clock.calls) if clock.calls else DEFAULT_CALLS,
        version=clock.version,
    )


def _in_play(tournament: Tournament) -> tuple[int, bool]:
    """The round in play (the latest with a published call or a result; 1 before any) and
    whether the tournament is closed."""
    return max(current_round(tournament), 1), is_closed(tournament)


def view(tournament: Tournament, *, now: datetime | None = None) -> ClockView:
    """The clock of ``tournament`` as a screen reads it now (issue 32, invariant 9): the clock
    belongs to the round in play and says so; a clock started in an earlier round, or any clock
    of a closed tournament, is stopped. A clock never started: not running."""
    now = now or timezone.now()
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is None:
        clock = Clock(tournament=tournament)
    number, closed = _in_play(tournament)
    if closed or (clock.started and clock.round < number):
        stopped = Clock(tournament=tournament, round=number, version=clock.version)
        stopped.timing, stopped.calls, stopped.ends_at = clock.timing, clock.calls, clock.ends_at
        return _view(stopped, now)
    if not clock.started:
        clock.round = number
    return _view(clock, now)


def _whole(field: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClockInputError(field, Message.of("clock.whole", field=field))
    if not low <= value <= high:
        said = Message.of(
            "clock.between", field=field, low=str(low), high=str(high), value=str(value)
        )
        raise ClockInputError(field, said)
    return value


def act(
    tournament: Tournament,
    action: str,
    *,
    user: Any = None,
    year: int | None = None,
    season: str | None = None,
    round: int | None = None,
    remaining_s: float | None = None,
    now: datetime | None = None,
) -> ClockView:
    """Carry out a director's action on the clock, in one transaction with its row locked.
    The action and the season are read case-insensitively and kept in one canonical form
    ("fall" is Fall; issue 36)."""
    action = action.strip().lower()
    if season is not None:
        season = SEASONS.get(season.strip().lower(), season)
    if action not in ACTIONS:
        raise ClockInputError("action", Message.of("clock.action", actions=", ".join(ACTIONS)))
    if round is not None:
        _whole("round", round, 1, MAX_ROUNDS)
    if year is not None:
        _whole("year", year, 1901, 9999)
    if remaining_s is not None and (
        isinstance(remaining_s, bool)
        or not isinstance(remaining_s, int | float)
        or not math.isfinite(remaining_s)
    ):
        raise ClockInputError("remaining_s", Message.of("clock.seconds"))
    now = now or timezone.now()
    t = _seconds(now)
    with transaction.atomic():
        require_open(tournament)
        _clock(tournament)
        clock = Clock.objects.select_for_update().get(tournament=tournament)
        in_play, _ = _in_play(tournament)
        if action == "start" and round is None:
            round = in_play  # a game starts in the round in play
        if round is not None and round < in_play:
            said = Message.of("clock.round_over", round=round, in_play=in_play)
            raise ClockInputError("round", said)
        if action != "start" and round is None and clock.round < in_play:
            raise ClockInputError("action", Message.of("clock.not_started"))
        timing = _timing(clock)
        state = _state(clock)
        try:
            if action == "start":
                ends = _seconds(clock.ends_at) if clock.ends_at else None
                new = start(t, year=year or 1901, season=season or "Spring", timing=timing)
                new = TimerState(new.year, new.season, new.turn_started, None, ends)
                if remaining_s is not None:
                    new = set_turn(
                        new,
                        t,
                        year=new.year,
                        season=new.season,
                        remaining_s=remaining_s,
                        timing=timing,
                    )
            elif state is None:
                raise ClockInputError("action", Message.of("clock.not_started"))
            elif action == "pause":
                new = pause(state, t, timing)
            elif action == "resume":
                new = resume(state, t, timing)
            elif action == "next":
                new = next_turn(state, t, timing)
            else:
                current = advance(state, t, timing)
                new = set_turn(
                    current,
                    t,
                    year=current.year if year is None else year,
                    season=current.season if season is None else season,
                    remaining_s=remaining_s,
                    timing=timing,
                )
        except TimerError as exc:  # told in the reader's language (its typed message kept)
            refused = ClockInputError(exc.field or "action", str(exc))
            refused.said = exc.said
            raise refused from exc
        before = _audit_state(clock)
        _store(clock, new)
        if round is not None:
            clock.round = round
        clock.version += 1
        clock.save()
        record(
            user, f"clock {action}", tournament=tournament, before=before, after=_audit_state(clock)
        )
    return _view(clock, now)


def _parse_moment(field: str, text: str) -> datetime:
    try:
        at = datetime.fromisoformat(text.strip())
    except ValueError as exc:
        said = Message.of("clock.moment", field=field, text=repr(text))
        raise ClockInputError(field, said) from exc
    if timezone.is_naive(at):
        at = timezone.make_aware(at)
    return at


def configure(
    tournament: Tournament,
    *,
    user: Any = None,
    timing: Sequence[Sequence[int]] | None = None,
    calls: Sequence[int] | None = None,
    ends_at: str | None = None,
    chaos_hours: Sequence[Sequence[str]] | None = None,
) -> ClockView:
    """Change the clock's settings: turn lengths, the audible calls (seconds left), the final
    round's end (empty: none) and the chaos game's tournament hours."""
    rows: list[list[int]] | None = None
    if timing is not None:
        rows = []
        for i, row in enumerate(timing, start=1):
            if len(row) != 3:
                raise ClockInputError("timing", Message.of("clock.timing_line", line=i))
            first = _whole("timing", row[0], 1901, 9999)
            spring = _whole("timing", row[1], 1, MAX_TURN_MINUTES)
            fall = _whole("timing", row[2], 1, MAX_TURN_MINUTES)
            rows.append([first, spring, fall])
        rows.sort()
        if rows and rows[0][0] != 1901:
            raise ClockInputError("timing", Message.of("clock.timing_1901"))
        if len({r[0] for r in rows}) != len(rows):
            raise ClockInputError("timing", Message.of("clock.timing_twice"))
    wanted_calls: list[int] | None = None
    if calls is not None:
        wanted_calls = sorted(
            {_whole("calls", c, 0, 60 * MAX_TURN_MINUTES) for c in calls}, reverse=True
        )
    hours: list[list[str]] | None = None
    if chaos_hours is not None:
        spans = []
        for i, pair in enumerate(chaos_hours, start=1):
            if len(pair) != 2:
                raise ClockInputError("chaos_hours", Message.of("clock.hours_line", line=i))
            opens = _parse_moment("chaos_hours", pair[0])
            spans.append(HoursSpan(opens, _parse_moment("chaos_hours", pair[1])))
        try:
            chaos_deadlines(spans)
        except ValueError as exc:  # told in the reader's language (its typed message kept)
            refused = ClockInputError("chaos_hours", str(exc))
            refused.said = getattr(exc, "said", None)
            raise refused from exc
        hours = [[s.opens.isoformat(), s.closes.isoformat()] for s in spans]
    with transaction.atomic():
        require_open(tournament)
        _clock(tournament)
        clock = Clock.objects.select_for_update().get(tournament=tournament)
        before = _settings(clock)
        if rows is not None:
            clock.timing = rows
        if wanted_calls is not None:
            clock.calls = wanted_calls
        if ends_at is not None:
            clock.ends_at = _parse_moment("ends_at", ends_at) if ends_at.strip() else None
        if hours is not None:
            clock.chaos_hours = hours
        clock.version += 1
        clock.save()
        record(user, "clock settings", tournament=tournament, before=before, after=_settings(clock))
    return _view(clock, timezone.now())


def chaos_schedule(tournament: Tournament) -> list[ChaosDeadline]:
    """The chaos game's posted deadlines from the tournament hours the TD set."""
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is None or not clock.chaos_hours:
        return []
    spans = [
        HoursSpan(datetime.fromisoformat(a), datetime.fromisoformat(b))
        for a, b in clock.chaos_hours
    ]
    return chaos_deadlines(spans)
