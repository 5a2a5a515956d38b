"""The typed steps of the ante system's lines (seed 002, Appendix A and "Top Board").

:class:`AnteGame` is one game under the ante (the stake, the pot, the share taken),
:class:`FewerGames` the fewer-games adjustment after round 5, and
:func:`fewer_games_adjustment` that adjustment's arithmetic. They are a module of their own so
that the ante's exact arithmetic (:mod:`palmares.diplomacy.aggregation.ante`, the Fractions,
and :mod:`palmares.diplomacy.aggregation.ante_ledger`, whole numbers of a decimal unit) both
build the same lines; :mod:`palmares.diplomacy.aggregation.ante` exports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.diplomacy.aggregation.base import Step
from palmares.diplomacy.scoring.base import Score, exact

__all__ = ["AnteGame", "FewerGames", "fewer_games_adjustment"]


@dataclass(frozen=True, slots=True)
class AnteGame(Step):
    """One game under the ante (seed 002, Appendix A, "Long Explanation"): the player stakes
    ``stake_rate`` (10 %) of ``base``, the score before the round, into a ``pot`` of
    ``board_total``-scaled shares and takes ``share`` · pot (Example 1: Austria stakes 10 % of
    100 = 10 into a pot of 70, takes 64.47 % of it = 45.129). ``next_stake`` is what the new
    score stakes next round (13.5129), ``None`` when another board of the round or the
    fewer-games adjustment comes first."""

    stake_rate: Fraction
    base: Fraction
    stake: Fraction
    pot: Fraction
    share: Fraction
    board_total: Fraction
    next_stake: Fraction | None

    def staked(self) -> Fraction:
        return self.stake


@dataclass(frozen=True, slots=True)
class FewerGames(Step):
    """The fewer-games adjustment of one player (seed 002, "Top Board"): after round
    ``after_round``, played in ``rounds_played`` of its rounds, so treated as eliminated in
    ``missing_games`` more games, each losing a ``stake_rate`` stake; the scores on the way."""

    rounds_played: int
    missing_games: int
    before: Fraction
    after: Fraction
    steps: tuple[tuple[Fraction, Fraction], ...]  # (stake lost, score after) per assumed game
    stake_rate: Fraction = Fraction(1, 10)
    after_round: int = 5


def fewer_games_adjustment(
    score: Score, rounds_played: int, *, stake: Fraction, min_rounds: int = 3
) -> FewerGames:
    """The seed's fewer-games adjustment: a player who played in ``rounds_played`` of the
    qualifying rounds (1 or 2 of 5) is treated as eliminated in ``min_rounds − rounds_played``
    more games, each losing a stake of the score at that point and taking nothing. Players with
    no game, or with at least ``min_rounds``, are unchanged."""
    current = exact(score)
    missing = min_rounds - rounds_played if 0 < rounds_played < min_rounds else 0
    steps: list[tuple[Fraction, Fraction]] = []
    for _ in range(missing):
        lost = current * stake
        current -= lost
        steps.append((lost, current))
    return FewerGames(rounds_played, missing, exact(score), current, tuple(steps), stake)
