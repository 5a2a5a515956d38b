"""The player page, the event report and the list of events (seed 000's WDD pages).

The seed prints the event report of Dip in the Ocean 2004: date, place, number of players, rounds,
coefficient, then rank, player and score per player. The player page (issue 3) lists a player's
events newest first with date, country, event, rank/players, coefficient, score (the percentile)
and the rating after; each line carries its exact :class:`~palmares.ratings.dip_pouch.RatingStep`,
so it can explain itself in the seed's words (``palmares.explain``: ``explain(page)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from palmares.ratings.dip_pouch import RatingStep
from palmares.ratings.events import Event, Player
from palmares.ratings.tournament_value import TournamentValue, ValueFlag

__all__ = ["EventFlag", "EventLine", "EventReport", "EventSummary", "PlayerLine", "PlayerPage"]


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One event on a player's page."""

    event: Event
    step: RatingStep

    @property
    def rank(self) -> int:
        return self.step.place

    @property
    def players(self) -> int:
        return self.step.players

    @property
    def coefficient(self) -> Fraction:
        return self.step.value.value

    @property
    def score(self) -> Fraction:
        return self.step.score

    @property
    def rating(self) -> Fraction:
        return self.step.after


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """A player's rating (exact), ranks in the current list, and events newest first."""

    player: Player
    rating: Fraction
    rank: int | None
    national_rank: int | None
    lines: tuple[PlayerLine, ...]


@dataclass(frozen=True, slots=True)
class EventLine:
    """One player's line in an event report; ``score`` exact, ratings from the engine."""

    rank: int
    player: str
    name: str
    nationality: str | None
    score: Fraction
    rating_before: float
    rating_after: float


@dataclass(frozen=True, slots=True)
class EventReport:
    """An event's facts, its tournament value, its flags and its players in rank order."""

    event: Event
    value: TournamentValue
    lines: tuple[EventLine, ...]

    @property
    def flags(self) -> tuple[ValueFlag, ...]:
        """What a ratings officer should look at (:attr:`TournamentValue.flags`)."""
        return self.value.flags


@dataclass(frozen=True, slots=True)
class EventSummary:
    """One line of the list of included events."""

    event: Event
    value: TournamentValue
    rated: int


@dataclass(frozen=True, slots=True)
class EventFlag:
    """A flag of one event's tournament value (:attr:`TournamentValue.flags`), for the list of
    warnings a replay gives (the pre-2001 rule over a stored coefficient)."""

    event: Event
    flag: ValueFlag
