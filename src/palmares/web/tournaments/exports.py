"""Rows for ``palmares export``: results in the results.csv format and the two files a closed
tournament is filed to the WDD with (its classification and its boards, in the results.csv and
boards.csv layouts, so ``palmares import`` reads them back). On the day's floor (docs/web.md,
"Floors"): the boards file reads the tournament's seats."""

from __future__ import annotations

from typing import Any

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.web.events.models import Event, Result
from palmares.web.tournaments.models import POWERS, Seat

__all__ = [
    "BOARD_COLUMNS",
    "RESULT_COLUMNS",
    "result_rows",
    "wdd_board_rows",
    "wdd_classification_rows",
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


def result_rows(event: Event | None = None) -> list[dict[str, Any]]:
    results = Result.objects.select_related("event", "player").order_by(
        "event__date", "event_id", "rank", "player__key"
    )
    if event is not None:
        results = results.filter(event=event)
    return [
        {
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
        for r in results
    ]


def _closed_event(event: Event) -> None:
    if not event.results.exists():
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
    seats = list(
        Seat.objects.filter(board__round__tournament__event=event)
        .select_related("board__round", "player")
        .order_by("board__round__number", "board_id", "power")
    )
    if not seats:
        raise PalmaresError.of(Message.of("events.no_boards", event=str(event)))
    return [
        {
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
        for s in seats
    ]
