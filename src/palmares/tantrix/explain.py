"""A player's tournament rating in words, the way seed 003 explains its tables.

Pure: returns lines of text built from the result objects (no figure is computed here that the
rating itself did not compute; numbers are shown half up, ratings to two decimals so a reader can
follow the unrounded chain).

Public API::

    explain_player(tournament, name) -> list[str]
"""

from __future__ import annotations

from palmares.core.rounding import half_up
from palmares.tantrix.performance import Performance
from palmares.tantrix.tournament import OfficialPlayer, TournamentRating, UnratedPlayer

__all__ = ["explain_player"]


def _r(value: float) -> str:
    return str(half_up(value, 2))


def _normal(perf: Performance) -> list[str]:
    lines = []
    for o in perf.outcomes:
        lines.append(
            f"  v {o.opponent}: {o.tp} of {20 * o.games} TP over {o.games} games, "
            f"{o.opponent}'s rating {_r(o.opponent_rating)}"
        )
    lines.append(
        f"  TP % = {perf.tp} / {20 * perf.games} = {half_up(perf.tp_percent, 2)}% "
        f"(G {perf.games}); Factor = 400·√2 · Φ⁻¹({half_up(perf.share, 4)}) = {_r(perf.factor)}"
    )
    lines.append(
        f"  opponent Elo (G-weighted) {_r(perf.opponent_elo)} + Factor {_r(perf.factor)} "
        f"= {_r(perf.elo)} → {half_up(perf.elo, 0)}"
    )
    return lines


def _unrated(p: UnratedPlayer) -> list[str]:
    lost = ", ".join(p.lost_to) if p.lost_to else "nobody"
    head = (
        f"{p.player}: no official pre-tournament rating; lost to {lost}; "
        f"tournament G {p.tournament_games}."
    )
    if p.chain is None:
        return [head, f"  Unrated: {p.reason}."]
    chain = p.chain
    source = (
        "officially rated opponents"
        if chain.stage == 1
        else f"players rated at stage {chain.stage - 1} of the draw"
    )
    lines = [head, f"  Rated at stage {chain.stage} from matches against {source}:"]
    return lines + _normal(chain.performance)


def _official(p: OfficialPlayer) -> list[str]:
    lines = [
        f"{p.player}: official pre-tournament rating {_r(p.pre_elo)}; "
        f"tournament G {p.tournament_games}."
    ]
    for use in p.uses:
        how = "normal method" if use.counted == "normal" else "own pre-tournament rating"
        line = f" (matches.csv line {use.match.line})" if use.match.line else ""
        lines.append(f"  {use.match.describe()}{line}: {how} — {use.reason}.")
    if p.normal is not None:
        lines.append(f"  Normal method over {p.normal.games} games:")
        lines += _normal(p.normal)
    else:
        lines.append("  No match counted by the normal method.")
    normal_part = f"{p.normal.games} × {_r(p.normal.elo)}" if p.normal is not None else "0"
    lines.append(
        f"  Tournament Elo = ({normal_part} + {p.own_games} × {_r(p.pre_elo)}) / "
        f"{p.tournament_games} = {_r(p.tournament_elo)} → {half_up(p.tournament_elo, 0)}"
    )
    return lines


def explain_player(tournament: TournamentRating, name: str) -> list[str]:
    """How ``name``'s tournament rating was worked out, line by line."""
    entry = tournament.player(name)
    if isinstance(entry, OfficialPlayer):
        return _official(entry)
    return _unrated(entry)
