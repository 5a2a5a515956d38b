"""Tournament points (TP): how one Tantrix game's tile scores become a share of 20 points.

The rule (``specs/tantrix.md``, "Tournament points (TP) of one game", from the published Tantrix
rating method behind seed 003):

- 20 points are shared per game; equal tile scores give 10 : 10;
- otherwise, with margin m = |score_a − score_b| capped at 36, the winner gets 12 + (4/3)·√m and
  the loser 20 minus that. The published table shows one decimal (m = 1 → 13.3, 9 → 16.0,
  20 → 18.0, 36 or more → 20.0); palmares uses that table by default (``places=1``), the exact
  value on request (``places=None``);
- time penalty: a player who used 15 minutes or more passes 1 TP to the opponent, plus 1 for each
  further full minute (whole minutes used − 14); both sides stay within 0–20.

A match's TP is the sum over its games (:func:`match_points`).

Public API::

    winner_points(margin, *, cap=36, places=1) -> Decimal
    time_penalty(minutes, *, free_minutes=14) -> int
    game_points(score_a, score_b, *, minutes_a=None, minutes_b=None, cap=36, places=1)
        -> GamePoints
    match_points(games) -> tuple[Decimal, Decimal]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, localcontext
from math import floor

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.rounding import half_up

__all__ = [
    "GAME_POINTS",
    "MARGIN_CAP",
    "PENALTY_FREE_MINUTES",
    "GamePoints",
    "game_points",
    "match_points",
    "time_penalty",
    "winner_points",
]

GAME_POINTS = 20
"""Tournament points shared in every game."""

MARGIN_CAP = 36
"""Tile margins above this count as this (the winner then takes all 20 TP)."""

PENALTY_FREE_MINUTES = 14
"""Whole minutes a player may use without penalty; from the 15th minute on, 1 TP per minute."""


def winner_points(margin: int, *, cap: int = MARGIN_CAP, places: int | None = 1) -> Decimal:
    """The winner's TP for a tile margin: 10 for a draw, else 12 + (4/3)·√min(margin, cap).

    ``places=1`` gives the published one-decimal table (half up); ``None`` the value to 28
    significant digits.
    """
    if margin < 0:
        raise PalmaresError.of(Message.of("tantrix.margin_negative", got=margin))
    if cap < 1:
        raise PalmaresError.of(Message.of("tantrix.margin_cap", got=cap))
    if margin == 0:
        return Decimal(10) if places is None else half_up(10, places)
    m = min(margin, cap)
    with localcontext() as ctx:
        ctx.prec = 28
        exact = Decimal(12) + Decimal(4) * Decimal(m).sqrt() / Decimal(3)
    # At the cap the formula gives exactly 20 (√36 = 6); keep it inside the 20 points.
    exact = min(exact, Decimal(GAME_POINTS))
    return exact if places is None else half_up(exact, places)


def time_penalty(minutes: Decimal | int | None, *, free_minutes: int = PENALTY_FREE_MINUTES) -> int:
    """TP passed to the opponent for ``minutes`` used: whole minutes − 14, never below 0.

    14 minutes 59 seconds costs nothing; 15:00 costs 1; 16:00 costs 2.
    """
    if minutes is None:
        return 0
    if minutes < 0:
        raise PalmaresError.of(Message.of("tantrix.minutes_negative", got=str(minutes)))
    return max(0, floor(minutes) - free_minutes)


@dataclass(frozen=True, slots=True)
class GamePoints:
    """One game: tile scores, margin, TP before and after time penalties."""

    score_a: int
    score_b: int
    margin: int
    before_penalty_a: Decimal
    before_penalty_b: Decimal
    penalty_a: int
    penalty_b: int
    tp_a: Decimal
    tp_b: Decimal


def game_points(
    score_a: int,
    score_b: int,
    *,
    minutes_a: Decimal | int | None = None,
    minutes_b: Decimal | int | None = None,
    cap: int = MARGIN_CAP,
    places: int | None = 1,
) -> GamePoints:
    """TP of one game from its tile scores (and minutes used, for the time penalty)."""
    if score_a < 0 or score_b < 0:
        raise PalmaresError.of(Message.of("tantrix.scores_negative", a=score_a, b=score_b))
    margin = abs(score_a - score_b)
    win = winner_points(margin, cap=cap, places=places)
    lose = Decimal(GAME_POINTS) - win
    before_a, before_b = (win, lose) if score_a >= score_b else (lose, win)
    pen_a = time_penalty(minutes_a)
    pen_b = time_penalty(minutes_b)
    tp_a = before_a - pen_a + pen_b
    tp_a = max(Decimal(0), min(Decimal(GAME_POINTS), tp_a))
    tp_b = Decimal(GAME_POINTS) - tp_a
    return GamePoints(score_a, score_b, margin, before_a, before_b, pen_a, pen_b, tp_a, tp_b)


def match_points(games: Iterable[GamePoints]) -> tuple[Decimal, Decimal]:
    """A match's TP: the sums over its games (they add up to 20 × games)."""
    tp_a = Decimal(0)
    tp_b = Decimal(0)
    for game in games:
        tp_a += game.tp_a
        tp_b += game.tp_b
    return tp_a, tp_b
