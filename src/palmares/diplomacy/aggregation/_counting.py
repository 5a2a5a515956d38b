"""The engine of the aggregations that add up weighted board scores.

An aggregation of this family says, for one player's games, which count and with what weight
(``select``); the engine scores every board once, applies ``select`` to all games for the total
and to the games up to each round for the score after that round, writes one line per game, and
ranks with the declared tie-break chain. Optional ``extras`` add points that are not a game (the
sit-out bonus) as their own lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from palmares.diplomacy.aggregation._games import (
    Counted,
    Game,
    game_lines,
    games_by_player,
    standings,
)
from palmares.diplomacy.aggregation.base import (
    Line,
    Note,
    Standings,
    players_in_order,
    score_boards,
)
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import ScoringSystem

__all__ = ["Extra", "Select", "best_first", "count_games"]

Select = Callable[[Sequence[Game]], list[Counted]]
#: Points that are not a game, as lines (round, kind, points, words), from the player, their own
#: games, every player's games and the tournament's rounds.
Extra = Callable[[str, Sequence[Game], dict[str, list[Game]], Sequence[int]], list[Line]]


def best_first(games: Sequence[Game]) -> list[Game]:
    """Games by board score, best first; equal scores keep round order (the earlier first)."""
    return sorted(games, key=lambda g: (-g.score, g.round, g.board))


def count_games(
    *,
    slug: str,
    boards: Sequence[PlayedBoard],
    system: ScoringSystem,
    select: Select,
    chain: Sequence[str],
    multiplied: Callable[[Game], bool] = lambda _g: False,
    extra: Extra | None = None,
    notes: Sequence[Note] = (),
    round_columns: tuple[str, ...] = ("points", "score"),
    entrants: Sequence[str] = (),
) -> Standings:
    scored = score_boards(boards, system)
    games = games_by_player(boards, scored)
    rounds = sorted({b.round for b in boards})
    totals: dict[str, Fraction] = {}
    counted: dict[str, list[Counted]] = {}
    lines: dict[str, list[Line]] = {}
    after: dict[str, dict[int, Fraction]] = {}
    for player in players_in_order(boards, entrants):
        own = games.get(player, [])
        chosen = select(own)
        bonus_lines = extra(player, own, games, rounds) if extra else []
        bonus = sum((Fraction(x.points or 0) for x in bonus_lines), Fraction(0))
        player_lines = game_lines(chosen, bonus_lines, multiplied=multiplied)
        counted[player] = chosen
        totals[player] = sum((w * g.score for g, w in chosen), Fraction(0)) + bonus
        lines[player] = player_lines
        after[player] = {}
        for rnd in rounds:
            upto = [g for g in own if g.round <= rnd]
            part = sum((w * g.score for g, w in select(upto)), Fraction(0))
            part += sum(
                (Fraction(x.points or 0) for x in bonus_lines if x.round <= rnd), Fraction(0)
            )
            after[player][rnd] = part
    return standings(
        slug=slug,
        boards=boards,
        scored=scored,
        totals=totals,
        lines=lines,
        counted=counted,
        after=after,
        chain=chain,
        notes=notes,
        round_columns=round_columns,
    )
