"""Readers for the extra files of a Diplomacy tournament: ``declines.csv`` and ``chaos.csv``.

``declines.csv`` (``player``, optional ``reason``): the players who declined their invitation to
the top board (seed 002, "Top Board"; a team keeping one member there records the others with
reason ``team``). ``chaos.csv`` (``player``, ``centres``, optional ``eliminated``): the final
position of the chaos game, which is recorded but never scored (seed 002, "Chaos Game").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from palmares.core.message import Message
from palmares.diplomacy.board import TOTAL_CENTRES
from palmares.diplomacy.chaos import ChaosEntry, ChaosGame
from palmares.io.fields import integer, text
from palmares.io.tables import Column, RowProblems, read_rows

__all__ = ["DeclineRow", "read_chaos_csv", "read_declines_csv", "team_lines"]


@dataclass(frozen=True, slots=True)
class DeclineRow:
    player: str
    reason: str
    line: int


def read_declines_csv(path: Path | str) -> tuple[DeclineRow, ...]:
    """Read ``declines.csv``; a player may appear once."""
    rows = read_rows(
        path, [Column("player", text, required=True), Column("reason", text, default="")]
    )
    problems = RowProblems(str(path))
    seen: dict[str, int] = {}
    out: list[DeclineRow] = []
    for row in rows:
        player = row["player"]
        if player in seen:
            said = Message.of("declines.twice", player=player, line=seen[player])
            problems.add(row.line, "player", said)
            continue
        seen[player] = row.line
        out.append(DeclineRow(player, row["reason"] or "", row.line))
    problems.raise_if_any()
    return tuple(out)


def read_chaos_csv(path: Path | str, *, total_centres: int = TOTAL_CENTRES) -> ChaosGame:
    """Read ``chaos.csv``; each player once, centres summing to at most the map's."""
    rows = read_rows(
        path,
        [
            Column("player", text, required=True),
            Column("centres", integer(0, total_centres), required=True),
            Column("eliminated", integer(1901, 2100)),
        ],
    )
    problems = RowProblems(str(path))
    seen: dict[str, int] = {}
    for row in rows:
        if row["player"] in seen:
            problems.add(
                row.line,
                "player",
                Message.of("chaos.twice", player=row["player"], first=seen[row["player"]]),
            )
        seen.setdefault(row["player"], row.line)
        if row["eliminated"] is not None and row["centres"] > 0:
            said = Message.of("chaos.has_centres", player=row["player"], centres=row["centres"])
            problems.add(row.line, "eliminated", said)
    total = sum(r["centres"] for r in rows)
    if total > total_centres:
        problems.add(
            rows[0].line if rows else None,
            "centres",
            Message.of("chaos.centres_sum", total=total, most=total_centres),
        )
    problems.raise_if_any()
    return ChaosGame(tuple(ChaosEntry(r["player"], r["centres"], r["eliminated"]) for r in rows))


def team_lines(path: Path | str) -> dict[str, int]:
    """The line of each player in ``teams.csv`` (read after ``read_teams_csv`` has checked it),
    so a later check can name it."""
    rows = read_rows(
        path, [Column("team", text, required=True), Column("player", text, required=True)]
    )
    lines: dict[str, int] = {}
    for row in rows:
        lines.setdefault(row["player"], row.line)
    return lines
