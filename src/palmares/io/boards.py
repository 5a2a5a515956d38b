"""Readers for Diplomacy boards: ``boards.csv``, ``teams.csv`` and ``boards.json`` (DESIGN.md).

``boards.csv`` has one row per power per board: ``round``, ``board``, ``power``, ``player``,
``centres`` required; ``eliminated`` (year), ``final_year``, ``draw`` (member of the agreed draw)
and ``top_board`` optional. A board must have each power exactly once, its centres may not sum to
more than the map holds, and a player may sit on at most two boards of a round (never twice on
one). ``teams.csv`` has ``team`` and ``player``. ``boards.json`` is a list of single boards.

A large ``boards.csv`` is read by a columnar fast path first (issue 33:
:mod:`palmares.io.boards_columnar`), which leaves any file with a problem to the row-wise reader
here (:func:`read_boards_exact`); :func:`read_board_columns` gives the boards as columns.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.core.message import Message
from palmares.core.message import power as power_
from palmares.diplomacy.board import (
    GREAT_POWERS,
    TOTAL_CENTRES,
    Board,
    PlayedBoard,
    Seat,
    parse_power,
    result_problems,
)
from palmares.io import limits
from palmares.io.fields import boolean, bounded_text, integer, proper_name
from palmares.io.tables import Column, Row, RowProblems, check_spellings, read_rows, small
from palmares.io.tournament import team_lines

if TYPE_CHECKING:
    from palmares.io.boards_columnar import BoardColumns

__all__ = [
    "TEAM_SIZE",
    "BoardsFile",
    "read_board_columns",
    "read_boards_csv",
    "read_boards_exact",
    "read_boards_json",
    "read_teams_csv",
    "team_problems",
]

#: Players in a team (seed 002, "Teams": teams of three).
TEAM_SIZE = 3

YEAR = integer(1901, 2100, limit=limits.YEAR)
PLAYER = proper_name(limits.PLAYER_NAME)


@dataclass(frozen=True, slots=True)
class BoardsFile:
    """The boards of a tournament, in round then board order, as read from ``boards.csv``."""

    boards: tuple[PlayedBoard, ...]

    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(sorted({b.round for b in self.boards}))

    def in_round(self, number: int) -> tuple[PlayedBoard, ...]:
        return tuple(b for b in self.boards if b.round == number)


def _board_columns(powers: tuple[str, ...], total: int, results: bool = True) -> list[Column]:
    return [
        Column("round", integer(1, limit=limits.ROUND), required=True),
        Column("board", bounded_text(limits.BOARD_LABEL), required=True),
        Column("power", lambda v: parse_power(v, powers), required=True),
        Column("player", PLAYER, required=True),
        Column("centres", integer(0, total, limit=limits.CENTRES), required=results, default=0),
        Column("eliminated", YEAR),
        Column("final_year", YEAR),
        Column("draw", boolean, default=False),
        Column("top_board", boolean, default=False),
    ]


def read_boards_csv(
    path: Path | str,
    *,
    powers: tuple[str, ...] = GREAT_POWERS,
    total_centres: int = TOTAL_CENTRES,
    results: bool = True,
) -> BoardsFile:
    """Read and check ``boards.csv``; raise :class:`InputError` naming every bad line.

    With ``results=False`` (a board call used as history) the ``centres`` column may be left out
    and counts as 0: only round, board, power and player matter then.
    """
    fast = _fast_boards(path, powers, total_centres, results)
    if fast is not None:
        return BoardsFile(fast.boards())
    return read_boards_exact(path, powers=powers, total_centres=total_centres, results=results)


def read_board_columns(
    path: Path | str,
    *,
    powers: tuple[str, ...] = GREAT_POWERS,
    total_centres: int = TOTAL_CENTRES,
) -> BoardColumns:
    """:func:`read_boards_csv` as columns (:class:`~palmares.io.boards_columnar.BoardColumns`):
    the fast path when it takes the file, else the row-wise reader's boards as columns."""
    from palmares.io.boards_columnar import BoardColumns

    fast = _fast_boards(path, powers, total_centres, True)
    if fast is not None:
        return fast
    exact = read_boards_exact(path, powers=powers, total_centres=total_centres)
    return BoardColumns.of(exact.boards, powers)


