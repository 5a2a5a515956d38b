"""The Dip Pouch engine as the web site sees it: rows in, rating entries and lists out.

This is the one place the site reaches a rating engine. The ``dippouch`` branch (the
``palmares.ratings`` package) had not published its API when the site was written, so the
seed-000 rule is applied here behind the same shape; when the engine lands this module calls it
and nothing else changes. Seed 000 ("Dip Pouch Tournament Rating"):

- everyone starts at 40;
- percentile = (players + 0.5 − placement) / players × 100;
- tournament value: 20 for a World Championship; otherwise players / 7 + 2 for a one-round event,
  players / 3.5 + 2 for more rounds, at most 15; 0 for events before 2001 that are not a World
  Championship; a stored coefficient overrides the formula (the WDD stores one per event);
- the rating moves tournament-value % of the distance to the percentile.

Figures are ``Decimal`` in a 28-digit context (exact for the seed's worked example).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from palmares.core.ranking import competition_ranks

__all__ = [
    "INITIAL_RATING",
    "EventIn",
    "ListEntry",
    "RatingMove",
    "WorkedMove",
    "explain_move",
    "formula_value",
    "percentile",
    "rank_list",
    "rating_after",
    "replay",
    "tournament_value",
]

INITIAL_RATING = Decimal(40)
WORLD_CHAMPIONSHIP_VALUE = Decimal(20)
MAX_VALUE = Decimal(15)
FIRST_RATED_YEAR = 2001


@dataclass(frozen=True, slots=True)
class EventIn:
    """One event with its classification: ``(player id, placement)`` pairs."""

    event_id: int
    date: date
    players: int
    rounds: int | None
    world_championship: bool
    coefficient: Decimal | None
    placements: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class RatingMove:
    player_id: int
    event_id: int
    date: date
    rating_before: Decimal
    rating_after: Decimal
    percentile: Decimal
    tournament_value: Decimal


@dataclass(frozen=True, slots=True)
class ListEntry:
    player_id: int
    rating: Decimal
    rank: int
    national_rank: int
    nationality: str
    events: int


def percentile(players: int, placement: int) -> Decimal:
    """(players + 0.5 − placement) / players × 100."""
    return (Decimal(players) + Decimal("0.5") - placement) / players * 100


def tournament_value(event: EventIn) -> Decimal:
    if event.coefficient is not None:
        return event.coefficient
    if event.world_championship:
        return WORLD_CHAMPIONSHIP_VALUE
    if event.date.year < FIRST_RATED_YEAR:
        return Decimal(0)
    return min(formula_value(event.players, event.rounds), MAX_VALUE)


def formula_value(players: int, rounds: int | None) -> Decimal:
    """The formula before the cap: players / 7 + 2 (one round) or players / 3.5 + 2."""
    divisor = Decimal(7) if rounds == 1 else Decimal("3.5")
    return Decimal(players) / divisor + 2


def rating_after(before: Decimal, score: Decimal, value: Decimal) -> Decimal:
    """The rating moves ``value`` % of the distance from ``before`` to the percentile."""
    return before + value / 100 * (score - before)


@dataclass(frozen=True, slots=True)
class WorkedMove:
    """Every figure of one rating move, for the page that explains the formula."""

    before: Decimal
    percentile: Decimal
    formula_value: Decimal
    tournament_value: Decimal
    difference: Decimal
    move: Decimal
    after: Decimal


def explain_move(before: Decimal, event: EventIn, placement: int) -> WorkedMove:
    score = percentile(event.players, placement)
    value = tournament_value(event)
    after = rating_after(before, score, value)
    return WorkedMove(
        before=before,
        percentile=score,
        formula_value=formula_value(event.players, event.rounds),
        tournament_value=value,
        difference=score - before,
        move=after - before,
        after=after,
    )


def replay(events: Iterable[EventIn]) -> list[RatingMove]:
    """Every rating move, event by event in date order (events must come sorted)."""
    ratings: dict[int, Decimal] = {}
    moves: list[RatingMove] = []
    for event in events:
        value = tournament_value(event)
        for player_id, placement in event.placements:
            before = ratings.get(player_id, INITIAL_RATING)
            score = percentile(event.players, placement)
            after = rating_after(before, score, value)
            ratings[player_id] = after
            moves.append(
                RatingMove(player_id, event.event_id, event.date, before, after, score, value)
            )
    return moves


def rank_list(
    ratings: dict[int, Decimal], nationality: dict[int, str], events: dict[int, int]
) -> list[ListEntry]:
    """International and national ranks (tied ratings share a rank: 1, 2, 2, 4)."""
    ranks = _ranks(ratings)
    by_nation: dict[str, dict[int, Decimal]] = {}
    for pid, rating in ratings.items():
        by_nation.setdefault(nationality.get(pid, ""), {})[pid] = rating
    national: dict[int, int] = {}
    for group in by_nation.values():
        national.update(_ranks(group))
    entries = [
        ListEntry(
            pid,
            rating,
            ranks[pid],
            national[pid],
            nationality.get(pid, ""),
            events.get(pid, 0),
        )
        for pid, rating in ratings.items()
    ]
    entries.sort(key=lambda e: (e.rank, e.player_id))
    return entries


def _ranks(ratings: dict[int, Decimal]) -> dict[int, int]:
    scores: dict[Hashable, Any] = {pid: rating for pid, rating in ratings.items()}
    ranks = competition_ranks(scores)
    return {pid: ranks[pid] for pid in ratings}


def lists_by_year(
    moves: Sequence[RatingMove], nationality: dict[int, str]
) -> dict[int, list[ListEntry]]:
    """The Permanent list (year 0: everyone's latest rating) and one list per year (the players
    who played that year, at their rating at the end of it)."""
    latest: dict[int, Decimal] = {}
    count: dict[int, int] = {}
    yearly: dict[int, dict[int, Decimal]] = {}
    yearly_count: dict[int, dict[int, int]] = {}
    for move in moves:
        latest[move.player_id] = move.rating_after
        count[move.player_id] = count.get(move.player_id, 0) + 1
        year = move.date.year
        yearly.setdefault(year, {})[move.player_id] = move.rating_after
        counts = yearly_count.setdefault(year, {})
        counts[move.player_id] = count[move.player_id]
    lists = {0: rank_list(latest, nationality, count)}
    for year, ratings in yearly.items():
        lists[year] = rank_list(ratings, nationality, yearly_count[year])
    return lists
