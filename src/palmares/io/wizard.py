"""Readers for the Wizard files: ``games.csv``, ``tournament.csv`` and ``triad.csv``.

``games.csv`` (DESIGN.md): one row per player per game; ``date``, ``game``, ``player`` required,
and ``score`` (final score; equal scores tie) or ``place`` (1 is best; tied players share a
place: 1, 1, 3). A row may give both; then the place must agree with the scores. Within one
game every player needs a score, or every player a place. A game has 3 to 6 players, each once,
and one date.

``tournament.csv`` (DESIGN.md): ``tournament``, ``date``, ``player``, ``place`` required;
``games_finished`` and ``invitational`` (yes/no, default no) optional. One date and one
invitational flag per tournament; each player once; places a ranking (1, 2, 2, 4 ...).

``triad.csv`` (our format): the 3-handed TRIAD game of a tournament, one row per player:
``tournament``, ``player`` required, and ``score`` or ``place`` as in games.csv. Three players per
tournament; the seats (top 3, or the 4th-placed substitute) are checked against the tournament.

Every problem is reported as ``file:line: column: what is wrong`` and the file is rejected whole.

Two paths give one answer (issue 33), as for ``results.csv``: a columnar fast path
(:mod:`palmares.io.columnar`, the checks as array operations in
:mod:`palmares.io.wizard_columnar`) takes the large files it is sure of; any other file, and any
file with a problem, goes through the row-wise reader here (``*_exact``), which names every
problem.

Public API: :func:`read_games` -> tuple of Game (``between``: only those dated in a span),
:func:`read_game_columns` -> GameColumns (the games as columns, for the skill rating),
:func:`read_tournaments` -> tuple of Tournament, :func:`read_triads` -> {tournament name:
TriadGame}.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from palmares.core.message import Message
from palmares.core.ranking import competition_ranks
from palmares.io import limits
from palmares.io.fields import boolean, bounded_text, integer, iso_date, proper_name
from palmares.io.tables import Column, Row, RowProblems, check_spellings, read_rows, small
from palmares.wizard.game import Finish, Game
from palmares.wizard.tournament import Placing, Tournament
from palmares.wizard.triad import TriadGame

if TYPE_CHECKING:
    from palmares.io.wizard_columnar import GameColumns

__all__ = [
    "read_game_columns",
    "read_games",
    "read_games_exact",
    "read_tournaments",
    "read_tournaments_exact",
    "read_triads",
]

PLAYER = proper_name(limits.PLAYER_NAME)

GAME_COLUMNS = [
    Column("date", iso_date, required=True),
    Column("game", bounded_text(limits.GAME_CODE), required=True),
    Column("player", PLAYER, required=True),
    Column("score", integer(limit=limits.SCORE)),
    Column("place", integer(1, 6, limit=limits.GAME_PLACE)),
]

TOURNAMENT_COLUMNS = [
    Column("tournament", proper_name(limits.EVENT_NAME), required=True),
    Column("date", iso_date, required=True),
    Column("player", PLAYER, required=True),
    Column("place", integer(1, limit=limits.TOURNAMENT_PLACE), required=True),
    Column("games_finished", integer(0, limit=limits.GAMES_FINISHED)),
    Column("invitational", boolean, default=False),
]

TRIAD_COLUMNS = [
    Column("tournament", proper_name(limits.EVENT_NAME), required=True),
    Column("player", PLAYER, required=True),
    Column("score", integer(limit=limits.TRIAD_SCORE)),
    Column("place", integer(1, 3)),
]


def _group(rows: Sequence[Row], key: str) -> dict[str, list[Row]]:
    groups: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        groups[str(row[key])].append(row)
    return groups


def _not_a_ranking(places: Sequence[int]) -> bool:
    ordered = sorted(places)
    return any(p != ordered.index(p) + 1 for p in ordered)


def _check_finishes(
    what: Message, rows: Sequence[Row], problems: RowProblems, least: int, most: int
) -> bool:
    """Check one game's rows (players, sizes, score/place); True when they make a game."""
    before = len(problems.problems)
    first_line: dict[str, int] = {}
    for row in rows:
        player = str(row["player"])
        if player in first_line:
            problems.add(
                row.line,
                "player",
                Message.of("wizard_file.twice", player=player, what=what, first=first_line[player]),
            )
        else:
            first_line[player] = row.line
        if row.get("score") is None and row.get("place") is None:
            problems.add(row.line, None, Message.of("wizard_file.score_or_place"))
    count = len(first_line)
    if not least <= count <= most:
        size = Message.of("wizard_file.from_to", least=least, most=most) if least != most else least
        said = Message.of("wizard_file.players", what=what, count=count, size=size)
        problems.add(rows[0].line, None, said)
    if len(problems.problems) > before:
        return False
    scored = all(r.get("score") is not None for r in rows)
    if scored:
        ranks = competition_ranks({str(r["player"]): r["score"] for r in rows})
        for row in rows:
            place = row.get("place")
            if place is not None and place != ranks[str(row["player"])]:
                problems.add(
                    row.line,
                    "place",
                    Message.of(
                        "wizard_file.place_disagrees",
                        place=str(place),
                        score=str(row["score"]),
                        rank=ranks[str(row["player"])],
                        what=what,
                    ),
                )
    else:
        for row in rows:
            if row.get("place") is None:
                problems.add(
                    row.line,
                    "place",
                    Message.of("wizard_file.no_place", what=what),
                )
        placed = [int(r["place"]) for r in rows if r.get("place") is not None]
        if len(placed) == len(rows) and _not_a_ranking(placed):
            problems.add(
                rows[0].line,
                "place",
                Message.of("wizard_file.not_ranking", what=what, places=str(sorted(placed))),
            )
    return len(problems.problems) == before