def _fast_boards(
    path: Path | str, powers: tuple[str, ...], total_centres: int, results: bool
) -> BoardColumns | None:
    if small(path):
        return None
    from palmares.io.boards_columnar import board_columns
    from palmares.io.columnar import read_table  # numpy and pyarrow: only for a large file

    table = read_table(Path(path), _board_columns(powers, total_centres, results))
    return None if table is None else board_columns(table, powers, total_centres, results)


def read_boards_exact(
    path: Path | str,
    *,
    powers: tuple[str, ...] = GREAT_POWERS,
    total_centres: int = TOTAL_CENTRES,
    results: bool = True,
) -> BoardsFile:
    """:func:`read_boards_csv` by the row-wise reader alone (the reference of the fast path)."""
    name = str(path)
    rows = read_rows(path, _board_columns(powers, total_centres, results))
    problems = RowProblems(name)
    if not rows:
        # Nothing to score, and an import would empty a stored tournament (issue 13).
        problems.add(None, None, Message.of("boards.header_only"))
    check_spellings(rows, ("player",), problems)
    by_board: dict[tuple[int, str], list[Row]] = defaultdict(list)
    for row in rows:
        by_board[(row["round"], row["board"])].append(row)

    boards: list[PlayedBoard] = []
    for (rnd, board_id), members in by_board.items():
        first = members[0].line
        seen: dict[str, int] = {}
        for row in members:
            power = row["power"]
            if power in seen:
                problems.add(
                    row.line,
                    "power",
                    Message.of(
                        "boards.power_twice",
                        power=power_(power),
                        round=rnd,
                        board=board_id,
                        first=seen[power],
                    ),
                )
            else:
                seen[power] = row.line
        missing = [p for p in powers if p not in seen]
        if missing:
            problems.add(
                first,
                "power",
                Message.of(
                    "boards.powers_missing",
                    round=rnd,
                    board=board_id,
                    powers=len(seen),
                    missing=tuple(power_(p) for p in missing),
                ),
            )
        final_years = {r["final_year"] for r in members if r["final_year"] is not None}
        if len(final_years) > 1:
            problems.add(
                first,
                "final_year",
                Message.of(
                    "boards.disagrees", round=rnd, board=board_id, values=str(sorted(final_years))
                ),
            )
        final_year = min(final_years) if final_years else None
        line_of = {r["power"]: r.line for r in members}
        for problem in result_problems(
            {r["power"]: r["centres"] for r in members},
            {r["power"]: r["eliminated"] for r in members if r["eliminated"] is not None},
            final_year,
            [r["power"] for r in members if r["draw"]],
            total_centres=total_centres,
            players={r["power"]: r["player"] for r in members},
            finished=results,
        ):
            if problem.power is None:
                said = problem.said if problem.said is not None else problem.message
                at = Message.of("boards.at", round=rnd, board=board_id, problem=said)
                problems.add(first, problem.field, at)
            else:
                problems.add(line_of[problem.power], problem.field, problem.said or problem.message)
        tops = {r["top_board"] for r in members}
        if len(tops) > 1:
            problems.add(
                first, "top_board", Message.of("boards.rows_disagree", round=rnd, board=board_id)
            )
        seats = tuple(
            Seat(
                power=r["power"],
                player=r["player"],
                centres=r["centres"],
                eliminated=r["eliminated"],
                draw=r["draw"],
                line=r.line,
            )
            for r in sorted(members, key=lambda r: powers.index(r["power"]))
        )
        boards.append(
            PlayedBoard(rnd, board_id, seats, final_year=final_year, top_board=True in tops)
        )

    # A player sits at most once on a board and on at most two boards of a round.
    where: dict[tuple[int, str], list[tuple[str, int]]] = defaultdict(list)
    for row in rows:
        where[(row["round"], row["player"])].append((row["board"], row.line))
    for (rnd, player), places in where.items():
        boards_of = [b for b, _ in places]
        if len(set(boards_of)) < len(boards_of):
            line = places[-1][1]
            problems.add(line, "player", Message.of("boards.sits_twice", player=player, round=rnd))
        elif len(boards_of) > 2:
            problems.add(
                places[2][1],
                "player",
                Message.of("boards.too_many", player=player, boards=len(boards_of), round=rnd),
            )
    problems.raise_if_any()
    boards.sort(key=lambda b: (b.round, _natural(b.board)))
    return BoardsFile(tuple(boards))


