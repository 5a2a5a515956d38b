"""Reader for event results, ``results.csv`` (DESIGN.md, "Interchange formats").

One row per player per event. Required: ``event``, ``date``, ``player``, ``rank``. Optional:
``event_id``, ``player_id``, ``nationality``, ``country`` (host), ``place``, ``rounds`` (default:
more than one), ``players`` (field size; default: the rows of that event), ``world_championship``
(default no), ``coefficient`` (a stored tournament value overriding the formula). Tied players
share a rank (1, 2, 2, 4).

Strict: besides every bad cell (a bad date, a rank below 1, a value too large for its database
column …), the file is rejected, naming file and line, when a rank is above the event's number of
players, the ranks of an event are not a competition ranking (1, 2, 2, 4; with an explicit
``players`` above the rows: not part of one, ``core.ranking.ranking_problem``; issue 16), two
events share a name and a date, the same player appears twice in an
event, ``players`` is below the number of rows of its event, or the rows of one event disagree on
its date, name, rounds, players, world championship, coefficient, country or place (an empty
optional cell agrees with anything).

Rows are grouped into events by ``event_id`` when given, else by ``event`` name. Players are
matched by ``player_id`` when given, else by name normalised for case, accents and spacing: a row
without an id joins the id that name is used with elsewhere in the file; a name used with two ids
is an error naming both. A player's nationality is the one on their most recent row that has one.

Two paths give one answer (issue 15): a columnar fast path (:mod:`palmares.io.columnar`, the
checks as array operations in :mod:`palmares.io.results_columnar`) takes the files it is sure
of; any other file, and any file with a problem, goes through the row-wise reader here, which
names every problem. :func:`read_result_columns` gives the history as columns (the commands'
input); :func:`read_results` as objects.

Rows that are already typed (the API's classification of one event: :class:`ResultRow`) go
through :func:`results_of_rows`: the same checks, problems and messages, the same result, without
being written out as text and read again (issue 36).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from palmares.core.message import Message, Value, and_list
from palmares.core.ranking import ranking_problem
from palmares.io import limits
from palmares.io.fields import boolean, bounded_text, decimal, integer, iso_date, proper_name
from palmares.io.tables import Column, Row, RowProblems, read_rows, small, typed_rows
from palmares.ratings.columns import ResultColumns
from palmares.ratings.events import Event, Placement, Player, Results, event_order_key
from palmares.ratings.players import normalise_name

__all__ = [
    "COLUMNS",
    "NAME_KEY_PREFIX",
    "ResultRow",
    "read_result_columns",
    "read_results",
    "read_results_exact",
    "results_of_rows",
]

#: The key of a player without a ``player_id``: this prefix and the name's key.
NAME_KEY_PREFIX = "name:"
COLUMNS = [
    Column("event", proper_name(limits.EVENT_NAME), required=True),
    Column("date", iso_date, required=True),
    Column("player", proper_name(limits.PLAYER_NAME), required=True),
    Column("rank", integer(1, limit=limits.RANK), required=True),
    Column("event_id", bounded_text(limits.EVENT_ID)),
    Column("player_id", bounded_text(limits.PLAYER_ID)),
    Column("nationality", bounded_text(limits.NATIONALITY)),
    Column("country", bounded_text(limits.COUNTRY)),
    Column("place", bounded_text(limits.PLACE)),
    Column("rounds", integer(1, limit=limits.ROUNDS)),
    Column("players", integer(1, limit=limits.FIELD_SIZE)),
    Column("world_championship", boolean),
    Column("coefficient", decimal(Decimal(0), limit=limits.COEFFICIENT)),
]

_EVENT_FIELDS = (
    "event",
    "date",
    "rounds",
    "players",
    "world_championship",
    "coefficient",
    "country",
    "place",
)


def _player_keys(rows: list[Row], problems: RowProblems) -> list[str]:
    ids_by_name: dict[str, dict[str, int]] = defaultdict(dict)
    for row in rows:
        pid = row.get("player_id")
        if pid is not None:
            ids_by_name[normalise_name(row["player"])].setdefault(pid, row.line)
    keys: list[str] = []
    for row in rows:
        pid = row.get("player_id")
        norm = normalise_name(row["player"])
        if pid is not None:
            keys.append(pid)
            continue
        ids = ids_by_name.get(norm, {})
        if len(ids) > 1:
            named = and_list(*(Message.of("results.id_at", id=i, line=n) for i, n in ids.items()))
            problems.add(
                row.line,
                "player",
                Message.of("results.two_ids", player=repr(row["player"]), ids=named),
            )
        keys.append(next(iter(ids)) if len(ids) == 1 else NAME_KEY_PREFIX + norm)
    return keys


def _show(value: Any) -> Value:
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    if isinstance(value, bool):
        return Message.of("io.yes" if value else "io.no")
    return str(value)


def _event(
    members: list[tuple[Row, str]], event_id: str | None, problems: RowProblems
) -> Event | None:
    first = members[0][0]
    agreed: dict[str, Any] = {}
    ok = True
    for f in _EVENT_FIELDS:
        seen_at: int | None = None
        for row, _ in members:
            value = row.get(f)
            if value is None:
                continue
            if f not in agreed:
                agreed[f], seen_at = value, row.line
            elif agreed[f] != value:
                problems.add(
                    row.line,
                    f,
                    Message.of(
                        "results.disagrees",
                        value=_show(value),
                        line=seen_at or first.line,
                        agreed=_show(agreed[f]),
                    ),
                )
                ok = False
                break
    seen: dict[str, int] = {}
    for row, key in members:
        if key in seen:
            problems.add(
                row.line,
                "player",
                Message.of(
                    "results.twice",
                    player=repr(row["player"]),
                    event=repr(first["event"]),
                    line=seen[key],
                ),
            )
            ok = False
        seen.setdefault(key, row.line)
    n = agreed.get("players", len(members))
    if n < len(members):
        said = Message.of("results.players_rows", players=n, rows=len(members))
        problems.add(first.line, "players", said)
        return None
    for row, _ in members:
        if row["rank"] > n:
            said = Message.of("results.rank_above", rank=row["rank"], players=n)
            problems.add(row.line, "rank", said)
            ok = False
    if ok:
        wrong = ranking_problem([row["rank"] for row, _ in members], agreed.get("players"))
        if wrong is not None:
            index, message = wrong
            said = Message.of("results.in_event", event=repr(first["event"]), problem=message)
            problems.add(members[index][0].line, "rank", said)
            ok = False
    if not ok:
        return None
    placements = tuple(
        Placement(key, row["rank"], row.get("nationality"))
        for row, key in sorted(members, key=lambda m: (m[0]["rank"], m[0].line))
    )
    return Event(
        key=event_id if event_id is not None else agreed["event"],
        name=agreed["event"],
        date=agreed["date"],
        placements=placements,
        event_id=event_id,
        country=agreed.get("country"),
        place=agreed.get("place"),
        rounds=agreed.get("rounds"),
        players=agreed.get("players"),
        world_championship=bool(agreed.get("world_championship", False)),
        coefficient=agreed.get("coefficient"),
    )


def read_results(path: Path | str) -> Results:
    """Read and check ``results.csv``; raise :class:`~palmares.core.errors.InputError` naming
    every bad line, so nothing is computed from a bad file."""
    fast = None if small(path) else _fast_columns(Path(path))
    return fast.results() if fast is not None else read_results_exact(path)


def read_results_exact(path: Path | str) -> Results:
    """:func:`read_results` by the row-wise reader alone (the reference the fast path is
    tested against)."""
    return _results(read_rows(path, COLUMNS), str(path))


def read_result_columns(path: Path | str) -> ResultColumns:
    """:func:`read_results` as columns (:class:`~palmares.ratings.columns.ResultColumns`):
    the fast path when it takes the file, else the row-wise reader's history as columns."""
    fast = None if small(path) else _fast_columns(Path(path))
    return fast if fast is not None else ResultColumns.of_results(read_results_exact(path))


