"""The seed's two tables as plain rows, one per player (seed 003: "Players who previously had
unofficial or no ratings" and "Players who previously had official ratings").

The same rows feed the command line (``palmares tantrix performance``), the site and the API, so
a figure is computed once. Values are unrounded (rounding is for display: TP % to one decimal,
Elo and Factor whole, half away from zero); ``None`` where a column does not apply.

A row (:class:`PerformanceRow`, its fields in ``PERFORMANCE_COLUMNS`` order): ``player``,
``official``, ``lost_to`` (";"-joined), ``games`` (G of the normal-method matches; for an unrated
player, of the matches their rating comes from), ``tp_percent``, ``factor``, ``opponent_elo``,
``elo`` (of those matches), ``pre_elo``, ``tournament_games``, ``tournament_elo`` (an unrated
player's is their Elo). The seed's key: "TP % is the weighted (by G for each match) average
tournament point percentage", "Factor is the Elo difference factor for the given TP %", "Oppnt
Elo is the weighted (by G for each match) average opponent Elo rating", "Tournt G is G for the
whole tournament", "Pre-tnmt Elo is the player's pre-tournament Elo rating".

Public API::

    PERFORMANCE_COLUMNS
    PerformanceRow                          # frozen; dataclasses.asdict(row) for csv/json
    performance_rows(result) -> tuple[PerformanceRow, ...]
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from palmares.tantrix.performance import Performance
from palmares.tantrix.tournament import TournamentRating

__all__ = ["PERFORMANCE_COLUMNS", "PerformanceRow", "performance_rows"]


@dataclass(frozen=True, slots=True)
class PerformanceRow:
    """One player's line of seed 003's tables (unrounded figures; ``None``: not applicable)."""

    player: str
    official: bool
    lost_to: str | None
    games: int | None
    tp_percent: Fraction | None
    factor: float | None
    opponent_elo: float | None
    elo: float | None
    pre_elo: float | None
    tournament_games: int
    tournament_elo: float | None


PERFORMANCE_COLUMNS = tuple(f.name for f in fields(PerformanceRow))


def _row(
    player: str,
    official: bool,
    lost_to: tuple[str, ...],
    perf: Performance | None,
    pre_elo: float | None,
    tournament_games: int,
    tournament_elo: float | None,
) -> PerformanceRow:
    return PerformanceRow(
        player=player,
        official=official,
        lost_to=";".join(lost_to) or None,
        games=None if perf is None else perf.games,
        tp_percent=None if perf is None else perf.tp_percent,
        factor=None if perf is None else perf.factor,
        opponent_elo=None if perf is None else perf.opponent_elo,
        elo=None if perf is None else perf.elo,
        pre_elo=pre_elo,
        tournament_games=tournament_games,
        tournament_elo=tournament_elo,
    )


def performance_rows(result: TournamentRating) -> tuple[PerformanceRow, ...]:
    """One row per player: the unrated players in draw order, then the officially rated."""
    unrated = [
        _row(u.player, False, u.lost_to, u.performance, None, u.tournament_games, u.elo)
        for u in result.unrated
    ]
    official = [
        _row(o.player, True, o.lost_to, o.normal, o.pre_elo, o.tournament_games, o.tournament_elo)
        for o in result.official
    ]
    return (*unrated, *official)
