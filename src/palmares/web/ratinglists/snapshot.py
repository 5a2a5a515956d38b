"""The engine's columns of the stored Dip Pouch results, kept in the database between writes
(issue 15: re-importing one event into a million results reads that event's rows, not all).

A :class:`~palmares.web.ratinglists.models.Snapshot` holds the columns (``columns.Stored``) as
they were when the stored figures covered write ``stamp``; its
:class:`~palmares.web.ratinglists.models.SnapshotTouch` lists the events written since, up to
the write its ``stamp`` names. Both are written in the transaction of the figures they match:
the full replay writes a snapshot of what it replayed; each incremental update adds its events
to the list (a small row) and, once the events listed hold many rows, writes a snapshot of the
columns after it instead (:data:`REBASE`). The database is the only copy, so every process (the
web servers, the command line) sees the same one, on SQLite and PostgreSQL.

:func:`current` gives the snapshot and its events only when they are the state the stored
figures cover (the touch's stamp is ``Publication.computed`` and its base the snapshot's
stamp), else ``None``: the update then reads every result, as before. The columns with the
listed events' rows as stored are then those results exactly (``ratinglists.splice``).

The data is a header (the events' names and ids, the nationalities, as JSON), the players'
names (NUL between them) and the arrays' bytes, little-endian: a million results in 25 MB,
read back in a few hundredths of a second.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from datetime import date
from typing import Any

import numpy as np
from django.db import connection

from palmares.ratings.engine import ResultArrays
from palmares.web.ratinglists.columns import Stored
from palmares.web.ratinglists.lists import by_name
from palmares.web.ratinglists.models import Snapshot, SnapshotTouch

__all__ = ["REBASE", "Current", "current", "decode", "encode", "note", "save"]

MAGIC = b"palmares-columns"
VERSION = 1
#: An incremental update writes a new snapshot once the events written since the last one
#: hold more than this many rows (each update reads them again).
REBASE = 20_000

#: (name, dtype) of each array in the data, in order.
ARRAYS = (
    ("event_ids", "<i8"),
    ("event_day", "<i4"),
    ("event_position", "<i8"),
    ("event_value", "<f8"),
    ("event_players", "<i4"),
    ("event_rows", "<i8"),
    ("player_ids", "<i8"),
    ("result_ids", "<i8"),
    ("row_player", "<i4"),
    ("row_rank", "<i4"),
    ("row_nationality", "<i4"),
    ("by_name", "<i8"),
)
#: Between the players' names in the data (JSON instead when a name holds it).
NUL = "\x00"


def encode(stored: Stored) -> bytes:
    """The data of a snapshot of ``stored``."""
    a = stored.arrays
    counts = np.bincount(a.row_event, minlength=stored.event_ids.shape[0])
    values: dict[str, Any] = {
        "event_ids": stored.event_ids,
        "event_day": a.event_day,
        "event_position": a.event_position,
        "event_value": a.event_value,
        "event_players": a.event_players,
        "event_rows": counts,
        "player_ids": stored.player_ids,
        "result_ids": stored.result_ids,
        "row_player": a.row_player,
        "row_rank": a.row_rank,
        "row_nationality": a.row_nationality,
        "by_name": by_name(stored),
    }
    plain = not any(NUL in n for n in stored.player_names)
    header = json.dumps(
        {
            "lengths": [int(values[n].shape[0]) for n, _ in ARRAYS],
            "event_externals": stored.event_externals,
            "event_names": stored.event_names,
            "player_names": None if plain else stored.player_names,
            "nationalities": stored.nationalities,
        },
        ensure_ascii=False,
    ).encode()
    names = NUL.join(stored.player_names).encode() if plain else b""
    parts = [MAGIC, struct.pack("<IQQ", VERSION, len(header), len(names)), header, names]
    parts += [np.ascontiguousarray(values[n], dtype=t).tobytes() for n, t in ARRAYS]
    return b"".join(parts)


def decode(data: bytes | memoryview) -> Stored | None:
    """The columns of a snapshot's data, or ``None`` if it is not data this version wrote."""
    view = memoryview(data)
    start = len(MAGIC) + struct.calcsize("<IQQ")
    if len(view) < start or bytes(view[: len(MAGIC)]) != MAGIC:
        return None
    version, size, names_size = struct.unpack_from("<IQQ", view, len(MAGIC))
    if version != VERSION or start + size + names_size > len(view):
        return None
    try:
        header: dict[str, Any] = json.loads(bytes(view[start : start + size]))
        lengths = [int(n) for n in header["lengths"]]
        at = start + size + names_size
        names = header["player_names"]
        if names is None:
            text = bytes(view[start + size : at]).decode()
            names = text.split(NUL) if lengths[6] else []
    except (ValueError, KeyError, TypeError, IndexError):
        return None
    widths = [np.dtype(t).itemsize * n for (_, t), n in zip(ARRAYS, lengths, strict=False)]
    if len(lengths) != len(ARRAYS) or at + sum(widths) != len(view) or len(names) != lengths[6]:
        return None
    arrays: dict[str, Any] = {}
    for (name, dtype), width in zip(ARRAYS, widths, strict=True):
        arrays[name] = np.frombuffer(view[at : at + width], dtype=dtype).astype(dtype[1:])
        at += width
    n_events = arrays["event_ids"].shape[0]
    row_event = np.repeat(np.arange(n_events, dtype=np.int32), arrays["event_rows"])
    result = ResultArrays(
        event_day=arrays["event_day"],
        event_position=arrays["event_position"],
        event_value=arrays["event_value"],
        event_players=arrays["event_players"],
        row_event=row_event,
        row_player=arrays["row_player"],
        row_rank=arrays["row_rank"],
        row_nationality=arrays["row_nationality"],
        n_players=int(arrays["player_ids"].shape[0]),
    )
    stored = Stored(
        result,
        arrays["event_ids"],
        [date.fromordinal(d) for d in arrays["event_day"].tolist()],
        arrays["player_ids"],
        list(names),
        arrays["result_ids"],
        dict(header["nationalities"]),
        list(header["event_externals"]),
        list(header["event_names"]),
    )
    stored.__dict__["_by_name"] = arrays["by_name"]  # (``lists.by_name``, as encoded)
    return stored


