"""The reference boards of the spec (shared/specs/diplomacy.md, "Other board-scoring systems")."""

from __future__ import annotations

from palmares.diplomacy.board import Board

#: D (ended 1907): A 0 (out 1904), E 8, F 6, G 0 (out 1906), I 4, R 9, T 7.
BOARD_D = Board(
    id="D",
    centres={
        "Austria": 0,
        "England": 8,
        "France": 6,
        "Germany": 0,
        "Italy": 4,
        "Russia": 9,
        "Turkey": 7,
    },
    eliminated={"Austria": 1904, "Germany": 1906},
    final_year=1907,
)
#: T (ended 1907): as D but E 9, F 5 — a shared top.
BOARD_T = Board(
    id="T",
    centres={**BOARD_D.centres, "England": 9, "France": 5},
    eliminated=BOARD_D.eliminated,
    final_year=1907,
)
#: S (Russia solos in 1908): A 0 (out 1903), E 5, F 3, G 0 (out 1905), I 0 (out 1906), R 18, T 8.
BOARD_S = Board(
    id="S",
    centres={
        "Austria": 0,
        "England": 5,
        "France": 3,
        "Germany": 0,
        "Italy": 0,
        "Russia": 18,
        "Turkey": 8,
    },
    eliminated={"Austria": 1903, "Germany": 1905, "Italy": 1906},
    final_year=1908,
)


def board(
    centres: dict[str, int],
    eliminated: dict[str, int] | None = None,
    final_year: int = 1907,
    draw: frozenset[str] | None = None,
) -> Board:
    """A board from initials: ``board({"A": 0, "E": 8, …}, {"A": 1904})``."""
    names = {p[0]: p for p in BOARD_D.centres}
    return Board(
        id="X",
        centres={names[k]: v for k, v in centres.items()},
        eliminated={names[k]: v for k, v in (eliminated or {}).items()},
        final_year=final_year,
        draw=draw,
    )
