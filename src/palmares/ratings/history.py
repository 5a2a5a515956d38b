"""A replayed Dip Pouch rating history and every question asked of it (the public API).

This is what the command line and the web site call::

    from palmares.ratings import replay
    history = replay(results)                      # Results from palmares.io.results
    history.ranking(as_of=date(2016, 12, 31), nationality="CA", limit=100)  # -> Ranking
    history.player_page("Matt Shields")            # -> PlayerPage (exact, newest first)
    history.event_report("Dip in the Ocean 2004")  # -> EventReport
    history.events()                               # -> tuple[EventSummary, ...]
    history.add_event(event, players)              # one new event: only its players recomputed
    history.rating("Matt Shields")                 # -> float, after every event

Players and events are found by key (player id / event id) or by name normalised for case,
accents and spacing (:mod:`palmares.ratings.players`). Ratings in a :class:`Ranking` are float64
from the vectorised engine (agreeing with the exact loop to 1e-9) unless ``exact=True``: the
exact list (:mod:`palmares.ratings.exact_list` over :mod:`palmares.ratings.certified`: ranks
and ties of the exact ratings, each rating the Fraction or the float proved nearest to it, in one
pass over the rows). Player pages are always exact.

A history read as columns (:func:`replay_columns`, issue 15) builds an :class:`Event` only when
one is asked for, so a million-row file costs no object per row.

A history is a mutable engine state (``add_event`` changes it in place); everything it returns
is a frozen value.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import date
from fractions import Fraction
from functools import lru_cache

import numpy as np

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.ratings.certified import share_parts
from palmares.ratings.columns import ColumnEvents, ResultColumns
from palmares.ratings.dip_pouch import INITIAL_RATING, RatingStep, event_value
from palmares.ratings.engine import Engine, ResultArrays, arrays_of_columns
from palmares.ratings.events import Event, Player, Results, event_order_key
from palmares.ratings.exact_list import exact_ranking
from palmares.ratings.percentile import percentile
from palmares.ratings.players import find_event, find_player, normalise_name, same_name
from palmares.ratings.ranking import (
    Ranking,
    RankingEntry,
    competition_ranks_desc,
    grouped_ranks_desc,
)
from palmares.ratings.reports import (
    EventFlag,
    EventLine,
    EventReport,
    EventSummary,
    PlayerLine,
    PlayerPage,
)
from palmares.ratings.tournament_value import TournamentValue

__all__ = ["RatingHistory", "replay", "replay_columns"]

log = logging.getLogger(__name__)


def replay(results: Results) -> RatingHistory:
    """Replay every event of ``results`` with the vectorised engine."""
    nationalities: dict[str, int] = {}
    arrays = ResultArrays.from_results(results, nationalities)
    return RatingHistory(
        arrays, list(results.players.values()), list(results.events), nationalities
    )


def replay_columns(columns: ResultColumns) -> RatingHistory:
    """Replay a history read as columns (:func:`palmares.io.results.read_result_columns`):
    the same history as :func:`replay` of ``columns.results()``, with no object per row."""
    nationalities = {n: i for i, n in enumerate(columns.nationalities)}
    return RatingHistory(
        arrays_of_columns(columns),
        columns.players,
        ColumnEvents(columns),
        nationalities,
        values=columns.values,
    )


_percentile = lru_cache(maxsize=4096)(percentile)


class RatingHistory:
    """Replayed ratings plus the names needed to report them (see the module docstring)."""

    def __init__(
        self,
        arrays: ResultArrays,
        players: Sequence[Player],
        events: Sequence[Event],
        nationalities: Mapping[str, int],
        *,
        values: Sequence[TournamentValue] | None = None,
    ) -> None:
        if len(players) != arrays.n_players or len(events) != arrays.n_events:
            raise ValueError("players/events do not match the arrays")
        self._players = list(players)
        self._player_index = {p.key: i for i, p in enumerate(self._players)}
        self._events: ColumnEvents | list[Event] = (
            events if isinstance(events, ColumnEvents) else list(events)
        )
        keys = (
            self._events.keys()
            if isinstance(self._events, ColumnEvents)
            else [e.key for e in self._events]
        )
        self._event_index = {k: i for i, k in enumerate(keys)}
        self._event_lookup: tuple[dict[str, int], dict[str, list[int]]] | None = None
        self._shares: tuple[list[float], list[float]] = ([], [])
        self._nat_names = [""] * len(nationalities)
        for name, code in nationalities.items():
            self._nat_names[code] = name
        self._nat_code = dict(nationalities)
        self._values: dict[int, TournamentValue] = {} if values is None else dict(enumerate(values))
        self._by_name: dict[str, list[Player]] | None = None
        self._scanned = self._events_scanned = False  # a first lookup scans, later ones index
        self._engine = Engine(arrays)

    # -- lookups ---------------------------------------------------------------------------
    @property
    def engine(self) -> Engine:
        """The replayed state (rows in the order events were given; read it, do not change
        it: :meth:`add_event` is the way to grow it)."""
        return self._engine

    @property
    def players(self) -> Mapping[str, Player]:
        return {p.key: p for p in self._players}

    def find_player(self, wanted: str) -> Player:
        """A player by id or normalised name (an error names every id that matches)."""
        if wanted in self._player_index:
            return self._players[self._player_index[wanted]]
        norm = normalise_name(wanted)
        if self._by_name is None and not self._scanned:
            # One question (the command line's): a scan for that one name, no index built.
            self._scanned = True
            same = [
                p
                for p, n in zip(
                    self._players, same_name([p.name for p in self._players], norm), strict=True
                )
                if n
            ]
            return find_player({p.key: p for p in same}, wanted)
        if self._by_name is None:
            self._by_name = {}
            keys = map(normalise_name, [p.name for p in self._players])
            for key, p in zip(keys, self._players, strict=True):
                self._by_name.setdefault(key, []).append(p)
        same = self._by_name.get(norm, [])
        return find_player({p.key: p for p in same}, wanted)

    def find_event(self, wanted: str) -> Event:
        """An event by id or normalised name."""
        if self._event_lookup is None and not self._events_scanned:
            # One question: a scan for that one name, no index built.
            self._events_scanned = True
            named = (
                self._events.names()
                if isinstance(self._events, ColumnEvents)
                else [(e.event_id, e.name) for e in self._events]
            )
            norm = normalise_name(wanted)
            matched = same_name([name for _, name in named], norm)
            hits = [
                i
                for i, ((event_id, _), m) in enumerate(zip(named, matched, strict=True))
                if m or event_id == wanted
            ]
            return find_event([self._events[i] for i in hits], wanted)
        if self._event_lookup is None:
            named = (
                self._events.names()
                if isinstance(self._events, ColumnEvents)
                else [(e.event_id, e.name) for e in self._events]
            )
            ids: dict[str, int] = {}
            names: dict[str, list[int]] = {}
            for i, (event_id, name) in enumerate(named):
                if event_id is not None:
                    ids.setdefault(event_id, i)
                names.setdefault(normalise_name(name), []).append(i)
            self._event_lookup = (ids, names)
        ids, names = self._event_lookup
        # The id match (the first, as find_event takes it) and every name match, in order.
        hits = sorted(
            {*names.get(normalise_name(wanted), []), *([ids[wanted]] if wanted in ids else [])}
        )
        return find_event([self._events[i] for i in hits], wanted)

    def _value(self, e: int) -> TournamentValue:
        if e not in self._values:
            self._values[e] = event_value(self._events[e])
        return self._values[e]

    def rating(self, player: str) -> float:
        """A player's rating after every event (float64)."""
        return float(self._engine.current[self._player_index[self.find_player(player).key]])

    # -- exact steps -----------------------------------------------------------------------
    def _steps(self, p: int, upto: int | None = None) -> list[RatingStep]:
        """Player ``p``'s exact steps (seed 000's rule, :func:`~palmares.ratings.dip_pouch.move`)
        in application order, as ``old · (1 − s) + s · score`` (the same Fraction as the
        rule's ``old + s · (score − old)``, without adding two long fractions)."""
        eng = self._engine
        rating = INITIAL_RATING
        steps: list[RatingStep] = []
        key = self._players[p].key
        rows = eng.rows_of(p)
        events, ranks = eng.row_event[rows].tolist(), eng.row_rank[rows].tolist()
        days, sizes = eng.ev_day.tolist(), eng.ev_players.tolist()
        for e, place in zip(events, ranks, strict=True):
            if upto is not None and days[e] > upto:
                break
            ev_key, name, day = self._facts(e)
            value = self._value(e)
            n = sizes[e]
            score = _percentile(place, n)
            # old + s · (score − old) = old · (1 − s) + s · score, s = value / 100: the old
            # rating (a long fraction) meets only short ones, so no step reduces two long ones.
            share = value.value / 100
            after = rating * (1 - share) + share * score
            steps.append(
                RatingStep(
                    player=key,
                    event=ev_key,
                    event_name=name,
                    date=day,
                    place=place,
                    players=n,
                    score=score,
                    value=value,
                    before=rating,
                    after=after,
                )
            )
            rating = after
        return steps

    def _facts(self, e: int) -> tuple[str, str, date]:
        """Event ``e``'s key, name and date (no placements built)."""
        if isinstance(self._events, ColumnEvents):
            return self._events.facts(e)
        ev = self._events[e]
        return ev.key, ev.name, ev.date

    # -- ranking ---------------------------------------------------------------------------
    def ranking(
        self,
        *,
        as_of: date | None = None,
        nationality: str | None = None,
        limit: int | None = None,
        exact: bool = False,
        fractions: bool = True,
    ) -> Ranking:
        """The rating list as of ``as_of`` (every event held that day counts; None: all events).

        ``nationality`` keeps one nation's players, ranked internationally and nationally;
        ``limit`` keeps the first entries; ``exact`` gives the exact list: ranks and ties of the
        exact ratings, each rating a Fraction (one pass over the rows). With ``fractions=False``
        a rating proved to show as its Fraction shows (:mod:`palmares.ratings.certified`: the
        float nearest to it, not a whole number, the same two decimals half up) is given as that
        float, and only the others are computed as Fractions: the command line's list, exact to
        the digit at the engine's speed.
        """
        return self._ranking(as_of, nationality, limit, exact, None, fractions)

    def _ranking(
        self,
        as_of: date | None,
        nationality: str | None,
        limit: int | None,
        exact: bool,
        only: int | None,
        fractions: bool = True,
    ) -> Ranking:
        # ``only``: a player's index, for the player page (their entry alone, no list built).
        eng = self._engine
        upto = None if as_of is None else as_of.toordinal()
        last, events, nat = eng.as_of(date.max.toordinal() if upto is None else upto)
        rating = np.where(last >= 0, eng.after[np.maximum(last, 0)], float(INITIAL_RATING))
        listed = np.flatnonzero(events > 0)
        if exact:
            return exact_ranking(
                eng,
                self._players,
                self._nat_names,
                lambda e: self._value(e).value,
                self._share_arrays,
                listed,
                nat,
                events,
                upto,
                as_of,
                nationality,
                limit,
                fractions,
            )
        r = rating[listed]
        order = np.lexsort((listed, -r))
        listed, r = listed[order], r[order]
        ranks = competition_ranks_desc(r)
        nranks = grouped_ranks_desc(nat[listed], r)
        if only is not None:
            at = np.flatnonzero(listed == only)
            if at.size == 0:
                return Ranking(as_of, nationality, (), exact=False)
            i = int(at[0])
            one = self._entry(only, int(ranks[i]), int(nranks[i]), float(r[i]), nat, events)
            return Ranking(as_of, nationality, (one,), exact=False)
        keep = np.arange(listed.size)
        if nationality is not None:
            code = self._nat_code.get(nationality, -2)
            keep = np.flatnonzero(nat[listed] == code)
        if limit is not None:
            keep = keep[:limit]
        entries = [
            self._entry(int(listed[i]), int(ranks[i]), int(nranks[i]), float(r[i]), nat, events)
            for i in keep
        ]
        entries.sort(key=lambda en: (en.rank, en.name))
        return Ranking(as_of, nationality, tuple(entries), exact=False)

    def _entry(
        self,
        p: int,
        rank: int,
        nrank: int | None,
        rating: Fraction | float,
        nat: np.ndarray,
        events: np.ndarray,
    ) -> RankingEntry:
        code = int(nat[p])
        player = self._players[p]
        return RankingEntry(
            rank=rank,
            national_rank=nrank if code >= 0 else None,
            player=player.key,
            name=player.name,
            nationality=self._nat_names[code] if code >= 0 else None,
            rating=rating,
            events=int(events[p]),
        )

    def _share_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Each event's share of the distance (value / 100) as a double-double."""
        high, low = self._shares
        cache: dict[int, tuple[float, float]] = {}  # by TournamentValue: events share them
        for e in range(len(high), self._engine.n_events):
            value = self._value(e)
            parts = cache.get(id(value))
            if parts is None:
                parts = cache[id(value)] = share_parts(value.value)
            h, lo = parts
            high.append(h)
            low.append(lo)
        return np.array(high, dtype=np.float64), np.array(low, dtype=np.float64)

    # -- pages -----------------------------------------------------------------------------
    def player_page(self, player: str) -> PlayerPage:
        """The player page: exact rating, ranks in the current list, events newest first."""
        found = self.find_player(player)
        p = self._player_index[found.key]
        steps = self._steps(p)
        entry = self._ranking(None, None, None, False, p).entry(found.key)
        lines = tuple(
            PlayerLine(self._events[self._event_index[s.event]], s) for s in reversed(steps)
        )
        return PlayerPage(
            player=found,
            rating=steps[-1].after if steps else INITIAL_RATING,
            rank=entry.rank if entry else None,
            national_rank=entry.national_rank if entry else None,
            lines=lines,
        )

    def event_report(self, event: str) -> EventReport:
        """The event report: facts, tournament value, and each player's rank and score."""
        found = self.find_event(event)
        e = self._event_index[found.key]
        eng = self._engine
        n = int(eng.ev_players[e])
        lines = []
        for i in range(int(eng.ev_start[e]), int(eng.ev_end[e])):
            player = self._players[int(eng.row_player[i])]
            code = int(eng.row_nationality[i])
            lines.append(
                EventLine(
                    rank=int(eng.row_rank[i]),
                    player=player.key,
                    name=player.name,
                    nationality=self._nat_names[code] if code >= 0 else player.nationality,
                    score=percentile(int(eng.row_rank[i]), n),
                    rating_before=float(eng.before[i]),
                    rating_after=float(eng.after[i]),
                )
            )
        # Ties keep the order of the results file (the seed's table lists them so): the rows of
        # an event are in the order of its placements.
        order = sorted(range(len(lines)), key=lambda k: (lines[k].rank, k))
        return EventReport(found, self._value(e), tuple(lines[k] for k in order))

    def events(self) -> tuple[EventSummary, ...]:
        """Every included event in application order, with its tournament value."""
        eng = self._engine
        return tuple(
            EventSummary(self._events[e], self._value(e), int(eng.ev_end[e] - eng.ev_start[e]))
            for e in (int(x) for x in eng.by_position)
        )

    def warnings(self) -> tuple[EventFlag, ...]:
        """Events whose stored coefficient the dated pre-2001 rule overrules (or was asked to
        let win), one flag each in application order."""
        out: list[EventFlag] = []
        for e in (int(x) for x in self._engine.by_position):
            value = self._value(e)
            if value.overruled is None:
                continue
            ev = self._events[e]
            out.extend(EventFlag(ev, f) for f in value.flags)
        return tuple(out)

    # -- incremental -----------------------------------------------------------------------
    def add_event(self, event: Event, players: Mapping[str, Player] | None = None) -> None:
        """Add one event; only its players' recurrences from that event on are recomputed.

        ``players`` gives any player the history does not know yet (else a placeholder named by
        the key is made). The event may be dated before others: its players' later events are
        then replayed too, and nobody else's.
        """
        if event.key in self._event_index:
            raise PalmaresError.of(Message.of("ratings.event_again", event=repr(event.key)))
        keys = [pl.player for pl in event.placements]
        if not keys or len(set(keys)) != len(keys):
            raise PalmaresError.of(Message.of("ratings.event_players", event=repr(event.key)))
        if any(not 1 <= pl.rank <= event.field_size for pl in event.placements):
            raise PalmaresError.of(
                Message.of("ratings.event_rank", event=repr(event.key), size=str(event.field_size))
            )
        new_players = players or {}
        eng = self._engine
        key = event_order_key(event.date, event.event_id, event.name)
        day = event.date.toordinal()
        days = eng.ev_day[: eng.n_events]
        earlier = int(np.count_nonzero(days < day))
        for i in np.flatnonzero(days == day):
            other = self._events[int(i)]
            earlier += event_order_key(other.date, other.event_id, other.name) < key
        rows: list[tuple[int, int, int]] = []  # (player index, rank, nationality code)
        for pl in event.placements:
            if pl.player not in self._player_index:
                known = new_players.get(pl.player, Player(pl.player, pl.player))
                self._player_index[pl.player] = len(self._players)
                self._players.append(known)
            code = -1
            if pl.nationality is not None:
                if pl.nationality not in self._nat_code:
                    self._nat_code[pl.nationality] = len(self._nat_names)
                    self._nat_names.append(pl.nationality)
                code = self._nat_code[pl.nationality]
            rows.append((self._player_index[pl.player], pl.rank, code))
        self._by_name = None
        self._event_index[event.key] = len(self._events)
        self._events.append(event)
        eng.add_event(
            day=day,
            position=earlier,
            value=float(event_value(event).value),
            players=event.field_size,
            row_players=np.array([r[0] for r in rows], dtype=np.int32),
            ranks=np.array([r[1] for r in rows], dtype=np.int32),
            nationalities=np.array([r[2] for r in rows], dtype=np.int32),
            n_players=len(self._players),
        )
        log.debug("added %s: %d players recomputed", event.key, len(rows))
