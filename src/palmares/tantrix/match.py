"""A Tantrix match between two players: games played and tournament points won.

A match (DESIGN.md, "Tantrix matches") is ``games`` games between ``player_a`` and ``player_b``
with ``tp_a + tp_b = 20 × games`` (tournament points, see ``tournament_points.py``). G, the
measure of games played, is simply the number of games (seed 003, "December 2000: ... G is now
simply the number of games played").

``own_rating`` names the officially rated player of the match who counts it at their own
pre-tournament rating, a tournament director's override of the default rule (see
``tournament.py``); ``illustrative`` marks a match whose split of TP is not known from the source
but chosen to fit known totals (it is computed like any other and reported as such); ``line`` is
where the match came from in its file, for messages.

Public API::

    Match(player_a, player_b, games, tp_a, tp_b, *, event="", date=None, round="",
          own_rating=None, illustrative=False, line=None)
    Match.opponent(player) / Match.tp_of(player) / Match.involves(player) / Match.winner
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as Date
from decimal import Decimal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.tantrix.tournament_points import GAME_POINTS

__all__ = ["Match"]


@dataclass(frozen=True, slots=True)
class Match:
    """``games`` games between two players and the TP each won over them."""

    player_a: str
    player_b: str
    games: int
    tp_a: Decimal
    tp_b: Decimal
    event: str = ""
    date: Date | None = None
    round: str = ""
    own_rating: str | None = None
    illustrative: bool = False
    line: int | None = None

    def __post_init__(self) -> None:
        if self.player_a == self.player_b:
            raise PalmaresError.of(Message.of("tantrix.themself", player=self.player_a))
        if self.games < 1:
            raise PalmaresError.of(Message.of("tantrix.games_min", got=self.games))
        if self.tp_a < 0 or self.tp_b < 0:
            raise PalmaresError.of(Message.of("tantrix.tp_negative"))
        if self.tp_a + self.tp_b != GAME_POINTS * self.games:
            raise PalmaresError.of(
                Message.of(
                    "tantrix.tp_games",
                    total=GAME_POINTS * self.games,
                    got=str(self.tp_a + self.tp_b),
                )
            )
        if self.own_rating is not None and self.own_rating not in (self.player_a, self.player_b):
            raise PalmaresError.of(Message.of("tantrix.own_not_played", own=self.own_rating))

    @property
    def players(self) -> tuple[str, str]:
        return (self.player_a, self.player_b)

    def involves(self, player: str) -> bool:
        return player in (self.player_a, self.player_b)

    def opponent(self, player: str) -> str:
        if player == self.player_a:
            return self.player_b
        if player == self.player_b:
            return self.player_a
        raise KeyError(player)

    def tp_of(self, player: str) -> Decimal:
        if player == self.player_a:
            return self.tp_a
        if player == self.player_b:
            return self.tp_b
        raise KeyError(player)

    @property
    def winner(self) -> str | None:
        """The player with more TP (``None`` for an even split)."""
        if self.tp_a > self.tp_b:
            return self.player_a
        if self.tp_b > self.tp_a:
            return self.player_b
        return None

    def describe(self) -> str:
        where = f" ({self.round})" if self.round else ""
        return (
            f"{self.player_a} {self.tp_a} – {self.tp_b} {self.player_b} "
            f"over {self.games} games{where}"
        )