def _natural(board: str) -> tuple[int, str]:
    return (int(board), "") if board.isdigit() else (10**9, board)


TEAM_COLUMNS = [
    Column("team", bounded_text(limits.TEAM_NAME), required=True),
    Column("player", PLAYER, required=True),
]


def read_teams_csv(path: Path | str) -> dict[str, tuple[str, ...]]:
    """Read ``teams.csv`` (``team``, ``player``): team name → its players, in file order."""
    rows = read_rows(path, TEAM_COLUMNS)
    problems = RowProblems(str(path))
    check_spellings(rows, ("player",), problems)
    teams: dict[str, list[str]] = defaultdict(list)
    team_of: dict[str, tuple[str, int]] = {}
    for row in rows:
        player = row["player"]
        if player in team_of:
            team, line = team_of[player]
            problems.add(
                row.line,
                "player",
                Message.of("boards.in_team", player=player, team=team, line=line),
            )
            continue
        team_of[player] = (row["team"], row.line)
        teams[row["team"]].append(player)
    problems.raise_if_any()
    return {team: tuple(players) for team, players in teams.items()}


def team_problems(
    players: Collection[str], teams: Mapping[str, tuple[str, ...]], path: Path | str
) -> list[Problem]:
    """What is wrong with ``teams`` (read from ``path`` by :func:`read_teams_csv`) for a
    tournament whose boards seat ``players``: a team of more than three, a member on no board.
    The standings command and the import of boards with teams both check it."""
    lines = team_lines(path)
    problems: list[Problem] = []
    for team, members in teams.items():
        if len(members) > TEAM_SIZE:
            problems.append(
                Problem.of(
                    str(path),
                    lines[members[TEAM_SIZE]],
                    "team",
                    Message.of("boards.team_size", team=team, players=len(members)),
                )
            )
        problems.extend(
            Problem.of(
                str(path), lines[p], "player", Message.of("boards.no_board", player=p, team=team)
            )
            for p in members
            if p not in players
        )
    return problems


