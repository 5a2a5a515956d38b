"""The Dip Pouch Tournament Rating, exact (seed 000, "Dip Pouch Tournament Rating").

The rule: "Each player begins with an initial rating of 40 before their first tournament. After
each event, a player's final placement ... is converted to a percentile score"; the rating then
"will move [tournament value]% of the distance" from the old rating to the percentile:

    new = old + value / 100 · (percentile − old)

This module is the reference path: plain Python over :class:`~fractions.Fraction`, one event at a
time in the order of :func:`~palmares.ratings.events.event_order_key`. The vectorised engine
(:mod:`palmares.ratings.engine`) must agree with it to 1e-9; the player page recomputes a player's
own steps here so every figure it prints is exact and can explain itself in the seed's words:
"the rating moves 15% of the distance from 55 to 88.46 …".

API::

    steps = rate_history(results)          # {player key: (RatingStep, ...)} in event order
    step = rate(old=Fraction(55), value=event_value(event), place=8, players=65, ...)
    step.after, step.explain()
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from palmares.core.rounding import half_up
from palmares.explain.numbers import ordinal
from palmares.ratings.events import Event, Results
from palmares.ratings.percentile import percentile
from palmares.ratings.tournament_value import TournamentValue, tournament_value

__all__ = [
    "INITIAL_RATING",
    "RatingStep",
    "event_value",
    "move",
    "rate",
    "rate_event",
    "rate_history",
    "show",
]

INITIAL_RATING = Fraction(40)
"""Seed 000: "Each player begins with an initial rating of 40 before their first tournament"."""


def move(old: Fraction, value: Fraction, score: Fraction) -> Fraction:
    """The seed's step: move ``value``% of the distance from ``old`` to ``score``."""
    return old + value / 100 * (score - old)


def event_value(event: Event) -> TournamentValue:
    """The tournament value of ``event`` (its stored coefficient if it has one)."""
    return tournament_value(
        event.field_size,
        rounds=event.rounds,
        world_championship=event.world_championship,
        day=event.date,
        coefficient=event.coefficient,
    )


def show(x: Fraction | Decimal | int, places: int = 2) -> str:
    """``x`` half up to ``places`` decimals without trailing zeros (55, 88.46, 5.019)."""
    text = format(half_up(x if not isinstance(x, int) else Fraction(x), places), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


@dataclass(frozen=True, slots=True)
class RatingStep:
    """One player's rating change at one event, with every intermediate figure."""

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

    def explain(self) -> str:
        """The step in the seed's words (its worked example: 55 → 60.019)."""
        n, p = self.players, self.place
        head = (
            f"{self.event_name} ({self.date.isoformat()}): {ordinal(p)} of {n} → percentile "
            f"({n} + 0.5 − {p})/{n} × 100 = {show(self.score)}; {self.value.explain()}; "
        )
        if self.value.value == 0:
            return head + f"the rating stays at {show(self.before, 3)}."
        pct = show(self.value.value)
        diff = self.score - self.before
        return head + (
            f"the rating moves {pct}% of the distance from {show(self.before, 3)} to "
            f"{show(self.score)}: the difference is {show(diff)}, {pct}% of {show(diff)} is "
            f"{show(self.change, 3)}, so the rating goes from {show(self.before, 3)} to "
            f"{show(self.after, 3)}."
        )


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
