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

A long history is held as columns, not as one value per competition (issue 33):
:class:`CompetitionColumns` keeps every competition's players (as codes into its names) and
places in flat arrays, the readers build it straight from a file's columns, ranking the ties of
every competition at once (:func:`palmares.core.places.competition_places`), and the ratings
walk it as arrays (``skill.history.flat_of``, the backtest). :meth:`CompetitionColumns.
competitions` gives the same :class:`Competition` values as the functions above, and
:meth:`CompetitionColumns.of` the columns of such values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import accumulate
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.ranking import competition_ranks
from palmares.ratings.dip_pouch import event_value

if TYPE_CHECKING:  # the values of each game's files, only read here
    from palmares.diplomacy.board import PlayedBoard
    from palmares.ratings.columns import ResultColumns
    from palmares.ratings.events import Results
    from palmares.tantrix.match import Match
    from palmares.tantrix.rating_list import RatingEntry
    from palmares.wizard.game import Game

__all__ = [
    "Competition",
    "CompetitionColumns",
    "Kind",
    "TantrixTournament",
    "from_boards",
    "from_games",
    "from_matches",
    "from_result_columns",
    "from_results",
    "until",
]

Kind = str
"""``results``, ``boards``, ``games`` or ``matches`` (the file a history comes from)."""

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


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


def from_result_columns(columns: ResultColumns) -> CompetitionColumns:
    """:func:`from_results` of a history held as columns (``io.results.read_result_columns``):
    the same competitions, players by key, without an object per row."""
    sizes = (columns.ev_end - columns.ev_start).astype(np.int64)
    kept = np.flatnonzero(sizes >= 2)
    offsets = np.zeros(kept.shape[0] + 1, dtype=np.int64)
    np.cumsum(sizes[kept], out=offsets[1:])
    rows = np.repeat(columns.ev_start[kept] - offsets[:-1], sizes[kept]) + np.arange(
        int(offsets[-1]), dtype=np.int64
    )
    events = kept.tolist()
    return CompetitionColumns(
        [p.key for p in columns.players],
        offsets,
        columns.row_player[rows].astype(np.int64),
        columns.row_rank[rows].astype(np.int64),
        np.array([columns.ev_date[e].toordinal() for e in events], dtype=np.int64),
        [columns.ev_key[e] for e in events],
        np.array([float(columns.values[e].value) for e in events], dtype=np.float64),
        np.array([columns.field_size(e) for e in events], dtype=np.int64),
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


@dataclass(frozen=True, slots=True, eq=False)
class CompetitionColumns:
    """A history of competitions as columns (issue 33): competition c is entries
    ``offsets[c]:offsets[c+1]``, entry e player ``names[player[e]]`` placed ``place[e]``, each
    competition's entries best first (ties in the order the source lists them), as
    :class:`Competition` lists them.

    ``days[c]``: its date's ordinal (0: undated); ``keys[c]``: its key; ``value`` and
    ``field`` (``NaN`` and −1: none), where the source has them; ``tournament``, where the
    competition has one (a Tantrix match's, :func:`from_matches`)."""

    names: Sequence[str]
    offsets: I64
    player: I64
    place: I64
    days: I64
    keys: Sequence[str]
    value: F64 | None = None
    field: I64 | None = None
    tournament: Callable[[int], TantrixTournament | None] | None = None

    def __len__(self) -> int:
        return int(self.offsets.shape[0] - 1)

    def day(self, c: int) -> date | None:
        ordinal = int(self.days[c])
        return date.fromordinal(ordinal) if ordinal > 0 else None

    def competitions(self) -> tuple[Competition, ...]:
        """The history as :class:`Competition` values."""
        names = self.names
        who = [names[p] for p in self.player.tolist()]
        places = self.place.tolist()
        bounds = self.offsets.tolist()
        values = [None] * len(self) if self.value is None else self.value.tolist()
        fields = [-1] * len(self) if self.field is None else self.field.tolist()
        out: list[Competition] = []
        for c in range(len(self)):
            a, b = bounds[c], bounds[c + 1]
            value = values[c]
            out.append(
                Competition(
                    self.keys[c],
                    self.day(c),
                    tuple(who[a:b]),
                    tuple(places[a:b]),
                    None if value is None or value != value else value,
                    None if fields[c] < 0 else fields[c],
                    None if self.tournament is None else self.tournament(c),
                )
            )
        return tuple(out)

    def select(self, keep: npt.NDArray[np.bool_]) -> CompetitionColumns:
        """The competitions where ``keep`` is true, in the same order."""
        chosen = np.flatnonzero(keep)
        sizes = np.diff(self.offsets)[chosen]
        offsets = np.zeros(chosen.shape[0] + 1, dtype=np.int64)
        np.cumsum(sizes, out=offsets[1:])
        entries = np.repeat(self.offsets[chosen] - offsets[:-1], sizes) + np.arange(
            int(offsets[-1]), dtype=np.int64
        )
        tournament = self.tournament
        picked = chosen.tolist()
        keys = self.keys
        return CompetitionColumns(
            self.names,
            offsets,
            self.player[entries],
            self.place[entries],
            self.days[chosen],
            _Picked(keys, picked),
            None if self.value is None else self.value[chosen],
            None if self.field is None else self.field[chosen],
            None if tournament is None else (lambda c: tournament(picked[c])),
        )

    def until(self, last_day: date) -> CompetitionColumns:
        """The competitions played on or before ``last_day`` (undated ones are kept)."""
        return self.select((self.days <= last_day.toordinal()) | (self.days == 0))

    @classmethod
    def of(cls, competitions: Sequence[Competition]) -> CompetitionColumns:
        """The columns of :class:`Competition` values (players numbered as they come; each
        competition's entries best first, ties in the order it lists them)."""
        index: dict[str, int] = {}
        player = np.array(
            [index.setdefault(p, len(index)) for c in competitions for p in c.players],
            dtype=np.int64,
        )
        sizes = [len(c.players) for c in competitions]
        tournaments = [c.tournament for c in competitions]
        place = np.array([p for c in competitions for p in c.places], dtype=np.int64)
        offsets = np.array([0, *accumulate(sizes)], dtype=np.int64)
        of_entry = np.repeat(np.arange(len(sizes), dtype=np.int64), sizes)
        entries = np.lexsort((place, of_entry))
        return cls(
            tuple(index),
            offsets,
            player[entries],
            place[entries],
            np.array([c.day.toordinal() if c.day else 0 for c in competitions], dtype=np.int64),
            [c.key for c in competitions],
            np.array([np.nan if c.value is None else c.value for c in competitions]),
            np.array([-1 if c.field is None else c.field for c in competitions], dtype=np.int64),
            None if not any(tournaments) else tournaments.__getitem__,
        )


@dataclass(frozen=True, slots=True)
class _Picked(Sequence[str]):
    """Some of a sequence's items, by their indices."""

    items: Sequence[str]
    picked: list[int]

    def __len__(self) -> int:
        return len(self.picked)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self.items[k] for k in self.picked[i]]
        return self.items[self.picked[i]]
