"""The seed's two tables as plain rows, one per player (seed 003: "Players who previously had
unofficial or no ratings" and "Players who previously had official ratings").

The same rows feed the command line (``palmares tantrix performance``) and any other view, so a
figure is computed once. Values are unrounded (rounding is for display: TP % to one decimal,
Elo and Factor whole, half away from zero); ``None`` where a column does not apply.

Columns (``PERFORMANCE_COLUMNS``): ``player``, ``official``, ``lost_to`` (";"-joined),
``games`` (G of the normal-method matches; for an unrated player, of the matches their rating
comes from), ``tp_percent``, ``factor``, ``opponent_elo``, ``elo`` (of those matches),
``pre_elo``, ``tournament_games``, ``tournament_elo`` (an unrated player's is their Elo).

Public API::

    PERFORMANCE_COLUMNS
    performance_rows(result) -> list[dict[str, object]]
"""

from __future__ import annotations

from typing import Any

from palmares.tantrix.performance import Performance
from palmares.tantrix.tournament import TournamentRating

__all__ = ["PERFORMANCE_COLUMNS", "performance_rows"]

PERFORMANCE_COLUMNS = (
    "player",
    "official",
    "lost_to",
    "games",
    "tp_percent",
    "factor",
    "opponent_elo",
    "elo",
    "pre_elo",
    "tournament_games",
    "tournament_elo",
)


def _figures(perf: Performance | None) -> dict[str, Any]:
    if perf is None:
        return dict.fromkeys(("games", "tp_percent", "factor", "opponent_elo", "elo"))
    return {
        "games": perf.games,
        "tp_percent": perf.tp_percent,
        "factor": perf.factor,
        "opponent_elo": perf.opponent_elo,
        "elo": perf.elo,
    }


def performance_rows(result: TournamentRating) -> list[dict[str, Any]]:
    """One row per player: the unrated players in draw order, then the officially rated."""
    rows: list[dict[str, Any]] = []
    for u in result.unrated:
        rows.append(
            {
                "player": u.player,
                "official": False,
                "lost_to": ";".join(u.lost_to) or None,
                **_figures(u.performance),
                "pre_elo": None,
                "tournament_games": u.tournament_games,
                "tournament_elo": u.elo,
            }
        )
    for o in result.official:
        rows.append(
            {
                "player": o.player,
                "official": True,
                "lost_to": ";".join(o.lost_to) or None,
                **_figures(o.normal),
                "pre_elo": o.pre_elo,
                "tournament_games": o.tournament_games,
                "tournament_elo": o.tournament_elo,
            }
        )
    return rows