def _finishes(rows: Sequence[Row]) -> tuple[Finish, ...]:
    return tuple(Finish(str(r["player"]), r.get("score"), r.get("place")) for r in rows)


def read_games(path: Path | str, *, between: tuple[date, date] | None = None) -> tuple[Game, ...]:
    """Read ``games.csv``: every game, in the order of its first row (``between``: only the
    games dated from its first to its last day; the whole file is checked all the same)."""
    fast = _fast_games(path)
    if fast is not None:
        return fast.games() if between is None else fast.between(*between)
    games = read_games_exact(path)
    if between is None:
        return games
    return tuple(g for g in games if between[0] <= g.day <= between[1])


def read_game_columns(path: Path | str) -> GameColumns:
    """:func:`read_games` as columns (:class:`~palmares.io.wizard_columnar.GameColumns`): the
    fast path when it takes the file, else the row-wise reader's games as columns."""
    from palmares.io.wizard_columnar import GameColumns

    fast = _fast_games(path)
    return fast if fast is not None else GameColumns.of(read_games_exact(path))


def _fast_games(path: Path | str) -> GameColumns | None:
    if small(path):
        return None
    from palmares.io.columnar import read_table  # numpy and pyarrow: only for a large file
    from palmares.io.wizard_columnar import game_columns

    table = read_table(Path(path), GAME_COLUMNS)
    return None if table is None else game_columns(table)


def read_games_exact(path: Path | str) -> tuple[Game, ...]:
    """:func:`read_games` by the row-wise reader alone (the reference of the fast path)."""
    rows = read_rows(path, GAME_COLUMNS)
    problems = RowProblems(str(path))
    check_spellings(rows, ("player",), problems)
    games: list[Game] = []
    for game_id, game_rows in _group(rows, "game").items():
        what = Message.of("wizard_file.game", game=str(game_id))
        day = game_rows[0]["date"]
        for row in game_rows[1:]:
            if row["date"] != day:
                problems.add(
                    row.line,
                    "date",
                    Message.of(
                        "wizard_file.dated",
                        what=what,
                        day=day.isoformat(),
                        line=game_rows[0].line,
                        other=row["date"].isoformat(),
                    ),
                )
        if _check_finishes(what, game_rows, problems, 3, 6):
            games.append(Game(game_id, day, _finishes(game_rows)))
    problems.raise_if_any()
    return tuple(games)


def read_tournaments(path: Path | str) -> tuple[Tournament, ...]:
    """Read ``tournament.csv``: every tournament, in the order of its first row."""
    fast = _fast_tournaments(path)
    return fast if fast is not None else read_tournaments_exact(path)


def _fast_tournaments(path: Path | str) -> tuple[Tournament, ...] | None:
    if small(path):
        return None
    from palmares.io.columnar import read_table
    from palmares.io.wizard_columnar import tournaments_of

    table = read_table(Path(path), TOURNAMENT_COLUMNS)
    return None if table is None else tournaments_of(table)


def read_tournaments_exact(path: Path | str) -> tuple[Tournament, ...]:
    """:func:`read_tournaments` by the row-wise reader alone."""
    rows = read_rows(path, TOURNAMENT_COLUMNS)
    problems = RowProblems(str(path))
    check_spellings(rows, ("player",), problems)
    tournaments: list[Tournament] = []
    for name, t_rows in _group(rows, "tournament").items():
        first = t_rows[0]
        before = len(problems.problems)
        seen: dict[str, int] = {}
        for row in t_rows:
            player = str(row["player"])
            if player in seen:
                problems.add(
                    row.line,
                    "player",
                    Message.of(
                        "wizard_file.tournament_twice", player=player, name=name, first=seen[player]
                    ),
                )
            seen.setdefault(player, row.line)
            if row["date"] != first["date"]:
                problems.add(
                    row.line,
                    "date",
                    Message.of(
                        "wizard_file.tournament_dated",
                        name=name,
                        day=first["date"].isoformat(),
                        line=first.line,
                        other=row["date"].isoformat(),
                    ),
                )
            if row["invitational"] != first["invitational"]:
                problems.add(
                    row.line,
                    "invitational",
                    Message.of("wizard_file.tournament_marked", name=name, line=first.line),
                )
        places = [int(r["place"]) for r in t_rows]
        if _not_a_ranking(places):
            problems.add(
                first.line,
                "place",
                Message.of(
                    "wizard_file.tournament_not_ranking", name=name, places=str(sorted(places)[:12])
                ),
            )
        if len(problems.problems) == before:
            placings = tuple(
                Placing(str(r["player"]), int(r["place"]), r.get("games_finished")) for r in t_rows
            )
            tournaments.append(Tournament(name, first["date"], placings, first["invitational"]))
    problems.raise_if_any()
    return tuple(tournaments)


def read_triads(path: Path | str) -> dict[str, TriadGame]:
    """Read ``triad.csv``: the TRIAD game of each tournament that played one."""
    rows = read_rows(path, TRIAD_COLUMNS)
    problems = RowProblems(str(path))
    check_spellings(rows, ("player",), problems)
    triads: dict[str, TriadGame] = {}
    for name, t_rows in _group(rows, "tournament").items():
        if _check_finishes(Message.of("wizard_file.triad_of", name=name), t_rows, problems, 3, 3):
            triads[name] = TriadGame(name, _finishes(t_rows))
    problems.raise_if_any()
    return triads
