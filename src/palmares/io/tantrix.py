"""Readers for Tantrix ``matches.csv`` and ``ratings.csv`` (DESIGN.md, "Tantrix matches").

``matches.csv`` — one row per match or one row per game, both forms allowed in one file:

- per match: ``games``, ``tp_a``, ``tp_b`` (tournament points over the match,
  ``tp_a + tp_b = 20 × games``);
- per game: ``score_a``, ``score_b`` (tile scores), optional ``minutes_a``, ``minutes_b`` (minutes
  used, for the time penalty) and ``game`` (its number in the match); the rows of one event,
  round and pair of players make one match, its TP the sum of the games' TP
  (``tantrix/tournament_points.py``, published one-decimal table);
- always ``player_a``, ``player_b``; optional ``event``, ``date``, ``round``; ``own_rating`` (the
  officially rated player of the match who counts it at their own pre-tournament rating);
  ``illustrative`` (yes/no: the match's split of TP is not known from the source but chosen to
  fit known totals, as in ``examples/tantrix-nz-2000``). An illustrative match is accepted and
  computed like any other; the ``performance`` command says which matches were illustrative.

Rejected, with file:line: a row of neither or both forms, tp_a + tp_b ≠ 20 × games, a player
meeting themself, games below 1, a negative TP or tile score, a match (event, round, pair) listed
twice, a game number listed twice, ``own_rating`` naming someone outside the match, rows of one
match disagreeing on ``own_rating``.

``ratings.csv`` — ``player``, ``rating`` required; ``games`` (G so far), ``official`` (yes/no;
when empty: official if G is unknown or at least the established threshold). Rejected: a rating
that is not a number, negative G, a player listed twice.

A large file is read by a columnar fast path first (issue 33: :mod:`palmares.io.columnar`, the
checks as array operations in :mod:`palmares.io.tantrix_columnar`), which leaves any file with a
problem to the row-wise readers here (``*_exact``), which name every problem.

Public API::

    read_matches_csv(path) -> tuple[Match, ...]
    read_match_columns(path) -> MatchColumns            # the matches as columns
    read_ratings_csv(path, *, established=36, matches=(), players=()) -> tuple[RatingEntry, ...]
    check_own_rating(matches, ratings, path) -> None   # own_rating must be officially rated
    read_names_csv(path) -> dict[str, str]              # players.csv: player (nickname), name
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date as Date
from decimal import Decimal
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.core.message import Message
from palmares.core.names import name_key
from palmares.io import limits
from palmares.io.fields import boolean, bounded_text, decimal, integer, iso_date, proper_name
from palmares.io.tables import Column, Row, RowProblems, check_spellings, read_rows, small
from palmares.tantrix.match import Match
from palmares.tantrix.rating_list import ESTABLISHED_GAMES, RatingEntry
from palmares.tantrix.tournament_points import GAME_POINTS, GamePoints, game_points

if TYPE_CHECKING:
    from palmares.io.tantrix_columnar import MatchColumns

__all__ = [
    "RATING_COLUMNS",
    "check_own_rating",
    "read_match_columns",
    "read_matches_csv",
    "read_matches_exact",
    "read_names_csv",
    "read_ratings_csv",
]

NON_NEGATIVE = decimal(Decimal(0))
PLAYER = proper_name(limits.PLAYER_NAME)
TP = decimal(Decimal(0), limit=limits.TOURNAMENT_POINTS)
#: Tile scores and minutes are not stored; these bounds only keep out nonsense.
TILE_SCORE = integer(0, 9999)
MINUTES = decimal(Decimal(0), Decimal(9999))
#: A rating, well inside its column once read as a float by the engine.
RATING = decimal(Decimal(-(10**9)), Decimal(10**9), limit=limits.RATING)

MATCH_COLUMNS = [
    Column("event", proper_name(limits.EVENT_NAME), default=""),
    Column("date", iso_date),
    Column("round", bounded_text(limits.MATCH_ROUND), default=""),
    Column("player_a", PLAYER, required=True),
    Column("player_b", PLAYER, required=True),
    Column("games", integer(1, limit=limits.GAMES)),
    Column("tp_a", TP),
    Column("tp_b", TP),
    Column("score_a", TILE_SCORE),
    Column("score_b", TILE_SCORE),
    Column("minutes_a", MINUTES),
    Column("minutes_b", MINUTES),
    Column("game", integer(1, 9999)),
    Column("own_rating", PLAYER),
    Column("illustrative", boolean, default=False),
]

_MATCH_FORM = ("games", "tp_a", "tp_b")
_GAME_FORM = ("score_a", "score_b")


@dataclass(slots=True)
class _Pending:
    """A match being assembled from its rows (one row, or one per game)."""

    first: Row
    key: tuple[str, str, frozenset[str]]
    player_a: str
    player_b: str
    per_game: bool
    games: list[GamePoints]
    game_numbers: dict[int, int]
    own_rating: str | None
    illustrative: bool


def _form(row: Row, problems: RowProblems) -> str | None:
    has_match = [c for c in _MATCH_FORM if row.values.get(c) is not None]
    has_game = [c for c in _GAME_FORM if row.values.get(c) is not None]
    if has_match and has_game:
        problems.add(row.line, None, Message.of("tantrix.both_forms"))
        return None
    if has_game:
        for c in _GAME_FORM:
            if row.values.get(c) is None:
                problems.add(row.line, c, Message.of("tantrix.other_score"))
        return "game" if len(has_game) == 2 else None
    if not has_match:
        problems.add(row.line, None, Message.of("tantrix.needs"))
        return None
    missing = [c for c in _MATCH_FORM if row.values.get(c) is None]
    for c in missing:
        problems.add(row.line, c, Message.of("io.required"))
    for c in ("minutes_a", "minutes_b", "game"):
        if row.values.get(c) is not None:
            problems.add(row.line, c, Message.of("tantrix.only_games"))
    return None if missing else "match"


def read_matches_csv(path: Path | str) -> tuple[Match, ...]:
    """Read and check ``matches.csv``; raise :class:`InputError` naming every bad line."""
    fast = _fast_matches(path)
    return fast.matches() if fast is not None else read_matches_exact(path)


def read_match_columns(path: Path | str) -> MatchColumns:
    """:func:`read_matches_csv` as columns (:class:`~palmares.io.tantrix_columnar.MatchColumns`):
    the fast path when it takes the file, else the row-wise reader's matches as columns."""
    from palmares.io.tantrix_columnar import MatchColumns

    fast = _fast_matches(path)
    return fast if fast is not None else MatchColumns.of(read_matches_exact(path))


