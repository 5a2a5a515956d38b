"""Hand scores and game totals (specs/wizard.md, "A game").

A player who takes exactly the tricks they bid scores 20 plus 10 per trick; otherwise they lose
10 per trick over or under the bid. A game of n players (3 to 6) has 60 / n hands (20, 15, 12,
10): every card of the 60-card deck is dealt in the last hand.

Public API: :func:`hand_score` (bid, tricks) -> points, :func:`game_total` (the hands of one
player) -> final score, :func:`hands_in_game` (players) -> hands.
"""

from __future__ import annotations

from collections.abc import Iterable

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

__all__ = ["DECK", "game_total", "hand_score", "hands_in_game"]

#: Cards in a Wizard deck: 52 plus 4 Wizards and 4 Jesters.
DECK = 60


def hands_in_game(players: int) -> int:
    """Hands played in a game of ``players`` (3 to 6): 60 / n."""
    if not 3 <= players <= 6:
        raise PalmaresError.of(Message.of("wizard.players", players=str(players)))
    return DECK // players


def hand_score(bid: int, tricks: int) -> int:
    """Points for one hand: 20 + 10 per trick when ``tricks == bid``, else -10 per trick off."""
    if bid < 0 or tricks < 0:
        raise PalmaresError.of(Message.of("wizard.bid_negative", bid=str(bid), tricks=str(tricks)))
    if tricks == bid:
        return 20 + 10 * tricks
    return -10 * abs(tricks - bid)


def game_total(hands: Iterable[tuple[int, int]]) -> int:
    """A player's final score: the sum of their hand scores, each given as (bid, tricks)."""
    return sum(hand_score(bid, tricks) for bid, tricks in hands)
