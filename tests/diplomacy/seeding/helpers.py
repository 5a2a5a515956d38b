"""Builders shared by the board-call tests: entrants, and a history made of earlier calls."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.seeding import BoardCall, Entrant


def entrants(n: int, **boards: int) -> tuple[Entrant, ...]:
    """``p01 … pNN``; ``boards`` names the TD's sitters (0) and two-boarders (2)."""
    names = [f"p{i:02d}" for i in range(1, n + 1)]
    return tuple(Entrant(p, boards.get(p)) for p in names)


def history_of(calls: Iterable[BoardCall]) -> tuple[PlayedBoard, ...]:
    """Earlier calls as played boards (centres unknown: 0)."""
    return boards_from([(s.round, s.board, s.power, s.player) for c in calls for s in c.seats])


def boards_from(rows: Sequence[tuple[int, int, str, str]]) -> tuple[PlayedBoard, ...]:
    by: dict[tuple[int, int], list[Seat]] = {}
    for rnd, board, power, player in rows:
        by.setdefault((rnd, board), []).append(Seat(power, player, 0))
    return tuple(PlayedBoard(r, str(b), tuple(seats)) for (r, b), seats in sorted(by.items()))
