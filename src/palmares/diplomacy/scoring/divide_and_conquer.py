"""Divide and Conquer, the board score of the 2007 World Diplomacy Championship.

Seed 002, Appendix A, "Long Explanation": for each power compute f(sc) = 2^(sc/4) − 1 from its
final supply-centre count; its *raw score* is 100 · f(sc) / Σ f(sc) over the board. A solo
(``Board.solo_centres``, 18 on the standard map, at the end of a Fall turn) gives the soloist
100 and everyone else 0.

The seed pays each player the pot share of the raw score *rounded to two decimals* (England
24.11 % of 70 = 16.877, where the unrounded 24.1063… % would give 16.874). That is the default
(``rounded=yes``); ``divide-and-conquer:rounded=no`` keeps the exact raw scores. Rounded raw
scores can sum to 99.99 or 100.01; the board's nominal total stays 100, so a power takes
exactly its raw score in percent of the pot, as the seed says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from palmares.core.rounding import half_up
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring.base import BoardScore, Score, SystemInfo, yes_no
from palmares.diplomacy.scoring.registry import register

__all__ = ["DivideAndConquer", "f_sc"]

SLUG = "divide-and-conquer"


def f_sc(centres: int) -> float:
    """f(sc) = 2^(sc/4) − 1 (seed 002, Appendix A; the chart: 17 → 18.02731 … 1 → 0.18921)."""
    if centres < 0:
        raise ValueError(f"a power cannot hold {centres} centres")
    return float(2 ** (centres / 4) - 1)


@dataclass(frozen=True, slots=True)
class DivideAndConquer:
    """The system; ``rounded``: pay pot shares from the raw score rounded to two decimals."""

    rounded: bool = True

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        f = {power: f_sc(count) for power, count in board.centres.items()}
        total_f = sum(f.values())
        details: dict[str, dict[str, Any]] = {}
        scores: dict[str, Score] = {}
        notes: list[str] = []
        if soloist is not None:
            notes.append(f"{soloist} solos: raw score 100, everyone else 0")
        elif total_f == 0:
            notes.append("no power holds a centre: every raw score is 0")
        for power in board.centres:
            if soloist is not None:
                raw = 100.0 if power == soloist else 0.0
            elif total_f == 0:
                raw = 0.0
            else:
                raw = 100 * f[power] / total_f
            scores[power] = half_up(raw, 2) if self.rounded else raw
            shown = half_up(raw, 2) if self.rounded else half_up(raw, 5)
            if soloist is None and total_f:
                words = f"{power} = {shown} ({f[power]:.5f}/{total_f:.5f}*100)"
            else:
                words = f"{power} = {shown}"
            details[power] = {
                "f": f[power],
                "raw": raw,
                "explain": f"{words}, {board.centres[power]} centres",
            }
        if soloist is None and total_f:
            notes.append(f"the sum of the {len(f)} f(sc) is {total_f:.5f}")
        if self.rounded:
            notes.append("raw scores rounded to two decimals, as the seed pays them")
        return BoardScore(
            board=board,
            system=SLUG,
            scores=scores,
            details=details,
            notes=tuple(notes),
            total=100,
        )


INFO = register(
    SystemInfo(
        slug=SLUG,
        name="Divide and Conquer",
        kind="centre-count",
        source="2007 World Diplomacy Championship rules (seed 002), Appendix A",
        summary="raw = 100 · f(sc) / Σ f, f(sc) = 2^(sc/4) − 1; solo 100, others 0",
        rule=__doc__ or "",
        factory=DivideAndConquer,
        parameters={"rounded": yes_no},
    )
)
