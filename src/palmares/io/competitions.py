"""Read a history of competitions from any file we read, by kind (issue 18).

``results`` — ``results.csv`` (an event per competition, by rank); ``boards`` — ``boards.csv``
(a board per competition, by the board's score under ``system`` when given, else by centres);
``games`` — Wizard ``games.csv`` (a game, by score or place); ``matches`` — Tantrix
``matches.csv`` (a match of two players, by tournament points). The readers check the file
(palmares.io); the orders are made by :mod:`palmares.ratings.competitions`.
"""

from __future__ import annotations

from pathlib import Path

from palmares.core.errors import PalmaresError
from palmares.ratings.competitions import (
    Competition,
    from_boards,
    from_games,
    from_matches,
    from_results,
)

__all__ = ["KINDS", "read_competitions"]

KINDS = ("results", "boards", "games", "matches")


def read_competitions(
    path: Path | str, kind: str, *, system: str | None = None
) -> tuple[Competition, ...]:
    """The competitions of ``path`` read as ``kind``, in the order they were played."""
    if system is not None and kind != "boards":
        raise PalmaresError("--system orders Diplomacy boards: only with --kind boards")
    if kind == "results":
        from palmares.io.results import read_results

        return from_results(read_results(path))
    if kind == "boards":
        from palmares.diplomacy.scoring import get_system
        from palmares.io.boards import read_boards_csv

        boards = read_boards_csv(path).boards
        if system is None:
            return from_boards(boards)
        scoring = get_system(system)
        return from_boards(boards, [scoring.score(b.result()).scores for b in boards])
    if kind == "games":
        from palmares.io.wizard import read_games

        return from_games(read_games(path))
    if kind == "matches":
        from palmares.io.tantrix import read_matches_csv

        return from_matches(read_matches_csv(path))
    raise PalmaresError(f"unknown kind {kind!r} (known: {', '.join(KINDS)})")
