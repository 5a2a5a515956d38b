"""A tournament's final places (seed 004, "Revised TOURNAMENT SCORING Nov.2010"; specs/wizard.md
"Tournaments"): who finished where, tied players sharing a place (1, 2, 2, 4).

Its own module so that the tournament's master points (``tournament.py``) and its TRIAD
(``triad.py``, which seats the top 3 and the 4th-placed substitute) both read it and neither
imports the other's module back.

Public API: :class:`Placing`, :class:`Tournament` (``field_size``, ``placing(player)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["Placing", "Tournament"]


@dataclass(frozen=True, slots=True)
class Placing:
    """A player's final place in a tournament (tied players share a place: 1, 2, 2, 4)."""

    player: str
    place: int
    games_finished: int | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament: name, date, placings, and whether it was an invitational."""

    name: str
    day: date
    placings: tuple[Placing, ...]
    invitational: bool = False

    def __post_init__(self) -> None:
        players = [p.player for p in self.placings]
        if len(set(players)) != len(players):
            raise PalmaresError.of(Message.of("wizard.tournament_twice", tournament=self.name))
        places = sorted(p.place for p in self.placings)
        expected = [places.index(p) + 1 for p in places]
        if places != expected:
            raise PalmaresError.of(
                Message.of("wizard.not_ranking", tournament=self.name, places=str(places))
            )

    @property
    def field_size(self) -> int:
        return len(self.placings)

    def placing(self, player: str) -> Placing:
        for p in self.placings:
            if p.player == player:
                return p
        raise PalmaresError.of(Message.of("wizard.not_in", player=player, tournament=self.name))
