"""A results history as columns: what ``results.csv`` says, without an object per row (issue 15).

:class:`~palmares.ratings.events.Results` holds an :class:`~palmares.ratings.events.Event` per
event and a :class:`~palmares.ratings.events.Placement` per row; a million rows are a million
objects before anything is computed. :class:`ResultColumns` holds the same history as arrays:
events in application order (:func:`~palmares.ratings.events.event_order_key`), each event's
rows contiguous and in the order of its placements (rank, then the file's order), players in
the order :class:`Results` lists them. It builds an :class:`Event` only when one is asked for
(:meth:`ResultColumns.event`), the whole :class:`Results` on request (:meth:`results`), and the
engine's arrays directly (:meth:`arrays`); :class:`ColumnEvents` is its events as the sequence a
:class:`~palmares.ratings.history.RatingHistory` keeps, each built on first use.

The reader :func:`palmares.io.results.read_result_columns` makes it; ``tests/io`` checks that
``columns.results()`` equals what the row-wise reader returns for the same file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

import numpy as np
import numpy.typing as npt

from palmares.ratings.events import Event, Placement, Player, Results
from palmares.ratings.tournament_value import TournamentValue, event_values

__all__ = ["ColumnEvents", "ResultColumns"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class ResultColumns:
    """Events ``0 … E−1`` in application order (one entry per event in each ``ev_`` list);
    rows ``ev_start[e] … ev_end[e] − 1`` are event ``e``'s placements in order; ``row_player``
    indexes ``players``, ``row_nationality`` indexes ``nationalities`` (−1: none given).
    :attr:`values` is each event's tournament value, worked out here from the events' facts
    (``ratings.tournament_value.event_values``; a reader only reads them: issues 35, 36)."""

    ev_key: list[str]
    ev_name: list[str]
    ev_date: list[date]
    ev_id: list[str | None]
    ev_country: list[str | None]
    ev_place: list[str | None]
    ev_rounds: list[int | None]
    ev_players: list[int | None]
    ev_world_championship: list[bool]
    ev_coefficient: list[Decimal | None]
    ev_start: I64
    ev_end: I64
    row_player: I32
    row_rank: I32
    row_nationality: I32
    nationalities: list[str]
    players: list[Player]
    #: The players' keys, filled on first use (:meth:`event`).
    key_cache: list[str] = field(default_factory=list, compare=False, repr=False)
    #: The events' tournament values, filled on first use (:attr:`values`).
    value_cache: list[TournamentValue] = field(default_factory=list, compare=False, repr=False)

    @property
    def values(self) -> list[TournamentValue]:
        """Each event's tournament value (seed 000), from its field size, rounds, World
        Championship mark, day and stored coefficient."""
        if len(self.value_cache) != self.n_events:
            self.value_cache[:] = event_values(
                [self.field_size(e) for e in range(self.n_events)],
                self.ev_rounds,
                self.ev_world_championship,
                self.ev_date,
                self.ev_coefficient,
            )
        return self.value_cache

    @property
    def n_events(self) -> int:
        return len(self.ev_key)

    @property
    def n_rows(self) -> int:
        return int(self.row_player.shape[0])

    def field_size(self, e: int) -> int:
        """N of event ``e`` (its stored field size, else its number of rows)."""
        n = self.ev_players[e]
        return n if n is not None else int(self.ev_end[e] - self.ev_start[e])

    def event(self, e: int) -> Event:
        """Event ``e`` with its placements, built now."""
        s, t = int(self.ev_start[e]), int(self.ev_end[e])
        keys = map(self._keys().__getitem__, self.row_player[s:t].tolist())
        # Code −1 (none given) is the last entry: None.
        named: list[str | None] = [*self.nationalities, None]
        nats = map(named.__getitem__, self.row_nationality[s:t].tolist())
        placements = tuple(map(Placement, keys, self.row_rank[s:t].tolist(), nats))
        return Event(
            key=self.ev_key[e],
            name=self.ev_name[e],
            date=self.ev_date[e],
            placements=placements,
            event_id=self.ev_id[e],
            country=self.ev_country[e],
            place=self.ev_place[e],
            rounds=self.ev_rounds[e],
            players=self.ev_players[e],
            world_championship=self.ev_world_championship[e],
            coefficient=self.ev_coefficient[e],
        )

    def _keys(self) -> list[str]:
        """Each player's key (made on first use)."""
        if len(self.key_cache) != len(self.players):
            self.key_cache[:] = [p.key for p in self.players]
        return self.key_cache

    @classmethod
    def of_results(cls, results: Results) -> ResultColumns:
        """The columns of a history given as objects (for files the fast reader declines)."""
        events = results.events
        index = {k: i for i, k in enumerate(results.players)}
        codes: dict[str, int] = {}
        players: list[int] = []
        ranks: list[int] = []
        nats: list[int] = []
        for e in events:
            for pl in e.placements:
                players.append(index[pl.player])
                ranks.append(pl.rank)
                nat = pl.nationality
                nats.append(-1 if nat is None else codes.setdefault(nat, len(codes)))
        sizes = np.array([len(e.placements) for e in events], dtype=np.int64)
        end = np.cumsum(sizes).astype(np.int64)
        return cls(
            ev_key=[e.key for e in events],
            ev_name=[e.name for e in events],
            ev_date=[e.date for e in events],
            ev_id=[e.event_id for e in events],
            ev_country=[e.country for e in events],
            ev_place=[e.place for e in events],
            ev_rounds=[e.rounds for e in events],
            ev_players=[e.players for e in events],
            ev_world_championship=[e.world_championship for e in events],
            ev_coefficient=[e.coefficient for e in events],
            ev_start=(end - sizes).astype(np.int64),
            ev_end=end,
            row_player=np.array(players, dtype=np.int32),
            row_rank=np.array(ranks, dtype=np.int32),
            row_nationality=np.array(nats, dtype=np.int32),
            nationalities=list(codes),
            players=list(results.players.values()),
        )

    def results(self) -> Results:
        """The whole history as objects (what :func:`palmares.io.results.read_results` gives)."""
        return Results(
            events=tuple(self.event(e) for e in range(self.n_events)),
            players={p.key: p for p in self.players},
        )


class ColumnEvents(Sequence[Event]):
    """The events of a :class:`ResultColumns`, each built on first use; added ones kept."""

    def __init__(self, columns: ResultColumns) -> None:
        self._columns = columns
        self._built: dict[int, Event] = {}
        self._added: list[Event] = []

    def __len__(self) -> int:
        return self._columns.n_events + len(self._added)

    def __getitem__(self, e: int) -> Event:  # type: ignore[override]
        n = self._columns.n_events
        if e >= n:
            return self._added[e - n]
        if e not in self._built:
            self._built[e] = self._columns.event(e)
        return self._built[e]

    def append(self, event: Event) -> None:
        self._added.append(event)

    def facts(self, e: int) -> tuple[str, str, date]:
        """Event ``e``'s key, name and date."""
        c = self._columns
        if e >= c.n_events:
            ev = self._added[e - c.n_events]
            return ev.key, ev.name, ev.date
        return c.ev_key[e], c.ev_name[e], c.ev_date[e]

    def keys(self) -> list[str]:
        return self._columns.ev_key + [e.key for e in self._added]

    def names(self) -> list[tuple[str | None, str]]:
        c = self._columns
        return list(zip(c.ev_id, c.ev_name, strict=True)) + [
            (e.event_id, e.name) for e in self._added
        ]
