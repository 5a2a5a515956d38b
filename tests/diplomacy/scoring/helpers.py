"""Small helpers for the scoring tests."""

from __future__ import annotations

from fractions import Fraction

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring import get_system


def scores(spec: str, board: Board) -> dict[str, Fraction]:
    """The scores of ``board`` under ``spec``, keyed by initial (``{"R": 7009, …}``)."""
    result = get_system(spec).score(board)
    return {p[0]: Fraction(result[p]) for p in board.powers}


def initials(values: str) -> dict[str, Fraction]:
    """``"R=49 E=32"`` → ``{"R": 49, "E": 32}`` (values may be fractions like 17/2)."""
    out: dict[str, Fraction] = {}
    for item in values.split():
        key, _, value = item.partition("=")
        out[key] = Fraction(value)
    return out
