"""The rating list: applying a tournament, re-centring at a World Championship, seeding.

Not in seed 003; these are our defaults (``specs/tantrix.md``, "Updating the rating list"), each a
parameter:

- new rating = G-weighted average of the old rating (weight: games before) and the tournament
  rating (weight: tournament G); new G = old G + tournament G. A player new to the list takes the
  tournament rating and G. An entry whose G is unknown (the seed's six official ratings come
  without one) is weighted as ``unknown_games`` (default: the established threshold, the least G
  an official rating can have). A player the draw could not rate keeps their entry unchanged.
- a rating is official (established) at G ≥ 36 (``ESTABLISHED_GAMES``); an entry already
  official stays official.
- at each World Championship's closing date the list is shifted, one additive shift, so that the
  mean over that championship's players, weighted by their tournament G, is 1850
  (``WORLD_CENTRE``); nobody's position changes.
- a seeding list blends a rating below the threshold toward a newcomer's default in proportion
  to the games missing: (G · rating + (36 − G) · default) / 36. The spec leaves the default open;
  ours is 1500 (``NEWCOMER_RATING``), a parameter.

Public API::

    RatingEntry(player, rating, games, official)
    ListChange(player, old_rating, old_games, tournament_elo, tournament_games, new)
    update_list(entries, tournament, *, established=36, unknown_games=36) -> ListUpdate
    recentre(entries, weights, *, centre=1850) -> Recentring
    seeding_list(entries, *, established=36, newcomer_rating=1500) -> tuple[SeedingEntry, ...]
    official_ratings(entries) -> dict[str, float]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.tantrix.tournament import TournamentRating

__all__ = [
    "ESTABLISHED_GAMES",
    "NEWCOMER_RATING",
    "WORLD_CENTRE",
    "ListChange",
    "ListUpdate",
    "RatingEntry",
    "Recentring",
    "SeedingEntry",
    "official_ratings",
    "rating_changes",
    "recentre",
    "seeding_list",
    "update_list",
    "without_official",
]

ESTABLISHED_GAMES = 36
WORLD_CENTRE = 1850.0
NEWCOMER_RATING = 1500.0


@dataclass(frozen=True, slots=True)
class RatingEntry:
    """One line of the rating list: rating, G so far (``None`` if unknown), official or not."""

    player: str
    rating: float
    games: int | None
    official: bool


@dataclass(frozen=True, slots=True)
class ListChange:
    """What one tournament did to one player's entry."""

    player: str
    old_rating: float | None
    old_games: int | None
    tournament_elo: float | None
    tournament_games: int
    new: RatingEntry
    #: The G the old entry was weighted as (its own, or ``unknown_games`` when it had none).
    games_before: int = 0


@dataclass(frozen=True, slots=True)
class ListUpdate:
    """The new list (old order, new players appended in tournament order) and the changes."""

    entries: tuple[RatingEntry, ...]
    changes: tuple[ListChange, ...]


def official_ratings(entries: Sequence[RatingEntry]) -> dict[str, float]:
    """The pre-tournament ratings that count as official, by player."""
    return {e.player: e.rating for e in entries if e.official}


def without_official(entries: Sequence[RatingEntry]) -> ListUpdate:
    """What ``update_list(entries, rate_tournament(matches, official_ratings(entries)))`` gives
    when no entry is official and no match sets an own rating (which ``rate_tournament``
    refuses without an official rating): every player of the tournament is unconnected, as the
    chain rates from official ratings only (``knockout.rate_unrated``), so the list stays as it
    was, with no change; the tournament's matches need not be read nor rated."""
    if official_ratings(entries):
        raise ValueError("the list has official ratings: rate the tournament")
    return ListUpdate(tuple(entries), ())


def rating_changes(
    before: Sequence[RatingEntry], after: Sequence[RatingEntry]
) -> dict[str, float | None]:
    """How far each player of the list ``after`` moved from the list ``before`` (after a
    tournament, re-centred or not): new rating less old, ``None`` for a player new to the
    list."""
    old = {e.player: e.rating for e in before}
    return {e.player: e.rating - old[e.player] if e.player in old else None for e in after}