def _fast_matches(path: Path | str) -> MatchColumns | None:
    if small(path):
        return None
    from palmares.io.columnar import read_table  # numpy and pyarrow: only for a large file
    from palmares.io.tantrix_columnar import match_columns

    table = read_table(Path(path), MATCH_COLUMNS)
    return None if table is None else match_columns(table)


def read_matches_exact(path: Path | str) -> tuple[Match, ...]:
    """:func:`read_matches_csv` by the row-wise reader alone (the reference of the fast
    path)."""
    name = str(path)
    rows = read_rows(path, MATCH_COLUMNS)
    problems = RowProblems(name)
    if not rows:
        problems.add(None, None, Message.of("tantrix.header_only"))
    check_spellings(rows, ("player_a", "player_b", "own_rating"), problems)
    pending: dict[tuple[str, str, frozenset[str]], _Pending] = {}
    for row in rows:
        a, b = row["player_a"], row["player_b"]
        if a == b:
            problems.add(row.line, "player_b", Message.of("tantrix.themself", player=a))
            continue
        form = _form(row, problems)
        own = row["own_rating"]
        if own is not None and own not in (a, b):
            problems.add(
                row.line, "own_rating", Message.of("tantrix.own_absent", own=own, a=a, b=b)
            )
            own = None
        if form is None:
            continue
        key = (row["event"], row["round"], frozenset((a, b)))
        where = (
            Message.of("tantrix.round", round=row["round"])
            if row["round"]
            else Message.of("tantrix.this_event")
        )
        earlier = pending.get(key)
        if form == "match":
            if earlier is not None:
                problems.add(
                    row.line,
                    None,
                    Message.of(
                        "tantrix.match_twice", a=a, b=b, where=where, first=earlier.first.line
                    ),
                )
                continue
            if row["tp_a"] + row["tp_b"] != GAME_POINTS * row["games"]:
                problems.add(
                    row.line,
                    "tp_b",
                    Message.of(
                        "tantrix.tp_sum",
                        sum=row["tp_a"] + row["tp_b"],
                        games=row["games"],
                        each=GAME_POINTS,
                        total=GAME_POINTS * row["games"],
                    ),
                )
                continue
            pending[key] = _Pending(row, key, a, b, False, [], {}, own, bool(row["illustrative"]))
            continue
        try:
            score_a, score_b = row["score_a"], row["score_b"]
            if earlier is not None and earlier.player_a != a:
                score_a, score_b = score_b, score_a
                minutes_a, minutes_b = row["minutes_b"], row["minutes_a"]
            else:
                minutes_a, minutes_b = row["minutes_a"], row["minutes_b"]
            points = game_points(score_a, score_b, minutes_a=minutes_a, minutes_b=minutes_b)
        except ValueError as exc:
            problems.add(row.line, None, exc if isinstance(exc, PalmaresError) else str(exc))
            continue
        if earlier is None:
            pending[key] = _Pending(
                row, key, a, b, True, [points], {}, own, bool(row["illustrative"])
            )
            earlier = pending[key]
        elif not earlier.per_game:
            problems.add(
                row.line,
                None,
                Message.of("tantrix.match_twice", a=a, b=b, where=where, first=earlier.first.line),
            )
            continue
        else:
            earlier.games.append(points)
            if own is not None and earlier.own_rating not in (None, own):
                problems.add(
                    row.line,
                    "own_rating",
                    Message.of(
                        "tantrix.own_differs",
                        own=own,
                        line=earlier.first.line,
                        said=str(earlier.own_rating),
                    ),
                )
            earlier.own_rating = earlier.own_rating or own
            earlier.illustrative = earlier.illustrative or bool(row["illustrative"])
        number = row["game"]
        if number is not None:
            if number in earlier.game_numbers:
                problems.add(
                    row.line,
                    "game",
                    Message.of(
                        "tantrix.game_twice",
                        game=number,
                        a=a,
                        b=b,
                        first=earlier.game_numbers[number],
                    ),
                )
            else:
                earlier.game_numbers[number] = row.line
    problems.raise_if_any()
    return tuple(_match(p) for p in pending.values())


