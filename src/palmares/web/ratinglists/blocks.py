"""The published Dip Pouch lists stored in blocks of lines (issue 15): one row per
:data:`BLOCK` lines of a list, its lines' figures packed as numpy records.

Every list (0: the Permanent list, else a year's list as at 31 December) is stored twice: whole,
in list order (``nation`` ""), and for each nation, that nation's lines in national order (the
nation's name). A line's place in its list is its block's number times :data:`BLOCK` plus its
place in the block, so a page of the list (:func:`window`) is one or two rows read by their key,
never an OFFSET scan, and a million-result import writes some ten thousand rows instead of the
two and a half million list lines it wrote as rows (the Permanent list is also kept as
:class:`~palmares.web.ratinglists.models.Standing` rows: the player pages join it). An update
after a write (``incremental``) rewrites only the blocks whose bytes changed.

A block's data: the length of its header (4 bytes, little-endian), the header (JSON: the
nationalities its lines have, ``""`` for none), then one :data:`RECORD` per line: the player's
id, the rating as the engine's double (shown as the text the stored decimals take,
``columns.decimals``), rank, national rank (−1: none), events, and the line's nationality as an
index into the header.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np
import numpy.typing as npt
from django.db import connection

from palmares.web.lib.bulk import insert_typed
from palmares.web.ratinglists.columns import I64, Stored, decimals
from palmares.web.ratinglists.lists import ListColumns
from palmares.web.ratinglists.models import ListBlock

__all__ = [
    "BLOCK",
    "RECORD",
    "Line",
    "Listed",
    "block_lines",
    "changed_keys",
    "decode",
    "delete",
    "encode_list",
    "lines",
    "list_blocks",
    "replace",
    "rewrite",
    "stored",
    "window",
    "write",
]

SYSTEM = "dip-pouch"
#: Lines per block: a multiple of the list pages' 50 (``ui.queries.PAGE_SIZE``), so a page is
#: in one block.
BLOCK = 500
RECORD = np.dtype(
    [
        ("player", "<i8"),
        ("rating", "<f8"),
        ("rank", "<i4"),
        ("national_rank", "<i4"),
        ("events", "<i4"),
        ("nation", "<i2"),
    ]
)
_LENGTH = struct.Struct("<I")
FIELDS = ("system", "year", "nation", "block", "lines", "data")

#: A block's key in its list: (nation, block number).
Key = tuple[str, int]
#: The blocks of one list: key → data.
Blocks = dict[Key, bytes]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a stored list."""

    position: int  # in the list read (the nation's, for a national list)
    player_id: int
    nationality: str
    rating: Decimal
    rank: int
    national_rank: int | None
    events: int


def _block(records: npt.NDArray[np.void], codes: npt.NDArray[np.int64], names: list[str]) -> bytes:
    """The data of one block: ``records`` with their nationality ``codes`` into ``names``
    (−1: none) given as indexes into the block's own header."""
    used, local = np.unique(codes, return_inverse=True)
    # (the header in the names' order, not the codes': the same lines give the same bytes
    # whatever codes a replay gave the nationalities)
    words = ["" if c < 0 else names[c] for c in used.tolist()]
    order = sorted(range(len(words)), key=words.__getitem__)
    place = np.empty(len(words), dtype=np.int64)
    place[order] = np.arange(len(words))
    header = json.dumps([words[i] for i in order]).encode()
    out = records.copy()
    out["nation"] = place[local.reshape(-1)]
    return _LENGTH.pack(len(header)) + header + out.tobytes()


