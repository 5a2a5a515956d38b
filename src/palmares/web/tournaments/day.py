"""The one door of a tournament's day (issue 32): rows ↔ the lifecycle's :class:`Day`, and the
write every service of the day goes through.

:func:`load_day` reads a tournament's registrations, roll calls, calls and results into the
pure model; :func:`change_day` runs one transition inside the caller's transaction — the
tournament's row locked, so two directors act one after the other — writes back exactly the
rounds the transition changed, walks the top board's invitations again with the engine and
passes them to the lifecycle (a published final call refuses a change that would move them),
and checks every invariant of the day it leaves. The services (forms, JSON API, command line)
call :func:`change_day` and nothing else writes a round's rows; the admin shows them read-only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from palmares.core.message import Message
from palmares.diplomacy import lifecycle as L
from palmares.diplomacy.lifecycle import CallStatus, Change, Day
from palmares.diplomacy.powers import GREAT_POWERS
from palmares.web.events.models import Result as EventResult
from palmares.web.lib.generations import builds_afresh
from palmares.web.players.models import Player
from palmares.web.tournaments import adapters
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import (
    Board,
    CalledSeat,
    Entry,
    Presence,
    Round,
    Seat,
    Tournament,
)
from palmares.web.tournaments.rows import planned_rounds, read_day

__all__ = [
    "BoardRow",
    "DayBroken",
    "change_day",
    "invited",
    "load_day",
    "planned_rounds",
    "refusal",
    "require_open",
]


class DayBroken(RuntimeError):
    """A write would leave the day breaking an invariant: a bug of palmares, never the TD's
    input (the transaction is rolled back, nothing is written)."""


def require_open(t: Tournament) -> None:
    """A write that changes no round (self check-in's switch, a ruling, a decline, the clock, a
    co-director) is still refused after close (issue 32, invariant 7), as the lifecycle refuses
    every transition of a closed day."""
    if EventResult.objects.filter(event_id=t.event_id).exists():
        raise refusal(L.closed())


def refusal(refused: L.Refused) -> FieldError:
    """The lifecycle's refusal as the site's error: 409 for the day's state, 400 for input."""
    said = refused.said if refused.said is not None else Message.of("site.none")
    return FieldError(said, refused.field, status=409 if refused.conflict else 400)


def invited(t: Tournament, day: Day | None = None) -> tuple[str, ...] | None:
    """The engine's seven after the qualifying round (recorded declines and withdrawals
    passed over), ``None`` until that round has a result; ``day``: ``t``'s day as a write of
    the day has just read it, its row locked (``adapters.sitters``)."""
    q = adapters.qualifying_round(t)
    if not Board.objects.filter(round__tournament=t, round__number=q, seats__isnull=False).exists():
        return None
    top = adapters.tournament_prizes(t, up_to_round=q, day=day).top_board
    if top is None:
        return None
    return tuple(sorted(top.players))


def load_day(t: Tournament, *, with_invitations: bool = True) -> Day:
    """``t``'s day as the lifecycle sees it (the top board's seven walked by the engine)."""
    day = read_day(t, teams=adapters.teams(t), qualifying=adapters.qualifying_round(t))
    if day.top_board is None or not with_invitations:
        return day
    # Where the standings that walk the invitations are built afresh (in a transaction) they
    # take the day just read rather than read it again; elsewhere they may be cached, under a
    # generation read after this day.
    return _with_invited(day, invited(t, day if builds_afresh() else None))


@dataclass(frozen=True, slots=True)
class BoardRow:
    """What a stored result holds beyond its seats (``diplomacy.board``'s check has passed):
    centres, eliminations, the draw, the final year, the SC chart."""

    centres: Mapping[str, int]
    eliminated: Mapping[str, int] = field(default_factory=dict)
    draw: tuple[str, ...] = ()
    final_year: int | None = None
    centres_by_year: dict[str, dict[str, int]] | None = None


def _players(t: Tournament, names: set[str]) -> dict[str, Player]:
    """The Player rows of ``names``: the registered ones first, then any (recorded
    tournaments)."""
    found = {
        e.player.name: e.player for e in Entry.objects.filter(tournament=t).select_related("player")
    }
    missing = names - set(found)
    if missing:
        seated = Seat.objects.filter(board__round__tournament=t, player__name__in=missing)
        for s in seated.select_related("player"):
            found.setdefault(s.player.name, s.player)
        for p in Player.objects.filter(name__in=sorted(missing - set(found))).order_by("id"):
            found.setdefault(p.name, p)
    return found


