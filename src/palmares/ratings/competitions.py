"""Competitions: who took part and in what order they finished, from every file we read.

A skill rating or a backtest sees a history as a sequence of :class:`Competition` values in the
order they were played; each has its players and each player's place (1 is best; tied players
share a place). This module turns what the readers give (palmares.io) into that sequence:

- :func:`from_results` — a Dip Pouch event (``results.csv``), by the event's final rank;
- :func:`from_boards` — a Diplomacy board (``boards.csv``), by the board's score under the
  tournament's scoring system, or by supply centres when no system is named;
- :func:`from_games` — a Wizard game (``games.csv``), by final score, else by place;
- :func:`from_matches` — a Tantrix match (``matches.csv``), two players, by tournament points
  (equal TP is a tie). ``illustrative`` matches (their TP split is not known from the source) are
  left out. Each match carries its :class:`TantrixTournament` — every match of its tournament
  (illustrative ones included) and the rating list imported with it — which the Tantrix Elo
  system of the backtest rates with the Tantrix engine (seed 003).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.ranking import competition_ranks
from palmares.diplomacy.board import PlayedBoard
from palmares.ratings.dip_pouch import event_value
from palmares.ratings.events import Results
from palmares.tantrix.match import Match
from palmares.tantrix.rating_list import RatingEntry
from palmares.wizard.game import Game

__all__ = [
    "Competition",
    "Kind",
    "TantrixTournament",
    "from_boards",
    "from_games",
    "from_matches",
    "from_results",
    "until",
]

Kind = str
"""``results``, ``boards``, ``games`` or ``matches`` (the file a history comes from)."""


@dataclass(frozen=True, slots=True, eq=False)
class TantrixTournament:
    """A Tantrix tournament as its rating engine takes it (seed 003): every match, illustrative
    ones included, and ``listed``, the rating list imported with it (``ratings.csv``: the list
    before it); ``None``: the list the earlier tournaments left."""

    event: str
    day: date | None
    matches: tuple[Match, ...]
    listed: tuple[RatingEntry, ...] | None = None


@dataclass(frozen=True, slots=True)
class Competition:
    """One competition: ``players[i]`` finished ``places[i]`` (1 best, ties share a place).

    ``value`` is the Dip Pouch tournament value (a percentage) and ``field`` the field size N
    (which can exceed the players listed) where the source has them (an event of
    ``results.csv``); the backtest's Dip Pouch rule uses them. ``tournament``: a Tantrix
    match's tournament (:func:`from_matches`).
    """

    key: str
    day: date | None
    players: tuple[str, ...]
    places: tuple[int, ...]
    value: float | None = None
    field: int | None = None
    tournament: TantrixTournament | None = dataclasses.field(
        default=None, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        if len(self.players) < 2:
            raise PalmaresError.of(Message.of("ratings.competition_few", key=self.key))
        if len(set(self.players)) != len(self.players):
            raise PalmaresError.of(Message.of("ratings.competition_twice", key=self.key))
        if len(self.places) != len(self.players) or min(self.places) < 1:
            raise PalmaresError.of(Message.of("ratings.competition_places", key=self.key))

    @classmethod
    def ranked(
        cls,
        key: str,
        day: date | None,
        places: Mapping[str, int],
        value: float | None = None,
        field: int | None = None,
    ) -> Competition:
        """From {player: place}, listed best first (ties in the mapping's order)."""
        order = sorted(places, key=lambda p: places[p])
        return cls(key, day, tuple(order), tuple(places[p] for p in order), value, field)

    @classmethod
    def by_score(
        cls,
        key: str,
        day: date | None,
        scores: Mapping[str, Any],
        tournament: TantrixTournament | None = None,
    ) -> Competition:
        """From {player: score}, higher is better; equal scores tie (competition places)."""
        places = competition_ranks(scores)
        order = sorted(places, key=lambda p: places[p])
        return cls(key, day, tuple(order), tuple(places[p] for p in order), tournament=tournament)


def from_results(results: Results) -> tuple[Competition, ...]:
    """One competition per event with two or more players, by final rank, in date order, with
    the event's tournament value (seed 000)."""
    return tuple(
        Competition.ranked(
            e.key,
            e.date,
            {p.player: p.rank for p in e.placements},
            float(event_value(e).value),
            e.field_size,
        )
        for e in results.events
        if len(e.placements) >= 2
    )


def from_boards(
    boards: Iterable[PlayedBoard], scores: Sequence[Mapping[str, Any]] | None = None
) -> tuple[Competition, ...]:
    """One competition per board, in round then board order.

    ``scores`` (one {power: score} per board, from the tournament's scoring system) gives the
    order; without it the board is ordered by supply centres.
    """
    out: list[Competition] = []
    for n, board in enumerate(boards):
        by_power = scores[n] if scores is not None else {s.power: s.centres for s in board.seats}
        out.append(
            Competition.by_score(
                f"R{board.round}B{board.board}",
                None,
                {s.player: by_power[s.power] for s in board.seats},
            )
        )
    return tuple(out)


def from_games(games: Iterable[Game]) -> tuple[Competition, ...]:
    """One competition per Wizard game (its standing: by score, else by place), by date."""
    ordered = sorted(enumerate(games), key=lambda ig: (ig[1].day, ig[0]))
    return tuple(Competition.ranked(g.game, g.day, g.standing()) for _, g in ordered)


def from_matches(
    matches: Iterable[Match],
    lists: Mapping[tuple[str, date | None], Sequence[RatingEntry]] | None = None,
) -> tuple[Competition, ...]:
    """One competition per Tantrix match, by tournament points: tournaments (event and date) in
    date order, each whole, matches in file order. ``lists``: the rating list imported with a
    tournament, by (event, date) — e.g. ``ratings.csv``, the list before the first."""
    listed = lists or {}
    every = list(matches)
    first: dict[tuple[str, date | None], int] = {}
    grouped: dict[tuple[str, date | None], list[Match]] = {}
    for i, m in enumerate(every):
        first.setdefault((m.event, m.date), i)
        grouped.setdefault((m.event, m.date), []).append(m)
    tournaments = {
        key: TantrixTournament(
            key[0], key[1], tuple(group), tuple(listed[key]) if key in listed else None
        )
        for key, group in grouped.items()
    }
    kept = [(i, m) for i, m in enumerate(every) if not m.illustrative]
    kept.sort(key=lambda im: (im[1].date or date.min, first[(im[1].event, im[1].date)], im[0]))
    return tuple(
        Competition.by_score(
            f"{m.event} {m.round} {m.player_a}–{m.player_b}".strip(),
            m.date,
            {m.player_a: m.tp_a, m.player_b: m.tp_b},
            tournaments[(m.event, m.date)],
        )
        for _, m in kept
    )


def until(competitions: Sequence[Competition], last_day: date) -> tuple[Competition, ...]:
    """The competitions played on or before ``last_day`` (undated ones are kept)."""
    return tuple(c for c in competitions if c.day is None or c.day <= last_day)