def encode_list(
    player_ids: I64,
    ratings: npt.NDArray[np.float64],
    ranks: npt.ArrayLike,
    national_ranks: npt.ArrayLike,
    events: npt.ArrayLike,
    nations: npt.ArrayLike,
    names: Sequence[str],
    only: Collection[Key] | None = None,
) -> Blocks:
    """The blocks of a list given in list order (``only``: those blocks): each line's player
    id, rating, rank, national rank (−1: none), events and nationality (a code into
    ``names``, −1: none)."""
    n = int(player_ids.shape[0])
    records = np.zeros(n, dtype=RECORD)
    records["player"] = player_ids
    records["rating"] = ratings
    records["rank"] = ranks
    records["national_rank"] = national_ranks
    records["events"] = events
    codes = np.asarray(nations, dtype=np.int64)
    names = list(names)
    out: Blocks = {}
    for b, start in enumerate(range(0, n, BLOCK)):
        if only is None or ("", b) in only:
            out["", b] = _block(records[start : start + BLOCK], codes[start : start + BLOCK], names)
    wanted = None if only is None else {k[0] for k in only if k[0]}
    if wanted is not None and not wanted:
        return out
    has = np.flatnonzero(codes >= 0)
    by_nation = has[np.argsort(codes[has], kind="stable")]  # list order within each nation
    grouped = codes[by_nation]
    cuts = np.flatnonzero(np.diff(grouped)) + 1
    for part in np.split(by_nation, cuts) if by_nation.size else []:
        name = names[int(codes[part[0]])]
        if wanted is not None and name not in wanted:
            continue
        for b, start in enumerate(range(0, part.shape[0], BLOCK)):
            if only is None or (name, b) in only:
                at = part[start : start + BLOCK]
                out[name, b] = _block(records[at], codes[at], names)
    return out


def list_blocks(
    lists: ListColumns, stored: Stored, names: Sequence[str], only: Collection[Key] | None = None
) -> Blocks:
    """The blocks of a list of the engine's replay (``lists.list_columns``; ``only``: those)."""
    return encode_list(
        stored.player_ids[lists.players],
        lists.ratings,
        lists.ranks,
        lists.national_ranks,
        lists.events,
        lists.nations,
        names,
        only,
    )


