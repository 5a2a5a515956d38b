"""The ``results.csv`` format of DESIGN.md, read with the shared strict table reader.

Cross-row rules: a player appears once per event; the event's own columns (country, rounds,
players, world_championship, coefficient) agree on every row of that event; a rank is within the
field size.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path

from palmares.io.fields import boolean, decimal, integer, iso_date, text
from palmares.io.tables import Column, Row, RowProblems, read_rows
from palmares.web.lib.names import name_key

__all__ = ["RESULTS", "EventRows", "read_results"]

RESULTS = [
    Column("event", text, required=True),
    Column("date", iso_date, required=True),
    Column("player", text, required=True),
    Column("rank", integer(1), required=True),
    Column("event_id", text),
    Column("player_id", text),
    Column("nationality", text, default=""),
    Column("country", text, default=""),
    Column("place", text, default=""),
    Column("rounds", integer(1)),
    Column("players", integer(1)),
    Column("world_championship", boolean, default=False),
    Column("coefficient", decimal(Decimal(0))),
]

_EVENT_COLUMNS = ("country", "place", "rounds", "players", "world_championship", "coefficient")


@dataclass(frozen=True, slots=True)
class EventRows:
    name: str
    date: date
    event_id: str
    country: str
    place: str
    rounds: int | None
    players: int
    world_championship: bool
    coefficient: Decimal | None
    rows: tuple[Row, ...]


def read_results(path: Path | str) -> list[EventRows]:
    """Read ``results.csv`` (or .xlsx) and group it by event; raise on any problem."""
    rows = read_rows(path, RESULTS)
    problems = RowProblems(str(path))
    groups: dict[tuple[str, date] | str, list[Row]] = {}
    for row in rows:
        key: tuple[str, date] | str = row["event_id"] or (row["event"], row["date"])
        groups.setdefault(key, []).append(row)
    events: list[EventRows] = []
    for group in groups.values():
        first = group[0]
        seen: dict[str, int] = {}
        for row in group:
            for column in _EVENT_COLUMNS:
                if row[column] != first[column]:
                    problems.add(
                        row.line,
                        column,
                        f"differs from line {first.line} of the same event "
                        f"({row[column]!r} vs {first[column]!r})",
                    )
            who = row["player_id"] or name_key(row["player"])
            if who in seen:
                problems.add(row.line, "player", f"already in this event on line {seen[who]}")
            seen[who] = row.line
        size = first["players"] or len(group)
        for row in group:
            if row["rank"] > size:
                problems.add(row.line, "rank", f"{row['rank']} is beyond the {size} players")
        events.append(
            EventRows(
                name=first["event"],
                date=first["date"],
                event_id=first["event_id"] or "",
                country=first["country"],
                place=first["place"],
                rounds=first["rounds"],
                players=size,
                world_championship=first["world_championship"],
                coefficient=first["coefficient"],
                rows=tuple(group),
            )
        )
    problems.raise_if_any()
    return events
