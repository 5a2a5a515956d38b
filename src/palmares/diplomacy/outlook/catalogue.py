"""Every way one board of the final round can end, as its scoring system pays it.

The outlook (issue 38) asks what a board can still give each of its seven players. Under a
board-scoring system that reads only the final centres (Divide and Conquer, seed 002, Appendix A,
and every system of kind ``centre-count``) what a board pays depends on the *multiset* of its
centre counts, the powers being interchangeable. So the board's outcomes are the partitions of at
most 34 centres (:data:`~palmares.diplomacy.board.TOTAL_CENTRES`; neutral centres are allowed, as
the board check allows them) into at most seven counts, one of them possibly a solo (18 or
more). Each partition is scored once by the system itself (:meth:`ScoringSystem.score`), so the
shares are exactly those the ante pays (Divide and Conquer's raw scores rounded to two decimals,
:meth:`BoardScore.share`). Partitions that pay the same sorted shares are kept once.

A board with every power at 0 is left out: the board check accepts it but nobody survives, and
it pays nothing to anyone (the pot vanishes), which no played game does.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from palmares.diplomacy.board import GREAT_POWERS, SOLO_CENTRES, TOTAL_CENTRES, Board
from palmares.diplomacy.scoring.base import ScoringSystem, exact

__all__ = [
    "STANDARD",
    "Catalogue",
    "Map",
    "Row",
    "Units",
    "catalogue",
    "integer_shares",
    "partitions",
]


def partitions(total: int, parts: int, largest: int) -> Iterator[tuple[int, ...]]:
    """The partitions of ``total`` into exactly ``parts`` counts (0 allowed), each at most
    ``largest``, in non-increasing order."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(total, largest), -1, -1):
        if first * parts < total:
            break
        for rest in partitions(total - first, parts - 1, first):
            yield (first, *rest)