def changed_keys(
    after: ListColumns,
    names: Sequence[str],
    before: ListColumns,
    names_before: Sequence[str],
    changed: I64,
) -> tuple[set[Key], set[Key]]:
    """The blocks of ``after`` that differ from those of ``before`` (to be written) and those
    of ``before`` that ``after`` no longer has, given the lines of ``after`` that are not in
    ``before`` as they are (``changed``: not the same player at that place and in that place of
    their nation's list, with the same figures). A block whose lines are all the same and as
    many is the same bytes, so only these blocks need their bytes made."""
    write: set[Key] = {("", int(b)) for b in np.unique(changed // BLOCK).tolist()}
    positions = after.national_positions[changed]
    codes = after.nations[changed]
    for code, position in zip(codes.tolist(), positions.tolist(), strict=True):
        if code >= 0:
            write.add((names[code], (position - 1) // BLOCK))
    gone: set[Key] = set()
    counts_after = _counts(after, names)
    counts_before = _counts(before, names_before)
    for nation in {*counts_after, *counts_before}:
        n, m = counts_after.get(nation, 0), counts_before.get(nation, 0)
        if n != m:
            if n:
                write.add((nation, (n - 1) // BLOCK))
            gone.update((nation, b) for b in range(-(-n // BLOCK), -(-m // BLOCK)))
    return write, gone


def _counts(lists: ListColumns, names: Sequence[str]) -> dict[str, int]:
    """The lines of the list and of each nation's list."""
    codes, counts = np.unique(lists.nations[lists.nations >= 0], return_counts=True)
    out = {names[c]: k for c, k in zip(codes.tolist(), counts.tolist(), strict=True)}
    out[""] = int(lists.players.shape[0])
    return out


def decode(data: bytes) -> tuple[npt.NDArray[np.void], list[str]]:
    """A block's records and each line's nationality."""
    (length,) = _LENGTH.unpack_from(data)
    names: list[str] = json.loads(data[_LENGTH.size : _LENGTH.size + length])
    records = np.frombuffer(data, dtype=RECORD, offset=_LENGTH.size + length)
    table = np.array(names, dtype=object)
    return records, table[records["nation"]].tolist()


def _lines(block: int, data: bytes) -> list[Line]:
    records, nations = decode(data)
    texts = decimals(records["rating"].astype(np.float64))
    first = block * BLOCK + 1
    return [
        Line(first + i, player, nation, Decimal(text), rank, None if nr < 0 else nr, events)
        for i, (player, nation, text, rank, nr, events) in enumerate(
            zip(
                records["player"].tolist(),
                nations,
                texts,
                records["rank"].tolist(),
                records["national_rank"].tolist(),
                records["events"].tolist(),
                strict=True,
            )
        )
    ]


def _table() -> str:
    return connection.ops.quote_name(ListBlock._meta.db_table)


def window(year: int, nation: str, first: int, last: int, system: str = SYSTEM) -> list[Line]:
    """The lines at positions ``first``–``last`` (from 1) of the ``year`` list (0: Permanent),
    ``nation``'s own list when given: the blocks that hold them, read by their key."""
    if last < first or first < 1:
        return []
    sql = (
        f"SELECT block, data FROM {_table()} WHERE system = %s AND year = %s AND nation = %s "
        "AND block BETWEEN %s AND %s ORDER BY block"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [system, year, nation, (first - 1) // BLOCK, (last - 1) // BLOCK])
        found = cursor.fetchall()
    out = [line for block, data in found for line in _lines(int(block), bytes(data))]
    return [line for line in out if first <= line.position <= last]


class Listed(Sequence[Line]):
    """A stored list as a sequence of lines (``len``: its size, from the lists' summary,
    ``Publication.summary``); a slice reads only the blocks that hold it (the API's pages)."""

    def __init__(self, year: int, nation: str, size: int, system: str = SYSTEM) -> None:
        self.year, self.nation, self.size, self.system = year, nation, size, system

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, at: int | slice) -> Any:
        if isinstance(at, int):
            if not -self.size <= at < self.size:
                raise IndexError(at)
            at %= self.size
            return window(self.year, self.nation, at + 1, at + 1, self.system)[0]
        start, stop, step = at.indices(self.size)
        found = window(self.year, self.nation, start + 1, stop, self.system)
        return found[::step]


def lines(year: int, nation: str = "", system: str = SYSTEM) -> list[Line]:
    """Every line of the ``year`` list (``nation``'s own when given), in order."""
    return window(year, nation, 1, 2**31 - 1, system)


def write(year: int, blocks: Blocks, keys: Iterable[tuple[str, int]] | None = None) -> int:
    """Insert the blocks ``keys`` (all when ``None``) of the ``year`` list; return their lines."""
    chosen = sorted(blocks) if keys is None else sorted(keys)
    counts = [block_lines(blocks[key]) for key in chosen]
    rows = [
        (SYSTEM, year, key[0], key[1], count, blocks[key])
        for key, count in zip(chosen, counts, strict=True)
    ]
    insert_typed(ListBlock, FIELDS, rows)
    return sum(counts)


def block_lines(data: bytes) -> int:
    """How many lines a block's data holds."""
    length = int(_LENGTH.unpack_from(data)[0])
    return (len(data) - _LENGTH.size - length) // RECORD.itemsize


def delete(year: int | None = None, keys: Iterable[tuple[str, int]] | None = None) -> None:
    """Delete the blocks ``keys`` of the ``year`` list (all its blocks when ``None``; every
    list's when ``year`` is ``None`` too)."""
    found = ListBlock.objects.filter(system=SYSTEM)
    if year is None:
        found.delete()
        return
    found = found.filter(year=year)
    if keys is None:
        found.delete()
        return
    by_nation: dict[str, list[int]] = {}
    for nation, block in keys:
        by_nation.setdefault(nation, []).append(block)
    for nation, numbers in by_nation.items():
        found.filter(nation=nation, block__in=sorted(numbers)).delete()


def rewrite(year: int, after: Blocks, before: Blocks) -> int:
    """Bring the stored ``year`` list from ``before`` (its stored blocks) to ``after``: only
    the blocks whose bytes differ are deleted and written again; return the lines written."""
    changed = {key for key, data in after.items() if before.get(key) != data}
    return replace(year, after, changed, {key for key in before if key not in after})


def replace(year: int, after: Blocks, changed: Collection[Key], gone: Collection[Key]) -> int:
    """Delete the blocks ``changed`` and ``gone`` of the stored ``year`` list and write those
    of ``changed`` (from ``after``) again; return the lines written."""
    delete(year, [*changed, *gone])
    return write(year, after, changed) if changed else 0


def stored(system: str = SYSTEM) -> Iterator[tuple[object, ...]]:
    """Every stored block as (year, nation, block, lines, data), in key order (the tests
    compare the incremental update's with the full replay's)."""
    found = ListBlock.objects.filter(system=system).order_by("year", "nation", "block")
    for row in found.values_list("year", "nation", "block", "lines", "data"):
        yield (*row[:4], bytes(row[4]))
