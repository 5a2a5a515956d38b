"""Placement points and wins of one game (seed 004, SCORING SYSTEM, "First revised Jan.05, 2004").

"The new system awards a player 1 point for every person below him and subtracts 1 point for
every player above him." Without ties place r of n scores n - 2r + 1, the seed's table:

    SCORE   three  four  five  six
    1st      +2     +3    +4    +5
    2nd       0     +1    +2    +3
    3rd      -2     -1     0    +1
    4th             -3    -2    -1
    5th                   -4    -3
    6th                         -5

Tied players count neither above nor below each other (specs/wizard.md), so two tied winners of a
4-player game score +2 each, then -1 and -3; a game's points always sum to 0.

A win is a first place; a tie for first is a win for each tied player, or, with
``fractional=True`` (the rule set's ``fractional_wins``), 1/k of a win for each of k.

Public API: :func:`placement_points` (game) -> {player: points}, :func:`points_for_place`
(place, players) -> points for an untied place, :func:`wins` (game) -> {player: wins}.
"""

from __future__ import annotations

from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.wizard.game import Game

__all__ = ["placement_points", "points_for_place", "wins"]


def points_for_place(place: int, players: int) -> int:
    """The seed's table: untied place ``place`` of ``players`` (3 to 6) scores n - 2r + 1."""
    if not 3 <= players <= 6 or not 1 <= place <= players:
        raise PalmaresError.of(
            Message.of("wizard.no_place", place=str(place), players=str(players))
        )
    return players - 2 * place + 1


def placement_points(game: Game) -> dict[str, int]:
    """Each player's placement points: players below minus players above (ties count neither)."""
    standing = game.standing()
    places = list(standing.values())
    return {
        player: sum(1 for q in places if q > mine) - sum(1 for q in places if q < mine)
        for player, mine in standing.items()
    }


def wins(game: Game, *, fractional: bool = False) -> dict[str, Fraction]:
    """Wins in ``game``: 1 for each first place (or 1/k each for k tied first if fractional)."""
    standing = game.standing()
    winners = [p for p, place in standing.items() if place == 1]
    share = Fraction(1, len(winners)) if fractional else Fraction(1)
    return {p: (share if p in winners else Fraction(0)) for p in standing}