def _match(p: _Pending) -> Match:
    row = p.first
    if p.per_game:
        games = len(p.games)
        tp_a = sum((g.tp_a for g in p.games), Decimal(0))
        tp_b = sum((g.tp_b for g in p.games), Decimal(0))
    else:
        games, tp_a, tp_b = row["games"], row["tp_a"], row["tp_b"]
    day: Date | None = row["date"]
    return Match(
        p.player_a,
        p.player_b,
        games,
        tp_a,
        tp_b,
        event=row["event"],
        date=day,
        round=row["round"],
        own_rating=p.own_rating,
        illustrative=p.illustrative,
        line=row.line,
    )


RATING_COLUMNS = [
    Column("player", PLAYER, required=True),
    Column("rating", RATING, required=True),
    Column("games", integer(0, limit=limits.RATED_GAMES)),
    Column("official", boolean),
]


def read_ratings_csv(
    path: Path | str,
    *,
    established: int = ESTABLISHED_GAMES,
    matches: Sequence[Match] = (),
    players: Iterable[str] = (),
) -> tuple[RatingEntry, ...]:
    """Read ``ratings.csv``; raise :class:`InputError` naming every bad line.

    Given the ``matches`` it rates (or their ``players``), a player spelled otherwise than in
    the matches (the same name key, ``core.names.name_key``) is refused too: the database would
    take them for one person, the analysis for two."""
    spelled = {name_key(p): p for p in chain(players, (p for m in matches for p in m.players))}
    fast = _fast_ratings(path, established, spelled)
    return fast if fast is not None else _ratings_exact(path, established, spelled)


