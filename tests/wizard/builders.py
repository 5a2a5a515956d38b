"""Small builders for Wizard test data."""

from __future__ import annotations

from datetime import date

from palmares.wizard.game import Finish, Game


def placed(game_id: str, day: date, *players: str) -> Game:
    """A game whose players are listed in finishing order (1st first), no ties."""
    return Game(game_id, day, tuple(Finish(p, place=i + 1) for i, p in enumerate(players)))


def scored(game_id: str, day: date, **scores: int) -> Game:
    """A game from final scores (equal scores tie)."""
    return Game(game_id, day, tuple(Finish(p, score=s) for p, s in scores.items()))
