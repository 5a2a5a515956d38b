"""One game of Wizard as the league records it: who played and how each finished.

A finish gives the player's final score, or their place, or both (games.csv, DESIGN.md). Equal
final scores tie. When every player of a game has a score the scores decide the order (a place
given beside them must agree); otherwise every player needs a place.

Public API: :class:`Finish`, :class:`Game` (``standing()`` gives each player's competition place,
1 best, ties sharing the best place of their group).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.ranking import competition_ranks

__all__ = ["Finish", "Game"]


@dataclass(frozen=True, slots=True)
class Finish:
    """A player's finish in one game: final ``score`` and/or ``place`` (1 is best)."""

    player: str
    score: int | None = None
    place: int | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A game: its id, its date and its finishes (3 to 6 distinct players)."""

    game: str
    day: date
    finishes: tuple[Finish, ...]

    def __post_init__(self) -> None:
        players = [f.player for f in self.finishes]
        if not 3 <= len(players) <= 6:
            raise PalmaresError.of(
                Message.of("wizard.game_size", game=str(self.game), players=len(players))
            )
        if len(set(players)) != len(players):
            raise PalmaresError.of(Message.of("wizard.game_twice", game=str(self.game)))
        by_score = all(f.score is not None for f in self.finishes)
        by_place = all(f.place is not None for f in self.finishes)
        if not (by_score or by_place):
            raise PalmaresError.of(Message.of("wizard.game_scores", game=str(self.game)))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(f.player for f in self.finishes)

    def standing(self) -> dict[str, int]:
        """Each player's place (1 best), from the scores when all have one, else the places.

        The places are competition places: two tied first are both 1st, the next is 3rd.
        """
        if all(f.score is not None for f in self.finishes):
            return {
                str(p): r
                for p, r in competition_ranks({f.player: f.score for f in self.finishes}).items()
            }
        return {
            str(p): r
            for p, r in competition_ranks(
                {f.player: f.place for f in self.finishes}, descending=False
            ).items()
        }
