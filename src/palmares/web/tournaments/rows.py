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
    CalledSeat,
    Entry,
    KeepApart,
    Presence,
    Round,
    Seat,
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
    # Read as plain values, not model instances: the day is read before and after every write
    # of the day (``day.change_day``), and a 70-player day holds about 1,500 rows.
    registered = tuple(
        Registered(name, arrives, withdrawn_after, team_of.get(name))
        for name, arrives, withdrawn_after in Entry.objects.filter(tournament=t)
        .order_by("id")
        .values_list("player__name", "arrives", "withdrawn_after")
    )
    pairs = tuple(
        KeepApart.objects.filter(tournament=t)
        .order_by("id")
        .values_list("player_a__name", "player_b__name")
    )
    # The rows below are read without the models' default orderings (each a join or two to
    # sort by the round's tournament and number): the roll is sorted here, a call's places and
    # a result's seats by the lifecycle, and a round's results keep their boards' order by id.
    presences: dict[int, list[tuple[str, int | None]]] = {}
    for round_id, name, boards in (
        Presence.objects.filter(round__tournament=t)
        .order_by()
        .values_list("round_id", "player__name", "boards")
    ):
        presences.setdefault(round_id, []).append((name, boards))
    called: dict[int, list[tuple[Place, bool]]] = {}
    for round_id, label, power, name, moved in (
        CalledSeat.objects.filter(round__tournament=t)
        .order_by()
        .values_list("round_id", "label", "power", "player__name", "changed")
    ):
        called.setdefault(round_id, []).append((Place(label, parse_power(power), name), moved))
    # A result is a board with seats: the boards and their seats in one query, boards by id.
    stored: dict[int, tuple[int, str, bool, dict[str, str]]] = {}
    for board_id, round_id, label, top_board, power, name in (
        Seat.objects.filter(board__round__tournament=t)
        .order_by("board_id")
        .values_list(
            "board_id", "board__round_id", "board__label", "board__top_board", "power",
            "player__name",
        )
    ):  # fmt: skip
        seats = stored.setdefault(board_id, (round_id, label, top_board, {}))[3]
        seats[parse_power(power)] = name
    results: dict[int, list[Result]] = {}
    for round_id, label, top_board, seats in stored.values():
        results.setdefault(round_id, []).append(Result.of(label, seats, top_board=top_board))
    rounds: list[L.RoundDay] = []
    for pk, number, roll_taken, locked, published, top_board_label in (
        Round.objects.filter(tournament=t)
        .order_by("number")
        .values_list("id", "number", "roll_taken", "locked", "published", "top_board")
    ):
        roll = tuple(sorted(presences.get(pk, []))) if roll_taken else None
        call = None
        if pk in called:
            status = (
                CallStatus.LOCKED
                if locked
                else CallStatus.PUBLISHED
                if published
                else CallStatus.DRAFT
            )
            places = tuple(p for p, _ in called[pk])
            changed = frozenset((p.board, p.power) for p, c in called[pk] if c)
            call = Call(status, places, changed, top_board_label or None)
        rounds.append(L.RoundDay(number, roll, call, tuple(results.get(pk, []))))
    top = None
    if t.top_board_rule and planned_rounds(t) > 1:
        top = L.TopBoardRule(qualifying)
    closed = EventResult.objects.filter(event_id=t.event_id).exists()
    return Day(planned_rounds(t), registered, pairs, tuple(rounds), top, closed)