def update_list(
    entries: Sequence[RatingEntry],
    tournament: TournamentRating,
    *,
    established: int = ESTABLISHED_GAMES,
    unknown_games: int = ESTABLISHED_GAMES,
) -> ListUpdate:
    """Apply one tournament's ratings to the list (G-weighted average of old and new)."""
    by_player = {e.player: e for e in entries}
    results: dict[str, tuple[float | None, int]] = {}
    for u in tournament.unrated:
        results[u.player] = (u.elo, u.tournament_games)
    for o in tournament.official:
        results[o.player] = (o.tournament_elo, o.tournament_games)

    changes: list[ListChange] = []
    new_by_player: dict[str, RatingEntry] = {}
    for player, (elo, games) in results.items():
        old = by_player.get(player)
        if elo is None:
            continue  # not connected to anyone rated: the entry (if any) stays as it was
        if old is None:
            new = RatingEntry(player, elo, games, games >= established)
            changes.append(ListChange(player, None, None, elo, games, new))
        else:
            before = old.games if old.games is not None else unknown_games
            total = before + games
            rating = (before * old.rating + games * elo) / total if total else elo
            new = RatingEntry(player, rating, total, old.official or total >= established)
            changes.append(ListChange(player, old.rating, old.games, elo, games, new, before))
        new_by_player[player] = new
    out = [new_by_player.get(e.player, e) for e in entries]
    out += [new_by_player[p] for p in results if p not in by_player and p in new_by_player]
    return ListUpdate(tuple(out), tuple(changes))


@dataclass(frozen=True, slots=True)
class Recentring:
    """The shifted list and the shift applied."""

    entries: tuple[RatingEntry, ...]
    mean_before: float
    shift: float
    centre: float = WORLD_CENTRE


def recentre(
    entries: Sequence[RatingEntry],
    weights: Mapping[str, int],
    *,
    centre: float = WORLD_CENTRE,
) -> Recentring:
    """Shift every rating so the ``weights``-weighted mean of the weighted players is ``centre``.

    ``weights`` is each World Championship player's tournament G.
    """
    by_player = {e.player: e for e in entries}
    missing = [p for p in weights if p not in by_player]
    if missing:
        raise PalmaresError.of(Message.of("tantrix.not_listed", players=tuple(missing)))
    total = sum(weights.values())
    if total <= 0:
        raise PalmaresError.of(Message.of("tantrix.recentre"))
    mean = math.fsum(by_player[p].rating * g for p, g in weights.items()) / total
    shift = centre - mean
    shifted = tuple(replace(e, rating=e.rating + shift) for e in entries)
    return Recentring(shifted, mean, shift, centre)


@dataclass(frozen=True, slots=True)
class SeedingEntry:
    """A line of the seeding list: the rating blended toward the newcomer default below 36 G."""

    rank: int
    player: str
    rating: float
    games: int
    seeding_rating: float


def seeding_list(
    entries: Sequence[RatingEntry],
    *,
    established: int = ESTABLISHED_GAMES,
    newcomer_rating: float = NEWCOMER_RATING,
    unknown_games: int = ESTABLISHED_GAMES,
) -> tuple[SeedingEntry, ...]:
    """Order players for seeding; ties share a rank (1, 2, 2, 4)."""
    blended: list[tuple[str, float, int, float]] = []
    for e in entries:
        games = e.games if e.games is not None else unknown_games
        if games >= established:
            seed = e.rating
        else:
            seed = (games * e.rating + (established - games) * newcomer_rating) / established
        blended.append((e.player, e.rating, games, seed))
    blended.sort(key=lambda t: (-t[3], t[0]))
    out: list[SeedingEntry] = []
    for i, (player, rating, games, seed) in enumerate(blended):
        rank = out[-1].rank if out and out[-1].seeding_rating == seed else i + 1
        out.append(SeedingEntry(rank, player, rating, games, seed))
    return tuple(out)
