"""Maxonian and 7Eleven.

Rule (Maxonian): powers are placed by final centres and score 7, 6, 5, 4, 3, 2, 1 for 1st–7th.
Powers on equal centres are separated by their counts in earlier years: the one that was ahead
most recently takes the higher place. Powers that were level in every year share the average of
the places they span. A power with more than 13 centres adds 1 point per centre above 13 — on a
soloed board only the soloist does, and a solo counts as 18 centres at most.

- ``maxonian``: threshold 13.
- ``7eleven``: threshold 11.

Earlier years come from the board's centre counts by year (``centres_by_year``), compared from the
most recent year back (only years with a count for every tied power are used). Without them, the
one earlier-year fact the board always carries is used: of two dead powers, the one eliminated
later was ahead in the years between, so the dead are separated by elimination year (out in 1906
takes the higher place than out in 1904); dead powers eliminated in the same year, and any other
tie, share their places. A board's explanation says which it did.

Where palmares and dipvis differ: dipvis, given a board without the centre counts by year (its
SimpleGameState knows no earlier year), shares the places of dead powers; palmares separates
them by elimination year as above. With the counts by year both compare the years.

Source: dipvis (UEWBot/dipvis, game_scoring/maxonian.py and g_scoring_systems.py for 7Eleven's
threshold of 11, system description).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import SOLO_CENTRES, Board
from palmares.diplomacy.scoring._shared import board_score, int_param, rank_points
from palmares.diplomacy.scoring.base import BoardNote, BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["DeadByEliminationYear", "Maxonian", "MaxonianPower", "TiedSurvivorsShare"]

PLACES = (7, 6, 5, 4, 3, 2, 1)


def history_key(board: Board, power: str) -> tuple[int, ...]:
    """Final centres, then the centres of each earlier year (most recent first), then the year
    of elimination (0 for a survivor): compared in order, the first difference decides."""
    key = [board.centres[power]]
    if board.centres_by_year:
        final = board.final_year
        years = sorted(
            (
                y
                for y, counts in board.centres_by_year.items()
                if (final is None or y < final) and all(p in counts for p in board.powers)
            ),
            reverse=True,
        )
        key.extend(board.centres_by_year[y][power] for y in years)
    key.append(board.eliminated.get(power, 0) if board.centres[power] == 0 else 0)
    return tuple(key)


@dataclass(frozen=True, slots=True)
class MaxonianPower(Figures):
    """One power under Maxonian or 7Eleven (dipvis maxonian.py): final centres, the points of
    its place (7 … 1, ties by earlier years, then shared), and 1 a centre above the threshold
    (13, 7Eleven's 11; on a soloed board the soloist's only, 18 centres at most)."""

    centres: int
    place_points: Fraction
    bonus: int


@dataclass(frozen=True, slots=True)
class TiedSurvivorsShare(BoardNote):
    """The board has no centre counts by year, so survivors on equal final centres share the
    places they span (the module's rule, "Earlier years")."""


@dataclass(frozen=True, slots=True)
class DeadByEliminationYear(BoardNote):
    """The board has no centre counts by year, so its dead powers are placed by elimination
    year, later first (``out``: each dead power and its year, in that order); those out in the
    same year share. dipvis, without the counts, shares those places (the module's rule)."""

    out: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Maxonian:
    threshold: int = 13
    slug: str = "maxonian"

    def score(self, board: Board) -> BoardScore:
        place = rank_points(board.powers, lambda p: history_key(board, p), PLACES)
        soloist = board.soloist
        scores: dict[str, Fraction] = {}
        powers: dict[str, MaxonianPower] = {}
        for p in board.powers:
            c = min(board.centres[p], SOLO_CENTRES)
            earns = soloist is None or soloist == p
            bonus = max(c - self.threshold, 0) if earns else 0
            scores[p] = place[p] + bonus
            powers[p] = MaxonianPower(board.centres[p], place[p], bonus)
        notes: list[BoardNote] = []
        finals = [board.centres[p] for p in board.survivors]
        if not board.centres_by_year and len(set(finals)) < len(finals):
            notes.append(TiedSurvivorsShare())
        dead = sorted(
            (board.eliminated.get(p, 0), p) for p in board.powers if board.centres[p] == 0
        )
        if not board.centres_by_year and len(dead) > 1:
            notes.append(DeadByEliminationYear(tuple((p, y) for y, p in reversed(dead))))
        return board_score(board, self.slug, scores, powers, notes)


_PARAMS = {"threshold": int_param}

register(
    SystemInfo(
        slug="maxonian",
        name="Maxonian",
        kind="rank",
        source="dipvis game_scoring/maxonian.py",
        summary=Message.of("system.maxonian.summary"),
        rule=Message.of("system.maxonian.rule"),
        factory=lambda threshold=13: Maxonian(threshold=threshold, slug="maxonian"),
        parameters=_PARAMS,
    )
)
register(
    SystemInfo(
        slug="7eleven",
        name="7Eleven",
        kind="rank",
        source="dipvis game_scoring/g_scoring_systems.py ('7Eleven') and maxonian.py",
        summary=Message.of("system.7eleven.summary"),
        rule=Message.of("system.maxonian.rule"),
        factory=lambda threshold=11: Maxonian(threshold=threshold, slug="7eleven"),
        parameters=_PARAMS,
    )
)