@dataclass(frozen=True, slots=True)
class Current:
    """A snapshot that is the state of the stored figures' results with the rows of
    ``events`` as stored."""

    stored: Stored
    stamp: int  # the snapshot's
    events: tuple[int, ...]  # written since


def current(system: str, computed: int) -> Current | None:
    """The snapshot of ``system`` if, with the events written since, it is the state the
    stored figures (``Publication.computed`` = ``computed``) cover; else ``None``."""
    touch = SnapshotTouch.objects.filter(system=system).first()
    if touch is None or touch.stamp != computed:
        return None
    data = _data(system, touch.base)
    if data is None:
        return None
    stored = decode(data)
    if stored is None:
        return None
    return Current(stored, int(touch.base), tuple(int(e) for e in touch.events))


def _data(system: str, stamp: int) -> bytes | None:
    """The snapshot's data if its stamp is ``stamp`` (PostgreSQL: read as binary, not as the
    hexadecimal text of a bytea, four times slower)."""
    table = connection.ops.quote_name(Snapshot._meta.db_table)
    sql = f"SELECT data FROM {table} WHERE system = %s AND stamp = %s"
    with connection.cursor() as cursor:
        raw: Any = cursor.cursor
        if connection.vendor == "postgresql" and not type(raw).__name__.startswith("Client"):
            raw.execute(sql, [system, stamp], binary=True)  # (a client-side cursor cannot)
            row = raw.fetchone()
        else:
            cursor.execute(sql, [system, stamp])
            row = cursor.fetchone()
    return None if row is None else bytes(row[0])


def save(system: str, stored: Stored, stamp: int) -> None:
    """Make ``stored`` (the state the figures of write ``stamp`` cover) the snapshot of
    ``system``, with no event written since (call in the transaction of those figures)."""
    Snapshot.objects.update_or_create(
        system=system, defaults={"stamp": stamp, "data": encode(stored)}
    )
    SnapshotTouch.objects.update_or_create(
        system=system, defaults={"base": stamp, "stamp": stamp, "events": []}
    )


def note(system: str, base: int, events: list[int], stamp: int) -> None:
    """The figures of write ``stamp`` cover the snapshot of stamp ``base`` with the rows of
    ``events`` as stored (call in their transaction)."""
    SnapshotTouch.objects.update_or_create(
        system=system, defaults={"base": base, "stamp": stamp, "events": sorted(set(events))}
    )
