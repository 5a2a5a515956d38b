"""Rows for ``palmares export``: results in the results.csv format and the two files a closed
tournament is filed to the WDD with (its classification and its boards, in the results.csv and
boards.csv layouts, so ``palmares import`` reads them back). On the day's floor (docs/web.md,
"Floors"): the boards file reads the tournament's seats."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from django.db.models import QuerySet

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.web.events.models import Event, Result
from palmares.web.tournaments.models import POWERS, Seat

__all__ = [
    "BOARD_COLUMNS",
    "RESULT_COLUMNS",
    "FiledEvent",
    "closed",
    "result_rows",
    "wdd_board_rows",
    "wdd_classification_rows",
    "wdd_history",
]

RESULT_COLUMNS = [
    "event",
    "date",
    "event_id",
    "player",
    "player_id",
    "rank",
    "nationality",
    "country",
    "place",
    "rounds",
    "players",
    "world_championship",
    "coefficient",
]
BOARD_COLUMNS = [
    "round",
    "board",
    "power",
    "player",
    "centres",
    "eliminated",
    "final_year",
    "draw",
    "top_board",
]
_POWER = dict(POWERS)


def _results() -> QuerySet[Result]:
    return Result.objects.select_related("event", "player").order_by(
        "event__date", "event_id", "rank", "player__key"
    )


def _result_row(r: Result) -> dict[str, Any]:
    return {
        "event": r.event.name,
        "date": r.event.date,
        "event_id": r.event.external_id,
        "player": r.player.name,
        "player_id": r.player.external_id,
        "rank": r.rank,
        "nationality": r.nationality,
        "country": r.event.country,
        "place": r.event.place,
        "rounds": r.event.rounds,
        "players": r.event.players,
        "world_championship": "yes" if r.event.world_championship else "no",
        "coefficient": r.event.coefficient,
    }


def result_rows(event: Event | None = None) -> list[dict[str, Any]]:
    results = _results()
    if event is not None:
        results = results.filter(event=event)
    return [_result_row(r) for r in results]


def closed(event: Event) -> bool:
    """Whether ``event`` is closed: its classification is stored."""
    return bool(event.results.exists())


def _closed_event(event: Event) -> None:
    if not closed(event):
        raise PalmaresError.of(Message.of("events.not_closed", event=str(event)))


def wdd_classification_rows(event: Event) -> list[dict[str, Any]]:
    """The classification filed for the WDD: the event's results in the ``results.csv`` layout
    (``RESULT_COLUMNS``), which ``palmares import results`` reads back to the same event."""
    _closed_event(event)
    return result_rows(event)


def wdd_board_rows(event: Event) -> list[dict[str, Any]]:
    """The boards filed for the WDD, in the ``boards.csv`` layout (``BOARD_COLUMNS``), which
    ``palmares import boards --event NAME --date DAY`` reads back to the same event."""
    _closed_event(event)
    seats = list(_seats().filter(board__round__tournament__event=event))
    if not seats:
        raise PalmaresError.of(Message.of("events.no_boards", event=str(event)))
    return [_seat_row(s) for s in seats]


def _seats() -> QuerySet[Seat]:
    # The round's call report (JSON, decoded per seat) is not part of a boards file.
    return (
        Seat.objects.select_related("board__round", "player")
        .defer("board__round__call_report")
        .order_by(
            "board__round__tournament__event__date",
            "board__round__tournament__event_id",
            "board__round__number",
            "board_id",
            "power",
        )
    )


def _seat_row(s: Seat) -> dict[str, Any]:
    return {
        "round": s.board.round.number,
        "board": s.board.label,
        "power": _POWER[s.power],
        "player": s.player.name,
        "centres": s.centres,
        "eliminated": s.eliminated,
        "final_year": s.board.final_year,
        "draw": "yes" if s.in_draw else "no",
        "top_board": "yes" if s.board.top_board else "no",
    }


@dataclass(frozen=True, slots=True)
class FiledEvent:
    """A closed event's two WDD files' rows: its classification, its boards (empty when it has
    none stored: an event imported from its results alone)."""

    event: Event
    classification: list[dict[str, Any]]
    boards: list[dict[str, Any]]


def wdd_history(chunk: int = 2000) -> Iterator[FiledEvent]:
    """Every closed event's WDD rows, oldest first: the rows :func:`wdd_classification_rows`
    and :func:`wdd_board_rows` give for it (the same rows in the same order), read in two
    streams over the whole history (merged on the event's date and id) instead of two queries
    an event."""
    results = groupby(_results().iterator(chunk_size=chunk), key=lambda r: r.event_id)
    seats = groupby(
        _seats().select_related("board__round__tournament__event").iterator(chunk_size=chunk),
        key=lambda s: (s.board.round.tournament.event.date, s.board.round.tournament.event_id),
    )
    seat_group = next(seats, None)
    for event_id, group in results:
        rows = list(group)
        event = rows[0].event
        at = (event.date, event_id)
        # the seats of an event with no results (still open) are passed over
        while seat_group is not None and seat_group[0] < at:
            seat_group = next(seats, None)
        boards: list[dict[str, Any]] = []
        if seat_group is not None and seat_group[0] == at:
            boards = [_seat_row(s) for s in seat_group[1]]
            seat_group = next(seats, None)
        yield FiledEvent(event, [_result_row(r) for r in rows], boards)
