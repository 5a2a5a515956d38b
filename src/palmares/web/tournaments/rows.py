"""A tournament's rows read as the lifecycle's :class:`Day` (issue 32), without the engine:
:mod:`.day` adds the top board's seven walked by the engine; :mod:`.adapters` reads who sat out
for the standings from the same day."""

from __future__ import annotations

from collections.abc import Mapping

from palmares.diplomacy import lifecycle as L
from palmares.diplomacy.board import parse_power
from palmares.diplomacy.lifecycle import Call, CallStatus, Day, Place, Registered, Result
from palmares.web.events.models import Result as EventResult
from palmares.web.tournaments.models import (
    Board,
    CalledSeat,
    Entry,
    KeepApart,
    Presence,
    Round,
    Tournament,
)

__all__ = ["planned_rounds", "read_day"]


def planned_rounds(t: Tournament) -> int:
    """The tournament's planned rounds (an imported one: the rounds it has)."""
    return int(t.planned_rounds or t.event.rounds or 0)


def read_day(t: Tournament, *, teams: Mapping[str, tuple[str, ...]], qualifying: int) -> Day:
    """``t``'s day from its rows; ``teams`` its teams, ``qualifying`` the round after which the
    top board is invited (its seven are left unknown here)."""
    team_of = {p: team for team, members in teams.items() for p in members}
    registered = tuple(
        Registered(e.player.name, e.arrives, e.withdrawn_after, team_of.get(e.player.name))
        for e in Entry.objects.filter(tournament=t).select_related("player").order_by("id")
    )
    pairs = tuple(
        (k.player_a.name, k.player_b.name)
        for k in KeepApart.objects.filter(tournament=t).select_related("player_a", "player_b")
    )
    presences: dict[int, list[tuple[str, int | None]]] = {}
    for p in Presence.objects.filter(round__tournament=t).select_related("player", "round"):
        presences.setdefault(p.round_id, []).append((p.player.name, p.boards))
    called: dict[int, list[tuple[Place, bool]]] = {}
    for c in CalledSeat.objects.filter(round__tournament=t).select_related("player"):
        place = Place(c.label, parse_power(c.power), c.player.name)
        called.setdefault(c.round_id, []).append((place, c.changed))
    results: dict[int, list[Result]] = {}
    for b in Board.objects.filter(round__tournament=t).prefetch_related("seats__player"):
        seats = {parse_power(s.power): s.player.name for s in b.seats.all()}
        if seats:
            results.setdefault(b.round_id, []).append(
                Result.of(b.label, seats, top_board=b.top_board)
            )
    rounds: list[L.RoundDay] = []
    for rnd in Round.objects.filter(tournament=t).order_by("number"):
        roll = tuple(sorted(presences.get(rnd.pk, []))) if rnd.roll_taken else None
        call = None
        if rnd.pk in called:
            status = (
                CallStatus.LOCKED
                if rnd.locked
                else CallStatus.PUBLISHED
                if rnd.published
                else CallStatus.DRAFT
            )
            places = tuple(p for p, _ in called[rnd.pk])
            changed = frozenset((p.board, p.power) for p, c in called[rnd.pk] if c)
            call = Call(status, places, changed, rnd.top_board or None)
        rounds.append(L.RoundDay(rnd.number, roll, call, tuple(results.get(rnd.pk, []))))
    top = None
    if t.top_board_rule and planned_rounds(t) > 1:
        top = L.TopBoardRule(qualifying)
    closed = EventResult.objects.filter(event_id=t.event_id).exists()
    return Day(planned_rounds(t), registered, pairs, tuple(rounds), top, closed)
