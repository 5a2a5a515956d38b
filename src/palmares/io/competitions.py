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
from pathlib import Path

from palmares.core.errors import PalmaresError
from palmares.ratings.competitions import (
    Competition,
    from_boards,
    from_games,
    from_matches,
    from_results,
)

__all__ = ["KINDS", "CompetitionFile", "read_competitions"]

KINDS = ("results", "boards", "games", "matches")


@dataclass(frozen=True, slots=True)
class CompetitionFile:
    """The competitions of a file, and the name to show for a player key where it differs
    (``results.csv`` rates players by id)."""

    competitions: tuple[Competition, ...]
    names: Mapping[str, str] = field(default_factory=dict)

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
        raise PalmaresError("--system orders Diplomacy boards: only with --kind boards")
    if ratings is not None and kind != "matches":
        raise PalmaresError("--ratings is a Tantrix rating list: only with --kind matches")
    if kind == "results":
        from palmares.io.results import read_results

        results = read_results(path)
        names = {k: p.name for k, p in results.players.items()}
        return CompetitionFile(from_results(results), names)
    if kind == "boards":
        from palmares.diplomacy.scoring import get_system
        from palmares.io.boards import read_boards_csv

        boards = read_boards_csv(path).boards
        if system is None:
            return CompetitionFile(from_boards(boards))
        scoring = get_system(system)
        return CompetitionFile(
            from_boards(boards, [scoring.score(b.result()).scores for b in boards])
        )
    if kind == "games":
        from palmares.io.wizard import read_games

        return CompetitionFile(from_games(read_games(path)))
    if kind == "matches":
        from palmares.io.tantrix import check_own_rating, read_matches_csv, read_ratings_csv

        matches = read_matches_csv(path)
        if ratings is None or not matches:
            return CompetitionFile(from_matches(matches))
        entries = read_ratings_csv(ratings, matches=matches)
        # The first tournament in playing order (as from_matches orders them) starts from it.
        earliest = min(range(len(matches)), key=lambda i: (matches[i].date or date.min, i))
        first = (matches[earliest].event, matches[earliest].date)
        check_own_rating([m for m in matches if (m.event, m.date) == first], entries, path)
        return CompetitionFile(from_matches(matches, {first: entries}))
    raise PalmaresError(f"unknown kind {kind!r} (known: {', '.join(KINDS)})")