@dataclass(frozen=True, slots=True)
class Row:
    """One way a board ends: the centre counts (non-increasing) and, aligned with them, each
    power's board score and its share of the pot (score / board total)."""

    centres: tuple[int, ...]
    scores: tuple[Fraction, ...]
    shares: tuple[Fraction, ...]
    #: The shares from the largest.
    sorted_shares: tuple[Fraction, ...]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The distinct outcomes of a board under one system. ``shares`` holds each row's shares
    sorted from the largest, as floats, to filter quickly; every decision is then made on the
    exact :class:`Row`."""

    rows: tuple[Row, ...]
    shares: npt.NDArray[np.float64]
    #: Every partition, also those that pay the same shares as another (a player's own
    #: centres matter to :mod:`.centres`: 4–1–0 pays as 4–0–0 but the second power holds one).
    every: tuple[Row, ...]
    #: For each centre count, what a power holding it can take and what is left for the
    #: others (largest first), each pair once.
    by_count: Mapping[int, tuple[tuple[Fraction, tuple[Fraction, ...]], ...]]
    #: The largest share a power can take (a solo's whole pot under Divide and Conquer).
    best_share: Fraction
    #: Whether the largest share comes with nothing for everyone else (a solo): then one
    #: outcome is the best for its winner whatever the outlook asks.
    lone_winner: bool
    #: What :func:`.bounds.bounds` found for a board under this catalogue, by its exact inputs:
    #: a pure function's answers, kept for the next request on the same boards (each player's
    #: outlook page asks again for every board of the round).
    memo: dict[Hashable, object] = field(default_factory=dict, compare=False, repr=False)

    def exact_sorted(self, index: int) -> tuple[Fraction, ...]:
        return self.rows[index].sorted_shares


#: A share as an exact, cheaply hashed key: its numerator and denominator (a Fraction's hash
#: is a modular inverse; the build hashes a few million of them).
_Key = tuple[int, int]


def _score(system: ScoringSystem, centres: tuple[int, ...], solo: int) -> Row:
    powers = GREAT_POWERS[: len(centres)]
    board = Board(id="outlook", centres=dict(zip(powers, centres, strict=True)), solo_centres=solo)
    result = system.score(board)
    scores = tuple(exact(result[p]) for p in powers)
    # BoardScore.share, its board total taken once for the board's seven shares.
    total = exact(result.board_total)
    shares = (
        tuple(s / total for s in scores)
        if total != 0
        else tuple(Fraction(1, len(powers)) for _ in powers)
    )
    return Row(
        centres=centres,
        scores=scores,
        shares=shares,
        sorted_shares=tuple(sorted(shares, key=_order(shares), reverse=True)),
    )


def _order(shares: tuple[Fraction, ...]) -> Callable[[Fraction], int]:
    """An exact integer sort key for the shares of one board: each over their common
    denominator (comparing Fractions pairwise costs a multiplication each time)."""
    common = math.lcm(*(s.denominator for s in shares))
    return lambda s: s.numerator * (common // s.denominator)


def _keys(shares: tuple[Fraction, ...]) -> tuple[_Key, ...]:
    return tuple((s.numerator, s.denominator) for s in shares)


@lru_cache(maxsize=16)
def _catalogue(key: str, hashable: Hashable, seats: int, centres: int, solo: int) -> Catalogue:
    system = cast(ScoringSystem, hashable)  # the registry's systems are frozen dataclasses
    seen: set[tuple[_Key, ...]] = set()
    rows: list[Row] = []
    every: list[Row] = []
    by_count: dict[int, dict[tuple[_Key, tuple[_Key, ...]], tuple[Fraction, tuple[Fraction, ...]]]]
    by_count = {}
    for total in range(1, centres + 1):
        for counts in partitions(total, seats, total):
            row = _score(system, counts, solo)
            every.append(row)
            ordered = row.sorted_shares
            keys = _keys(ordered)
            if keys not in seen:
                seen.add(keys)
                rows.append(row)
            # What the power holding each count takes, and the others' shares (largest first):
            # the sorted shares without one occurrence of its own.
            for count, share in zip(row.centres, row.shares, strict=True):
                own = (share.numerator, share.denominator)
                at = keys.index(own)
                rest = ordered[:at] + ordered[at + 1 :]
                pair = (own, keys[:at] + keys[at + 1 :])
                by_count.setdefault(count, {}).setdefault(pair, (share, rest))
    array = np.array([[float(s) for s in row.sorted_shares] for row in rows], dtype=np.float64)
    best = max(row.sorted_shares[0] for row in rows)
    lone = any(r.sorted_shares[0] == best and not any(r.sorted_shares[1:]) for r in rows)
    held = {c: tuple(pairs.values()) for c, pairs in sorted(by_count.items())}
    return Catalogue(tuple(rows), array, tuple(every), held, best, lone)


@dataclass(frozen=True, slots=True)
class Map:
    """The board's map: seats (powers), supply centres, centres for a solo. The standard map
    is seed 002's; a smaller one makes an exhaustive search possible in the tests."""

    seats: int = len(GREAT_POWERS)
    centres: int = TOTAL_CENTRES
    solo: int = SOLO_CENTRES


STANDARD = Map()


def catalogue(key: str, system: ScoringSystem, board_map: Map = STANDARD) -> Catalogue:
    """The outcomes of a board under ``system`` (``key``: its registry spec, which names the
    system for the cache: the catalogue is built once per process, system and map)."""
    return _catalogue(
        key, cast(Hashable, system), board_map.seats, board_map.centres, board_map.solo
    )


@dataclass(frozen=True, slots=True)
class Units:
    """The catalogue's sorted shares as integers over ``denominator``."""

    shares: npt.NDArray[Any]
    denominator: int
    negative: bool


_INTEGERS: dict[int, tuple[Catalogue, Units]] = {}


def integer_shares(cat: Catalogue) -> Units:
    """The catalogue's sorted shares as integers over their common denominator (once per
    catalogue): exact comparisons at numpy's speed (Python integers past int64)."""
    hit = _INTEGERS.get(id(cat))
    if hit is not None and hit[0] is cat:
        return hit[1]
    distinct = {w for row in cat.rows for w in row.sorted_shares}
    d = 1
    for w in distinct:
        d = math.lcm(d, w.denominator)
    scaled = {w: int(w * d) for w in distinct}
    values = [[scaled[w] for w in row.sorted_shares] for row in cat.rows]
    largest = max((abs(v) for r in values for v in r), default=0) * max(len(cat.rows[0].shares), 1)
    dtype: Any = np.int64 if largest < 2**62 else object  # Python integers past int64
    negative = any(v < 0 for r in values for v in r)
    units = Units(np.array(values, dtype=dtype), d, negative)
    _INTEGERS[id(cat)] = (cat, units)
    return units
