"""Rows for ``palmares export``: results in the results.csv format and the two WDD-style files."""

from __future__ import annotations

from typing import Any

from palmares.web.events.models import Event, Result
from palmares.web.tournaments.models import POWERS, Seat

__all__ = ["RESULT_COLUMNS", "result_rows", "wdd_board_rows", "wdd_classification_rows"]

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


def wdd_classification_rows(event: Event) -> list[dict[str, Any]]:
    """The WDD's classification file: rank, first name, last name, nationality."""
    rows = []
    for r in event.results.select_related("player").order_by("rank", "player__key"):
        first, _, last = r.player.name.partition(" ")
        rows.append(
            {"rank": r.rank, "first_name": first, "last_name": last, "nationality": r.nationality}
        )
    return rows


def wdd_board_rows(event: Event) -> list[dict[str, Any]]:
    """The WDD's boards file: round, board, power, first name, last name, centres."""
    seats = Seat.objects.filter(board__round__tournament__event=event).select_related(
        "board__round", "player"
    )
    rows = []
    for s in seats.order_by("board__round__number", "board_id", "power"):
        first, _, last = s.player.name.partition(" ")
        rows.append(
            {
                "round": s.board.round.number,
                "board": s.board.label,
                "power": _POWER[s.power],
                "first_name": first,
                "last_name": last,
                "centres": s.centres,
                "eliminated": s.eliminated,
            }
        )
    return rows