def _write_round(
    t: Tournament,
    before: L.RoundDay,
    after: L.RoundDay,
    rows: Mapping[tuple[int, str], BoardRow],
) -> None:
    rnd, _ = Round.objects.get_or_create(tournament=t, number=after.number)
    names: set[str] = {p for p, _ in after.roll or ()}
    if after.call is not None:
        names |= after.call.seated()
    for r in after.results:
        names.update(r.players())
    players = _players(t, names)
    if after.roll != before.roll:
        checked = set(
            Presence.objects.filter(round=rnd, checked_in=True).values_list(
                "player__name", flat=True
            )
        )
        Presence.objects.filter(round=rnd).delete()
        Presence.objects.bulk_create(
            Presence(round=rnd, player=players[p], boards=n, checked_in=p in checked)
            for p, n in after.roll or ()
        )
        rnd.roll_taken = after.roll is not None
    if after.call != before.call:
        CalledSeat.objects.filter(round=rnd).delete()
        call = after.call
        if call is not None:
            CalledSeat.objects.bulk_create(
                CalledSeat(
                    round=rnd,
                    label=p.board,
                    power=p.power[0],
                    player=players[p.player],
                    changed=(p.board, p.power) in call.changed,
                )
                for p in call.places
            )
        rnd.published = call is not None and call.status is not CallStatus.DRAFT
        rnd.locked = call is not None and call.status is CallStatus.LOCKED
        rnd.top_board = (call.top_board or "") if call is not None else ""
        if call is None:
            rnd.call_report = {}
            rnd.call_seed = None
    rnd.save()
    old = {r.board: r for r in before.results}
    new = {r.board: r for r in after.results}
    gone = [label for label in old if label not in new]
    if gone:
        Board.objects.filter(round=rnd, label__in=gone).delete()
    for label, result in new.items():
        row = rows.get((after.number, label))
        if old.get(label) == result and row is None:
            continue
        if row is None:
            raise DayBroken(f"round {after.number} board {label}: a result with no row to write")
        board, _ = Board.objects.get_or_create(round=rnd, label=label)
        board.top_board = result.top_board
        board.final_year = row.final_year
        board.centres_by_year = row.centres_by_year
        board.save()
        board.seats.all().delete()
        seats = result.seat_map()
        Seat.objects.bulk_create(
            Seat(
                board=board,
                power=power[0],
                player=players[seats[power]],
                centres=row.centres[power],
                eliminated=row.eliminated.get(power),
                in_draw=power in row.draw,
            )
            for power in GREAT_POWERS
        )


def _write(
    t: Tournament, before: Day, after: Day, rows: Mapping[tuple[int, str], BoardRow]
) -> None:
    numbers = {r.number for r in before.played} | {r.number for r in after.played}
    for number in sorted(numbers):
        b, a = before.round(number), after.round(number)
        touched = any(key[0] == number for key in rows)
        if a != b or touched:
            _write_round(t, b, a, rows)


def change_day(
    t: Tournament,
    step: Callable[[Day], Change],
    *,
    rows: Mapping[tuple[int, str], BoardRow] | None = None,
    after_write: Callable[[], None] | None = None,
) -> Change:
    """Run ``step`` on ``t``'s day and write what it changed; inside the caller's
    transaction. ``rows``: the results' own data (by round and board) for the results the step
    stores. ``after_write``: a write of the service's own rows (declines, rulings, entries) made
    before the invitations are walked again. A refusal is a :class:`FieldError`; nothing is
    written."""
    Tournament.objects.select_for_update().filter(pk=t.pk).first()
    # The row is locked: the day read here is the day until this write changes it, so the
    # standings that walk the invitations take it rather than reading it again.
    read = read_day(t, teams=adapters.teams(t), qualifying=adapters.qualifying_round(t))
    before = read if read.top_board is None else _with_invited(read, invited(t, read))
    try:
        change = step(before)
    except L.Refused as refused:
        raise refusal(refused) from None
    _write(t, before, change.day, rows or {})
    if after_write is not None:
        after_write()
    read = load_day(t, with_invitations=False)
    stored = read
    if stored.top_board is not None and change.day.top_board is not None:
        stored = _with_invited(stored, change.day.top_board.invited)
    if stored != change.day:
        raise DayBroken(f"the rows do not hold the day written: {stored} != {change.day}")
    try:
        moved = L.invite(stored, invited(t, read))
    except L.Refused as refused:
        raise refusal(refused) from None
    if moved.changed:
        _write(t, stored, moved.day, {})
        change = change.then(moved)
    broken = L.violations(change.day)
    if broken:
        raise DayBroken("; ".join(m.key for m in broken))
    return change


def _with_invited(day: Day, seven: tuple[str, ...] | None) -> Day:
    assert day.top_board is not None
    return replace(day, top_board=replace(day.top_board, invited=seven))
