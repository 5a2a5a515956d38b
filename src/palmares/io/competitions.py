"""Read a history of competitions from any file we read, by kind (issue 18).

``results`` — ``results.csv`` (an event per competition, by rank); ``boards`` — ``boards.csv``
(a board per competition, by the board's score under ``system`` when given, else by centres);
``games`` — Wizard ``games.csv`` (a game, by score or place); ``matches`` — Tantrix
``matches.csv`` (a match of two players, by tournament points). The readers check the file
(palmares.io); the orders are made by :mod:`palmares.ratings.competitions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.ratings.competitions import (
    Competition,
    CompetitionColumns,
    from_boards,
    from_result_columns,
)

__all__ = ["KINDS", "CompetitionFile", "read_competitions"]

KINDS = ("results", "boards", "games", "matches")


@dataclass(frozen=True)
class CompetitionFile:
    """The competitions of a file as columns (issue 33: read from the file's columns, no value
    per competition), as :class:`Competition` values on request, and the name to show for a
    player key where it differs (``results.csv`` rates players by id)."""

    columns: CompetitionColumns
    names: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def competitions(self) -> tuple[Competition, ...]:
        return self.columns.competitions()

    def name(self, player: str) -> str:
        return self.names.get(player, player)


def read_competitions(
    path: Path | str,
    kind: str,
    *,
    system: str | None = None,
    ratings: Path | str | None = None,
) -> CompetitionFile:
    """The competitions of ``path`` read as ``kind``, in the order they were played.

    ``ratings`` (``matches`` only): the Tantrix rating list before the first tournament
    (``ratings.csv``), which the ``tantrix-elo`` system of the backtest starts from."""
    if system is not None and kind != "boards":
        raise PalmaresError.of(Message.of("competitions.system_boards"))
    if ratings is not None and kind != "matches":
        raise PalmaresError.of(Message.of("competitions.ratings_matches"))
    if kind == "results":
        from palmares.io.results import read_result_columns

        results = read_result_columns(path)
        names = {p.key: p.name for p in results.players}
        return CompetitionFile(from_result_columns(results), names)
    if kind == "boards":
        from palmares.diplomacy.scoring import get_system
        from palmares.io.boards import read_board_columns, read_boards_csv

        if system is None:
            return CompetitionFile(read_board_columns(path).competitions())
        scoring = get_system(system)
        boards = read_boards_csv(path).boards
        scores = [scoring.score(b.result()).scores for b in boards]
        return CompetitionFile(CompetitionColumns.of(from_boards(boards, scores)))
    if kind == "games":
        from palmares.io.wizard import read_game_columns

        return CompetitionFile(read_game_columns(path).competitions())
    if kind == "matches":
        return _matches(path, ratings)
    said = Message.of("competitions.unknown_kind", kind=repr(kind), known=", ".join(KINDS))
    raise PalmaresError.of(said)


def _matches(path: Path | str, ratings: Path | str | None) -> CompetitionFile:
    import numpy as np

    from palmares.io.tantrix import check_own_rating, read_match_columns, read_ratings_csv

    matches = read_match_columns(path)
    if ratings is None or not len(matches):
        return CompetitionFile(matches.competitions())
    entries = read_ratings_csv(ratings, players=matches.players())
    # The first tournament in playing order (as from_matches orders them) starts from it.
    earliest = int(np.argmin(np.maximum(matches.days, 1)))
    day = matches.days[earliest]
    event = matches.event[earliest]
    first = (matches.events[event], date.fromordinal(day) if day else None)
    own = np.flatnonzero((matches.event == event) & (matches.days == day))
    check_own_rating(matches.matches(own.tolist()), entries, path)
    return CompetitionFile(matches.competitions({first: entries}))
