"""The stored Dip Pouch inputs as the engine's arrays, and its figures as columns to write.

:func:`load` reads every stored Diplomacy result with one plain query (no model per row) into
:class:`~palmares.ratings.engine.ResultArrays`, keeping the database ids beside the engine's
indexes: events and players indexed by id order, rows grouped by event (then result id); the
players' order is no figure's (a list orders ties by name, then index, and players of one name
share its key), and by id an update places a new player without its key (``splice``). The engine
(seed 000's recurrence, :mod:`palmares.ratings.engine`) replays them; :func:`entry_columns` and
:func:`~palmares.web.ratinglists.lists.list_columns` turn its figures into the rows of
:class:`RatingEntry` and :class:`Standing`, column by column (numpy, no object per row), the
same rows the per-row path (``services.entry_rows`` / ``services.standing_rows``) gives, digit
for digit (tested).

Decimals are written as Django writes a ``DecimalField(24, 12)``: the float's shortest repr
rounded half-even to 12 places (``services._decimal``), as text. :func:`decimals` does that for
a whole array: an exact integer rounding where the float is not near a rounding midpoint, the
``Decimal`` path for the few that are.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
from django.db import connection

from palmares.ratings.engine import Engine, ResultArrays
from palmares.ratings.events import event_order_key
from palmares.ratings.percentile import percentile
from palmares.ratings.tournament_value import value_of_event
from palmares.web.events.models import Event, Result
from palmares.web.players.models import Player

__all__ = [
    "RowColumns",
    "Stored",
    "build",
    "decimal_floats",
    "decimal_units",
    "decimals",
    "entry_columns",
    "entry_order",
    "exact_units",
    "fetch_columns",
    "fetch_facts",
    "fetch_people",
    "fetch_rows",
    "fetch_tally",
    "load",
    "stored_decimals",
    "value_of",
]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
PLACES = Decimal("0.000000000001")
SCALE = 10**12


def _decimal(value: Fraction | float) -> str:
    """``services._decimal`` as the text Django writes (``format_number``: 12 places)."""
    if isinstance(value, Fraction):
        d = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(PLACES)
    else:
        d = Decimal(repr(value)).quantize(PLACES)
    return f"{d:f}"


#: Past this size a value takes the exact path (its scaled value must stay an exact integer).
FAST_BELOW = 4096.0


def _near_a_half(values: F64) -> tuple[F64, npt.NDArray[np.bool_]]:
    """``value · 10¹²`` as a float, and where rounding it to the nearest integer might not be
    what rounding the value's repr half-even to 12 places gives. The repr is within half a
    unit in the last place of the value, the product within half a unit of its own: their
    sum (bounded here by a whole unit of each) is the farthest the scaled repr can be from
    the product; only a product that close to a half can round otherwise (or be a tie)."""
    scaled = values * SCALE
    bound = np.spacing(np.abs(scaled)) + SCALE * np.spacing(np.abs(values))
    near = np.abs(scaled - np.floor(scaled) - 0.5) <= bound
    near |= ~np.isfinite(values) | (np.abs(values) >= FAST_BELOW) | np.signbit(values)
    return scaled, near


def decimals(values: F64) -> list[str]:
    """Each float as ``_decimal`` gives it, fast: away from a half (:func:`_near_a_half`; a
    few values in a hundred), rounding the scaled value to the nearest integer is what
    rounding its repr half-even gives; the others take ``_decimal`` itself."""
    scaled, near = _near_a_half(values)
    whole = np.rint(np.where(near, 0.0, scaled)).astype(np.int64)
    units, frac = np.divmod(whole, SCALE)
    out = list(map("%d.%012d".__mod__, zip(units.tolist(), frac.tolist(), strict=True)))
    for i in np.flatnonzero(near).tolist():
        out[i] = _decimal(float(values[i]))
    return out


def decimal_floats(values: F64) -> list[float]:
    """Each float as the double nearest to the text ``_decimal`` gives it: what a SQLite
    ``decimal`` column (numeric affinity) stores of that text, given as a float rather than
    parsed again from text (half a second per million values, besides making the text). The
    same test as :func:`decimals`; away from a half, the rounded integer over 10¹² is the
    nearest double to the decimal (both exact in binary: one correctly rounded division).
    SQLite's own parse of the text is off by one unit in the last place for about one value in
    5,000; Django reads a decimal back rounded to 15 digits, where both are the same."""
    scaled, near = _near_a_half(values)
    whole = np.rint(np.where(near, 0.0, scaled))
    out: list[float] = (whole / SCALE).tolist()
    for i in np.flatnonzero(near).tolist():
        out[i] = float(_decimal(float(values[i])))
    return out


#: Below this size a value's integer of 10⁻¹² stays inside int64 (:func:`decimal_units`).
UNITS_BELOW = 9e6


def exact_units(value: Fraction | float) -> int:
    """``value`` as the integer of 10⁻¹² its text (:func:`_decimal`) shows."""
    return int(Decimal(_decimal(value)).scaleb(12))


def decimal_units(values: F64) -> I64 | None:
    """Each float as the integer of 10⁻¹² its text (:func:`decimals`) shows, for a binary
    COPY (``ratinglists.binary``): the same test as :func:`decimals`, away from a half the
    scaled value rounded, else :func:`exact_units`. ``None`` when a value is not finite or
    past :data:`UNITS_BELOW` (the caller writes the texts instead)."""
    if not np.isfinite(values).all() or np.abs(values).max(initial=0.0) >= UNITS_BELOW:
        return None
    scaled, near = _near_a_half(values)
    out = np.rint(np.where(near, 0.0, scaled)).astype(np.int64)
    for i in np.flatnonzero(near).tolist():
        out[i] = exact_units(float(values[i]))
    return out


def stored_decimals() -> Any:
    """How the lists' and histories' decimals are written on this database: floats on SQLite
    (:func:`decimal_floats`), else their text (:func:`decimals`, exact in ``numeric``)."""
    return decimal_floats if connection.vendor == "sqlite" else decimals


@dataclass
class Stored:
    """The stored results as engine arrays, with the database ids of its indexes."""

    arrays: ResultArrays
    event_ids: I64  # database id of engine event e
    event_dates: list[date]
    player_ids: I64  # database id of engine player p
    player_names: list[str]
    result_ids: I64  # database id of engine row i (rows grouped by event)
    nationalities: dict[str, int]  # nationality → code (row_nationality)
    event_externals: list[str]  # external id of engine event e ("": none)
    event_names: list[str]  # its name (with the date and external id: its order)

    @functools.cached_property
    def years(self) -> list[int]:
        return sorted({d.year for d in self.event_dates})


def value_of(facts: Facts, n: int) -> float:
    """float(tournament value) of a stored event of ``n`` players: the rating rule's own
    (``ratings.tournament_value.value_of_event``, remembered there; issue 35)."""
    _, _, day, _, rounds, _, wc, coefficient = facts
    return float(value_of_event(n, rounds, bool(wc), day, coefficient).value)


def _fetch(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


#: A stored result as :func:`fetch_rows` gives it: (id, event id, player id, rank, nationality).
Row = tuple[int, int, int, int, str]
#: An event's facts: (id, name, date, external id, rounds, players, world championship,
#: coefficient).
Facts = tuple[int, str, date, str, int | None, int | None, bool, Decimal | None]
FACT_FIELDS = (
    "id",
    "name",
    "date",
    "external_id",
    "rounds",
    "players",
    "world_championship",
    "coefficient",
)


def fetch_rows(event_ids: Sequence[int] | None = None) -> list[Row]:
    """The stored Diplomacy results (of ``event_ids`` only, if given): one plain query."""
    result = connection.ops.quote_name(Result._meta.db_table)
    event = connection.ops.quote_name(Event._meta.db_table)
    sql = (
        f"SELECT r.id, r.event_id, r.player_id, r.rank, r.nationality FROM {result} r "
        f"INNER JOIN {event} e ON e.id = r.event_id WHERE e.kind = %s"
    )
    if event_ids is None:
        return _fetch(sql, [Event.Kind.DIPLOMACY])
    out: list[Row] = []
    ids = list(event_ids)
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        marks = ", ".join(["%s"] * len(part))
        out += _fetch(sql + f" AND r.event_id IN ({marks})", [Event.Kind.DIPLOMACY, *part])
    return out


def fetch_columns() -> RowColumns:
    """Every stored Diplomacy result as columns. The database writes each range of results as
    two strings (the numbers, comma-separated, and the nationalities), which numpy parses:
    many times quicker than a Python tuple per row."""
    result = connection.ops.quote_name(Result._meta.db_table)
    event = connection.ops.quote_name(Event._meta.db_table)
    if connection.vendor == "postgresql":
        numbers = "string_agg(concat_ws(',', r.id, r.event_id, r.player_id, r.rank), ',')"
        texts = "string_agg(r.nationality, chr(31))"
    else:
        numbers = "group_concat(r.id || ',' || r.event_id || ',' || r.player_id || ',' || r.rank)"
        texts = "group_concat(r.nationality, char(31))"
    # The results of the events of other kinds left out (a few ids, looked up once): quicker
    # than joining each result to its event.
    diplomacy = f"r.event_id NOT IN (SELECT id FROM {event} WHERE kind <> %s)"
    low, high = _fetch(f"SELECT min(id), max(id) FROM {result}", [])[0]
    parts: list[RowColumns] = []
    nats: dict[str, int] = {}
    step = 250_000
    for start in range(int(low or 0), int(high or 0) + 1, step):
        found = _fetch(
            f"SELECT count(*), {numbers}, {texts} FROM {result} r WHERE {diplomacy} "
            "AND r.id >= %s AND r.id < %s",
            [Event.Kind.DIPLOMACY, start, start + step],
        )[0]
        n = int(found[0])
        if not n:
            continue
        values = np.fromstring(found[1], dtype=np.int64, sep=",").reshape(n, 4)
        names = found[2].split("\x1f") if n > 1 or found[2] else [""]
        if len(names) != n:  # a nationality holding the separator: read that range row by row
            rows = _fetch(
                f"SELECT r.nationality FROM {result} r WHERE {diplomacy} "
                "AND r.id >= %s AND r.id < %s",
                [Event.Kind.DIPLOMACY, start, start + step],
            )
            names = [r[0] for r in rows]
        for name in sorted(set(names) - {""} - set(nats)):
            nats[name] = len(nats)
        table = {**nats, "": -1}
        nat = np.fromiter(map(table.__getitem__, names), dtype=np.int32, count=n)
        parts.append(
            RowColumns(
                values[:, 0].copy(),
                values[:, 1].copy(),
                values[:, 2].copy(),
                values[:, 3].copy(),
                nat,
                nats,
            )
        )
    if not parts:
        return RowColumns.of([], nats)
    return RowColumns(
        np.concatenate([p.rid for p in parts]),
        np.concatenate([p.eid for p in parts]),
        np.concatenate([p.pid for p in parts]),
        np.concatenate([p.rank for p in parts]),
        np.concatenate([p.nat for p in parts]),
        nats,
    )


def fetch_tally() -> tuple[int, int]:
    """How many Diplomacy results are stored, and the sum of their ids: two quick queries
    (every result, less those of the few events of other kinds), which tell whether columns
    spliced from a snapshot are the stored results (a raw edit deleting an event or a player
    drops results, one importing adds some; ids are never reused)."""
    result = connection.ops.quote_name(Result._meta.db_table)
    event = connection.ops.quote_name(Event._meta.db_table)
    n, total = _fetch(f"SELECT count(*), coalesce(sum(id), 0) FROM {result}", [])[0]
    other, other_total = _fetch(
        f"SELECT count(*), coalesce(sum(r.id), 0) FROM {result} r WHERE r.event_id IN "
        f"(SELECT id FROM {event} WHERE kind <> %s)",
        [Event.Kind.DIPLOMACY],
    )[0]
    return int(n) - int(other), int(total) - int(other_total)


def fetch_facts(event_ids: Sequence[int] | None = None) -> dict[int, Facts]:
    """The facts of the stored Diplomacy events (of ``event_ids`` only, if given)."""
    query = Event.objects.filter(kind=Event.Kind.DIPLOMACY).order_by()
    if event_ids is not None:
        query = query.filter(pk__in=list(event_ids))
    return {f[0]: f for f in query.values_list(*FACT_FIELDS).iterator(chunk_size=5000)}


def fetch_people(ids: Iterable[int] | None = None) -> list[tuple[int, str]]:
    """Every player's (id, name) (of ``ids`` only, if given) in id order: the engine's."""
    player = connection.ops.quote_name(Player._meta.db_table)
    if ids is None:
        return _fetch(f"SELECT id, name FROM {player} ORDER BY id", [])
    out: list[tuple[int, str]] = []
    wanted = sorted(set(ids))
    for i in range(0, len(wanted), 500):
        marks = ", ".join(["%s"] * len(wanted[i : i + 500]))
        sql = f"SELECT id, name FROM {player} WHERE id IN ({marks}) ORDER BY id"
        out += _fetch(sql, wanted[i : i + 500])
    return out


def load() -> Stored:
    """Every stored Diplomacy result (see the module docstring)."""
    return build(fetch_columns(), fetch_facts(), fetch_people())


@dataclass
class RowColumns:
    """Stored results as columns (``Row``'s fields); ``nat`` codes index ``nats``."""

    rid: I64
    eid: I64
    pid: I64
    rank: I64
    nat: npt.NDArray[np.int32]
    nats: dict[str, int]

    @classmethod
    def of(cls, rows: Sequence[Row], nats: dict[str, int] | None = None) -> RowColumns:
        codes: dict[str, int] = {} if nats is None else nats
        n = len(rows)
        cols = list(zip(*rows, strict=True)) if rows else [(), (), (), (), ()]
        return cls(
            np.fromiter(cols[0], dtype=np.int64, count=n),
            np.fromiter(cols[1], dtype=np.int64, count=n),
            np.fromiter(cols[2], dtype=np.int64, count=n),
            np.fromiter(cols[3], dtype=np.int64, count=n),
            np.fromiter(
                (codes.setdefault(x, len(codes)) if x else -1 for x in cols[4]),
                dtype=np.int32,
                count=n,
            ),
            codes,
        )

    def replaced(self, events: Sequence[int], rows: Sequence[Row]) -> RowColumns:
        """These columns without the rows of ``events``, with ``rows`` instead."""
        keep = ~np.isin(self.eid, np.asarray(list(events), dtype=np.int64))
        nats = dict(self.nats)
        other = RowColumns.of(rows, nats)
        return RowColumns(
            np.concatenate([self.rid[keep], other.rid]),
            np.concatenate([self.eid[keep], other.eid]),
            np.concatenate([self.pid[keep], other.pid]),
            np.concatenate([self.rank[keep], other.rank]),
            np.concatenate([self.nat[keep], other.nat]),
            nats,
        )


def build(
    rows: Sequence[Row] | RowColumns, facts: dict[int, Facts], people: list[tuple[int, str]]
) -> Stored:
    """The engine's arrays of ``rows`` (events: those with a row, their ``facts``; players:
    those with a row, in the order of ``people``: id order, :func:`fetch_people`)."""
    c = rows if isinstance(rows, RowColumns) else RowColumns.of(rows)
    rid, eid, pid, rank, nat, nats = c.rid, c.eid, c.pid, c.rank, c.nat, c.nats
    n = rid.shape[0]
    # Rows by event, then by result id: the order of tied ranks (which the skill ratings feel)
    # is then the results' own, whatever order the database returned them in.
    if n > 1 and not bool(np.all(rid[1:] > rid[:-1])):
        order = np.lexsort((rid, eid))
    else:
        order = np.argsort(eid, kind="stable")
    rid, eid, pid, rank, nat = rid[order], eid[order], pid[order], rank[order], nat[order]
    event_ids, row_event, counts = np.unique(eid, return_inverse=True, return_counts=True)
    dates: list[date] = []
    externals: list[str] = []
    names: list[str] = []
    keys = []
    field = np.empty(event_ids.shape[0], dtype=np.int32)
    value = np.empty(event_ids.shape[0], dtype=np.float64)
    for e, (ident, count) in enumerate(zip(event_ids.tolist(), counts.tolist(), strict=True)):
        _, name, day, external, _, players, _, _ = facts[ident]
        dates.append(day)
        externals.append(external or "")
        names.append(name)
        keys.append((event_order_key(day, external or None, name), e))
        size = players if players is not None else count
        field[e] = size
        value[e] = value_of(facts[ident], size)
    position = np.empty(event_ids.shape[0], dtype=np.int64)
    position[[e for _, e in sorted(keys)]] = np.arange(event_ids.shape[0])
    top = max(int(pid.max()) if n else 0, max((p[0] for p in people), default=0)) + 1
    used = np.zeros(top, dtype=bool)
    used[pid] = True
    listed = [p for p in people if used[p[0]]]
    player_ids = np.fromiter((p[0] for p in listed), dtype=np.int64, count=len(listed))
    index = np.full(top, -1, dtype=np.int64)
    index[player_ids] = np.arange(player_ids.shape[0])
    arrays = ResultArrays(
        event_day=np.array([d.toordinal() for d in dates], dtype=np.int32),
        event_position=position,
        event_value=value,
        event_players=field,
        row_event=row_event.astype(np.int32),
        row_player=index[pid].astype(np.int32),
        row_rank=rank.astype(np.int32),
        row_nationality=nat,
        n_players=int(player_ids.shape[0]),
    )
    people_names = [p[1] for p in listed]
    return Stored(arrays, event_ids, dates, player_ids, people_names, rid, nats, externals, names)


def entry_columns(
    engine: Engine, stored: Stored, rows: I64 | None = None
) -> Iterator[list[tuple[Any, ...]]]:
    """:class:`RatingEntry` rows (``services.ENTRY_FIELDS``) of the engine's ``rows`` (default:
    all), in chunks."""
    if rows is None:
        rows = np.arange(engine.n_rows, dtype=np.int64)
    n_e = stored.event_ids.shape[0]
    # The texts of the events' values and dates: of the events of ``rows`` only, when few.
    events = np.arange(n_e) if rows.shape[0] >= n_e else np.unique(engine.row_event[rows])
    value_text = np.empty(n_e, dtype=object)
    as_stored = stored_decimals()
    value_text[events] = as_stored(engine.ev_value[events])
    day_text = np.empty(n_e, dtype=object)
    day_text[events] = [stored.event_dates[e].isoformat() for e in events.tolist()]
    percentiles: dict[tuple[int, int], str | float] = {}
    chunk = 50_000
    for start in range(0, rows.shape[0], chunk):
        part = rows[start : start + chunk]
        ev = engine.row_event[part]
        n = engine.ev_players[ev].tolist()
        ranks = engine.row_rank[part].tolist()
        pct = []
        for r, size in zip(ranks, n, strict=True):
            text = percentiles.get((r, size))
            if text is None:
                written = _decimal(percentile(r, size))
                text = written if as_stored is decimals else float(written)
                percentiles[(r, size)] = text
            pct.append(text)
        yield list(
            zip(
                ["dip-pouch"] * part.shape[0],
                stored.player_ids[engine.row_player[part]].tolist(),
                stored.event_ids[ev].tolist(),
                stored.result_ids[part].tolist(),
                day_text[ev].tolist(),
                as_stored(engine.before[part]),
                as_stored(engine.after[part]),
                pct,
                value_text[ev].tolist(),
                strict=True,
            )
        )


def entry_order(stored: Stored) -> I64:
    """The engine's rows in the order of :class:`RatingEntry`'s unique key (player id, then
    event id): written so, SQLite appends to that index rather than inserting at random."""
    arrays = stored.arrays
    return np.lexsort(
        (stored.event_ids[arrays.row_event], stored.player_ids[arrays.row_player])
    ).astype(np.int64)
