"""The Dip Pouch Tournament Rating, exact (seed 000, "Dip Pouch Tournament Rating").

The rule: "Each player begins with an initial rating of 40 before their first tournament. After
each event, a player's final placement ... is converted to a percentile score"; the rating then
"will move [tournament value]% of the distance" from the old rating to the percentile:

    new = old + value / 100 · (percentile − old)

This module is the reference path: plain Python over :class:`~fractions.Fraction`, one event at a
time in the order of :func:`~palmares.ratings.events.event_order_key`. The vectorised engine
(:mod:`palmares.ratings.engine`) must agree with it to 1e-9; the player page recomputes a player's
own steps here so every figure it prints is exact and can explain itself in the seed's words
(``palmares.explain``: "this player's rating will move 15% of the distance from 55 to 88.46 …").

API::

    steps = rate_history(results)          # {player key: (RatingStep, ...)} in event order
    step = rate(old=Fraction(55), value=event_value(event), place=8, players=65, ...)
    step.after; explain(step, "fr")        # the words: palmares.explain
    RULE                                   # the rule itself, as a value (the formula page)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from palmares.ratings.events import Event, Results
from palmares.ratings.percentile import percentile
from palmares.ratings.tournament_value import (
    CAP,
    FIRST_RATED_DAY,
    MORE_ROUNDS_DIVISOR,
    ONE_ROUND_DIVISOR,
    PLUS,
    WORLD_CHAMPIONSHIP_VALUE,
    TournamentValue,
    value_of_event,
)

__all__ = [
    "INITIAL_RATING",
    "RULE",
    "PercentileRule",
    "RatingRule",
    "RatingStep",
    "event_value",
    "move",
    "rate",
    "rate_event",
    "rate_history",
]

INITIAL_RATING = Fraction(40)
"""Seed 000: "Each player begins with an initial rating of 40 before their first tournament"."""


def move(old: Fraction, value: Fraction, score: Fraction) -> Fraction:
    """The seed's step: move ``value``% of the distance from ``old`` to ``score``."""
    return old + value / 100 * (score - old)


def event_value(event: Event) -> TournamentValue:
    """The tournament value of ``event`` (its stored coefficient if it has one)."""
    return value_of_event(
        event.field_size, event.rounds, event.world_championship, event.date, event.coefficient
    )


@dataclass(frozen=True, slots=True)
class PercentileRule:
    """Seed 000's percentile formula: "(([Number of Players in the event]+0.5-[Placement])/
    [Number of Players in the event])*100" (:func:`~palmares.ratings.percentile.percentile`)."""

    half: Fraction = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class RatingRule:
    """Seed 000's rule itself, as the formula page states it: the initial rating, the
    percentile's half place, the tournament values (World Championship, one round, more rounds,
    the cap) and the first rated day."""

    initial: Fraction = INITIAL_RATING
    percentile: PercentileRule = PercentileRule()
    world_championship: Fraction = WORLD_CHAMPIONSHIP_VALUE
    one_round_divisor: Fraction = ONE_ROUND_DIVISOR
    more_rounds_divisor: Fraction = MORE_ROUNDS_DIVISOR
    plus: Fraction = PLUS
    cap: Fraction = CAP
    first_rated_day: date = FIRST_RATED_DAY


RULE = RatingRule()
"""The rule as seed 000 writes it."""


@dataclass(frozen=True, slots=True)
class RatingStep:
    """One player's rating change at one event, with every intermediate figure (seed 000's
    worked example: the percentile, the tournament value and its cap, the distance moved)."""

    player: str
    event: str
    event_name: str
    date: date
    place: int
    players: int
    score: Fraction
    value: TournamentValue
    before: Fraction
    after: Fraction

    @property
    def change(self) -> Fraction:
        return self.after - self.before

    @property
    def difference(self) -> Fraction:
        """The distance from the old rating to the percentile ("The difference between 88.46
        and 55 is 33.46")."""
        return self.score - self.before


def rate(
    *,
    player: str,
    event: Event,
    value: TournamentValue,
    place: int,
    before: Fraction,
) -> RatingStep:
    """One player's step at ``event``, placed ``place``."""
    n = event.field_size
    score = percentile(place, n)
    return RatingStep(
        player=player,
        event=event.key,
        event_name=event.name,
        date=event.date,
        place=place,
        players=n,
        score=score,
        value=value,
        before=before,
        after=move(before, value.value, score),
    )


def rate_event(event: Event, ratings: dict[str, Fraction]) -> tuple[RatingStep, ...]:
    """Rate every placement of ``event`` and update ``ratings`` (player key → rating) in place."""
    value = event_value(event)
    steps = tuple(
        rate(
            player=pl.player,
            event=event,
            value=value,
            place=pl.rank,
            before=ratings.get(pl.player, INITIAL_RATING),
        )
        for pl in event.placements
    )
    for s in steps:
        ratings[s.player] = s.after
    return steps


def rate_history(
    results: Results, *, players: Iterable[str] | None = None
) -> dict[str, tuple[RatingStep, ...]]:
    """Replay ``results`` exactly, event by event; each player's steps in event order.

    ``players`` limits the replay to those players (their histories do not depend on anyone
    else's: each rating is its own recurrence over that player's events).
    """
    wanted = None if players is None else set(players)
    ratings: dict[str, Fraction] = {}
    steps: dict[str, list[RatingStep]] = {}
    for event in results.events:
        if wanted is not None and not any(pl.player in wanted for pl in event.placements):
            continue
        for s in rate_event(event, ratings):
            if wanted is None or s.player in wanted:
                steps.setdefault(s.player, []).append(s)
    return {k: tuple(v) for k, v in steps.items()}