def _fast_ratings(
    path: Path | str, established: int, spelled: dict[str, str]
) -> tuple[RatingEntry, ...] | None:
    if small(path):
        return None
    from palmares.io.columnar import read_table
    from palmares.io.tantrix_columnar import rating_entries

    table = read_table(Path(path), RATING_COLUMNS)
    return None if table is None else rating_entries(table, established, spelled)


def _ratings_exact(
    path: Path | str, established: int, spelled: dict[str, str]
) -> tuple[RatingEntry, ...]:
    name = str(path)
    rows = read_rows(path, RATING_COLUMNS)
    problems = RowProblems(name)
    check_spellings(rows, ("player",), problems)
    for row in rows:
        other = spelled.get(name_key(row["player"]), row["player"])
        if other != row["player"]:
            problems.add(
                row.line,
                "player",
                Message.of("tantrix.spelled", player=repr(row["player"]), other=repr(other)),
            )
    seen: dict[str, int] = {}
    entries: list[RatingEntry] = []
    for row in rows:
        player = row["player"]
        if player in seen:
            problems.add(
                row.line,
                "player",
                Message.of("tantrix.listed_twice", player=player, first=seen[player]),
            )
            continue
        seen[player] = row.line
        games: int | None = row["games"]
        official: Any = row["official"]
        if official is None:
            official = games is None or games >= established
        entries.append(RatingEntry(player, float(row["rating"]), games, bool(official)))
    problems.raise_if_any()
    return tuple(entries)


def check_own_rating(
    matches: Sequence[Match], ratings: Sequence[RatingEntry], path: Path | str
) -> None:
    """``own_rating`` must name an officially rated player: raise with file:line otherwise."""
    official = {e.player for e in ratings if e.official}
    problems = [
        Problem.of(
            str(path),
            m.line,
            "own_rating",
            Message.of("tantrix.own_unrated", player=m.own_rating),
        )
        for m in matches
        if m.own_rating is not None and m.own_rating not in official
    ]
    if problems:
        raise InputError(problems)


NAME_COLUMNS = [Column("player", PLAYER, required=True), Column("name", PLAYER, required=True)]


def read_names_csv(path: Path | str) -> dict[str, str]:
    """Read ``players.csv`` (``player`` as in the matches, ``name`` in full): player → name."""
    fast = _fast_names(path)
    return fast if fast is not None else _names_exact(path)


def _fast_names(path: Path | str) -> dict[str, str] | None:
    if small(path):
        return None
    from palmares.io.columnar import read_table
    from palmares.io.lists_columnar import listed_once

    table = read_table(Path(path), NAME_COLUMNS)
    picked = None if table is None else listed_once(table, "player")
    if table is None or picked is None:
        return None
    return dict(zip(table["player"].at(picked), table["name"].at(picked), strict=True))


def _names_exact(path: Path | str) -> dict[str, str]:
    rows = read_rows(path, NAME_COLUMNS)
    problems = RowProblems(str(path))
    check_spellings(rows, ("player",), problems)
    names: dict[str, str] = {}
    first: dict[str, int] = {}
    for row in rows:
        player = row["player"]
        if player in first:
            problems.add(
                row.line,
                "player",
                Message.of("tantrix.listed_twice", player=player, first=first[player]),
            )
            continue
        first[player] = row.line
        names[player] = row["name"]
    problems.raise_if_any()
    return names