def _fast_columns(path: Path) -> ResultColumns | None:
    from palmares.io.columnar import read_coded  # pyarrow and numba: only when a file is read
    from palmares.io.results_columnar import result_columns

    coded = read_coded(path, COLUMNS)
    return None if coded is None else result_columns(coded)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One row of results.csv with its values typed: a field per column (:data:`COLUMNS`, the
    same names), ``None`` (or a blank text) where the file's cell would be empty."""

    event: str
    date: date
    player: str
    rank: int
    event_id: str | None = None
    player_id: str | None = None
    nationality: str | None = None
    country: str | None = None
    place: str | None = None
    rounds: int | None = None
    players: int | None = None
    world_championship: bool | None = None
    coefficient: Decimal | None = None


def results_of_rows(rows: Sequence[ResultRow], name: str, *, first_line: int = 2) -> Results:
    """The same checks and result as :func:`read_results` for rows already typed (e.g. a
    classification sent to the API): each value checked as its column's cell is
    (``tables.typed_rows``: a rank within its column, a name with a letter …), then the rows
    against each other (each player once in an event, ranks within the field …). Problems name
    ``name`` and a line: row ``i`` is line ``first_line + i``, by default the line it would have
    in a file whose header is line 1, so a file and its rows are refused in the same words."""
    given = [{f.name: getattr(r, f.name) for f in _ROW_FIELDS} for r in rows]
    return _results(typed_rows(given, COLUMNS, name, first_line), name)


_ROW_FIELDS = fields(ResultRow)


def _results(rows: list[Row], name: str) -> Results:
    problems = RowProblems(name)
    keys = _player_keys(rows, problems)
    groups: dict[tuple[str, str], list[tuple[Row, str]]] = defaultdict(list)
    for row, key in zip(rows, keys, strict=True):
        eid = row.get("event_id")
        groups[("id", eid) if eid is not None else ("name", row["event"])].append((row, key))
    events: list[Event] = []
    by_key: dict[str, int] = {}
    by_name_date: dict[tuple[str, date], int] = {}
    for (kind, ident), members in groups.items():
        event = _event(members, ident if kind == "id" else None, problems)
        if event is None:
            continue
        events.append(event)
        # One event per name and date (the database's rule, Event.name + Event.date).
        line = members[0][0].line
        twin = by_name_date.setdefault((event.name, event.date), line)
        if twin != line:
            problems.add(
                line,
                "event_id",
                Message.of(
                    "results.event_twin",
                    event=repr(event.name),
                    day=event.date.isoformat(),
                    line=twin,
                ),
            )
        if event.key in by_key:
            problems.add(
                members[0][0].line,
                "event_id",
                Message.of("results.id_and_name", key=repr(event.key), line=by_key[event.key]),
            )
        by_key.setdefault(event.key, members[0][0].line)
    problems.raise_if_any()

    players: dict[str, Player] = {}
    ordered = sorted(
        zip(rows, keys, strict=True),
        key=lambda rk: event_order_key(rk[0]["date"], rk[0].get("event_id"), rk[0]["event"]),
    )
    for row, key in ordered:
        old = players.get(key)
        nationality = row.get("nationality") or (old.nationality if old else None)
        players[key] = Player(key, row["player"], nationality)
    return Results.of(events, players)
