"""The "normal method": a performance rating over a set of matches (seed 003; ``specs/tantrix.md``).

Over the matches counted, take the G-weighted average TP share p (which is simply the TP won over
the TP available, 20 per game) and the G-weighted average opponent rating R_opp; the performance
is R_opp + Factor(p), Factor applied once (seed 003's table keys: "TP % is the weighted (by G for
each match) average tournament point percentage", "Oppnt Elo is the weighted (by G for each
match) average opponent Elo rating").

Public API::

    Outcome(opponent, games, tp, opponent_rating, match=None)
    Performance(outcomes, games, tp, share, factor, opponent_elo, elo)   # .tp_percent
    normal_method(outcomes, *, clamp=P_CLAMP, scale=FACTOR_SCALE) -> Performance
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.tantrix.factor import FACTOR_SCALE, P_CLAMP, factor
from palmares.tantrix.match import Match
from palmares.tantrix.tournament_points import GAME_POINTS

__all__ = ["Outcome", "Performance", "normal_method"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One match from one player's side: the opponent, G, the TP won, the opponent's rating."""

    opponent: str
    games: int
    tp: Decimal
    opponent_rating: float
    match: Match | None = None

    @property
    def share(self) -> Fraction:
        return Fraction(self.tp) / (GAME_POINTS * self.games)


@dataclass(frozen=True, slots=True)
class Performance:
    """The normal method's figures: G, TP, share p, Factor(p), opponent average and the rating."""

    outcomes: tuple[Outcome, ...]
    games: int
    tp: Decimal
    share: Fraction
    factor: float
    opponent_elo: float
    elo: float

    @property
    def tp_percent(self) -> Fraction:
        return self.share * 100


def normal_method(
    outcomes: Sequence[Outcome],
    *,
    clamp: float = P_CLAMP,
    scale: float = FACTOR_SCALE,
) -> Performance:
    """The performance over ``outcomes``: G-weighted share and opponent rating, Factor once."""
    if not outcomes:
        raise PalmaresError.of(Message.of("tantrix.normal_method"))
    games = sum(o.games for o in outcomes)
    tp = sum((o.tp for o in outcomes), Decimal(0))
    share = Fraction(tp) / (GAME_POINTS * games)
    opponent_elo = math.fsum(o.games * o.opponent_rating for o in outcomes) / games
    f = factor(share, clamp=clamp, scale=scale)
    return Performance(tuple(outcomes), games, tp, share, f, opponent_elo, opponent_elo + f)
