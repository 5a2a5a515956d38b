"""Readers for the board call's input (DESIGN.md, "Board call input").

``players.csv``: ``player`` required; ``boards`` optional (0 sits out, 1 plays one board, 2 plays
two; empty: palmares may propose the player to sit out or play two boards); ``team`` optional;
``nationality`` optional (read when a TD registers the list on the site, issue 12).
``pairs.csv``: ``player_a``, ``player_b``, one keep-apart pair per row (seed 002, "Board
Assignments": couples, blood relatives and any pair the TD is told of).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from palmares.core.message import Message
from palmares.core.records import records
from palmares.diplomacy.seeding.problem import Entrant
from palmares.io import limits
from palmares.io.fields import bounded_text, integer, proper_name
from palmares.io.tables import Column, RowProblems, check_spellings, read_rows, small

__all__ = ["ROSTER_COLUMNS", "RosterRow", "read_pairs_csv", "read_players_csv", "read_roster"]


_name = proper_name(limits.PLAYER_NAME)


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One row of ``players.csv``: the player, their boards, team and nationality."""

    player: str
    boards: int | None
    team: str | None
    nationality: str
    line: int


ROSTER_COLUMNS = [
    Column("player", _name, required=True),
    Column("boards", integer(0, 2)),
    Column("team", bounded_text(limits.TEAM_NAME)),
    Column("nationality", bounded_text(limits.NATIONALITY)),
]


def read_roster(path: Path | str) -> tuple[RosterRow, ...]:
    """Read ``players.csv`` (or the first sheet of an .xlsx); a player listed twice is an error
    naming both lines. A large file is read by a columnar fast path first (issue 33:
    :mod:`palmares.io.lists_columnar`), which leaves a file with a problem to the row-wise
    reader here."""
    fast = _fast_roster(path)
    return fast if fast is not None else _roster_exact(path)


def _fast_roster(path: Path | str) -> tuple[RosterRow, ...] | None:
    if small(path):
        return None
    from palmares.io.columnar import read_table
    from palmares.io.lists_columnar import listed_once

    table = read_table(Path(path), ROSTER_COLUMNS)
    picked = None if table is None else listed_once(table, "player")
    if table is None or picked is None:
        return None
    return tuple(
        records(
            RosterRow,
            table["player"].at(picked),
            table["boards"].at(picked),
            [t or None for t in table["team"].at(picked)],
            [n or "" for n in table["nationality"].at(picked)],
            table.lines.tolist(),
        )
    )


def _roster_exact(path: Path | str) -> tuple[RosterRow, ...]:
    rows = read_rows(path, ROSTER_COLUMNS)
    problems = RowProblems(str(path))
    check_spellings(rows, ("player",), problems)
    seen: dict[str, int] = {}
    out: list[RosterRow] = []
    for row in rows:
        player = row["player"]
        if player in seen:
            said = Message.of("roster.listed_at", player=player, line=seen[player])
            problems.add(row.line, "player", said)
            continue
        seen[player] = row.line
        out.append(
            RosterRow(
                player, row["boards"], row["team"] or None, row["nationality"] or "", row.line
            )
        )
    if not rows:
        problems.add(None, None, Message.of("roster.no_players"))
    problems.raise_if_any()
    return tuple(out)


def read_players_csv(path: Path | str) -> tuple[Entrant, ...]:
    """Read ``players.csv`` as the board call's entrants (see :func:`read_roster`)."""
    return tuple(Entrant(r.player, r.boards, r.team) for r in read_roster(path))


def read_pairs_csv(path: Path | str) -> tuple[tuple[str, str], ...]:
    """Read ``pairs.csv``: the keep-apart pairs; a player paired with themself is an error."""
    rows = read_rows(
        path,
        [Column("player_a", _name, required=True), Column("player_b", _name, required=True)],
    )
    problems = RowProblems(str(path))
    check_spellings(rows, ("player_a", "player_b"), problems)
    pairs: list[tuple[str, str]] = []
    for row in rows:
        a, b = row["player_a"], row["player_b"]
        if a == b:
            problems.add(row.line, "player_b", Message.of("roster.themself", player=a))
            continue
        pairs.append((a, b))
    problems.raise_if_any()
    return tuple(pairs)