def read_boards_json(
    path: Path | str,
    *,
    powers: tuple[str, ...] = GREAT_POWERS,
    total_centres: int = TOTAL_CENTRES,
) -> list[Board]:
    """Read ``boards.json``: a list of single boards (DESIGN.md, "Single boards")."""
    name = str(path)
    path = Path(path)
    if not path.is_file():
        raise InputError.at(name, None, None, Message.of("io.no_file"))
    source = path.read_text(encoding="utf-8-sig")
    items = _json_array_with_lines(source, name)
    problems: list[Problem] = []
    boards: list[Board] = []
    ids: dict[str, int] = {}
    for line, item in items:

        def bad(column: str | None, message: str | Message, line: int = line) -> None:
            if isinstance(message, Message):
                problems.append(Problem.of(name, line, column, message))
            else:
                problems.append(Problem(name, line, column, message))

        if not isinstance(item, dict):
            bad(None, Message.of("boards.object"))
            continue
        unknown = set(item) - {"id", "centres", "eliminated", "final_year", "draw"}
        for key in sorted(unknown):
            bad(key, Message.of("boards.unknown_field"))
        board_id = str(item.get("id", len(boards) + 1))
        if board_id in ids:
            bad("id", Message.of("boards.id_twice", board=board_id, first=ids[board_id]))
        ids[board_id] = line
        centres = _power_map(item.get("centres"), "centres", powers, bad)
        if centres is None:
            continue
        missing = [p for p in powers if p not in centres]
        if missing:
            bad(
                "centres",
                Message.of(
                    "boards.no_count", board=board_id, powers=tuple(power_(p) for p in missing)
                ),
            )
        for power, count in centres.items():
            if (
                not isinstance(count, int)
                or isinstance(count, bool)
                or not 0 <= count <= total_centres
            ):
                bad(
                    "centres",
                    Message.of(
                        "boards.count",
                        power=power_(power),
                        most=total_centres,
                        got=repr(count),
                    ),
                )
        counts = {
            p: c for p, c in centres.items() if isinstance(c, int) and not isinstance(c, bool)
        }
        eliminated = _power_map(item.get("eliminated", {}), "eliminated", powers, bad) or {}
        for power, year in eliminated.items():
            if not isinstance(year, int) or isinstance(year, bool) or not 1901 <= year <= 2100:
                bad(
                    "eliminated",
                    Message.of("boards.year_of", power=power_(power), got=repr(year)),
                )
        final_year = item.get("final_year")
        if final_year is not None and (
            not isinstance(final_year, int) or not 1901 <= final_year <= 2100
        ):
            bad("final_year", Message.of("site.year", got=repr(final_year)))
            final_year = None
        draw_raw = item.get("draw")
        draw: frozenset[str] | None = None
        if draw_raw is not None:
            if not isinstance(draw_raw, list):
                bad("draw", Message.of("boards.draw_list"))
            else:
                members = []
                for p in draw_raw:
                    try:
                        members.append(parse_power(str(p), powers))
                    except ValueError as exc:
                        bad("draw", _said(exc))
                draw = frozenset(members)
                if len(draw) < len(members):
                    bad("draw", Message.of("site.draw_twice"))
        years = {p: y for p, y in eliminated.items() if isinstance(y, int)}
        for problem in result_problems(
            counts, years, final_year, draw or (), total_centres=total_centres
        ):
            said = problem.said if problem.said is not None else problem.message
            if problem.power is None:
                bad(problem.field, Message.of("boards.board_at", board=board_id, problem=said))
            else:
                bad(problem.field, said)
        boards.append(
            Board(
                id=board_id,
                centres={p: centres[p] for p in powers if p in centres},
                eliminated={p: eliminated[p] for p in powers if p in eliminated},
                final_year=final_year,
                draw=draw,
            )
        )
    if problems:
        raise InputError(problems[:50])
    return boards


def _said(error: ValueError) -> str | Message:
    """A refused power's message, typed where the error has one."""
    if isinstance(error, PalmaresError) and error.said is not None:
        return error.said
    return str(error)


def _power_map(value: Any, column: str, powers: tuple[str, ...], bad: Any) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        bad(column, Message.of("boards.power_object"))
        return None
    out: dict[str, Any] = {}
    for key, v in value.items():
        try:
            power = parse_power(str(key), powers)
        except ValueError as exc:
            bad(column, _said(exc))
            continue
        if power in out:
            bad(column, Message.of("boards.twice", power=power_(power)))
        out[power] = v
    return out


def _json_array_with_lines(source: str, name: str) -> list[tuple[int, Any]]:
    """Decode a top-level JSON array, keeping the line on which each element starts."""
    decoder = json.JSONDecoder()
    try:
        json.loads(source)
    except json.JSONDecodeError as exc:
        raise InputError.at(
            name, exc.lineno, None, Message.of("boards.json", why=exc.msg, column=exc.colno)
        ) from None
    i = _skip_ws(source, 0)
    if i >= len(source) or source[i] != "[":
        raise InputError.at(name, 1, None, Message.of("boards.json_list"))
    i = _skip_ws(source, i + 1)
    items: list[tuple[int, Any]] = []
    if source[i] == "]":
        raise InputError.at(name, 1, None, Message.of("boards.json_empty"))
    while True:
        line = source.count("\n", 0, i) + 1
        value, i = decoder.raw_decode(source, i)
        items.append((line, value))
        i = _skip_ws(source, i)
        if source[i] == ",":
            i = _skip_ws(source, i + 1)
            continue
        return items


def _skip_ws(source: str, i: int) -> int:
    while i < len(source) and source[i] in " \t\r\n":
        i += 1
    return i
