"""Tie-aware ranking shared by every standing, list and table.

Competition ranking ("1224"): tied entries share the best place of their group and the next
entry's place counts everyone above it (seed 000's Dip in the Ocean table: two 9th, then 11th;
three 22nd). A tie group also knows the places it *spans* (9th and 10th), which rules that share
out per-place awards need (Wizard master points, Carnage rank points).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from palmares.core.message import Message

__all__ = ["TieGroup", "competition_ranks", "ranking_problem", "tie_groups"]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class TieGroup:
    """Entries that tie, the place they share (``rank``) and the places they span."""

    rank: int
    members: tuple[Any, ...]

    @property
    def size(self) -> int:
        return len(self.members)

    @property
    def places(self) -> range:
        """The places the group occupies: a two-way tie for 9th spans 9 and 10."""
        return range(self.rank, self.rank + len(self.members))


def tie_groups(
    items: Sequence[T],
    key: Callable[[T], Any],
    *,
    descending: bool = True,
) -> list[TieGroup]:
    """Group ``items`` into ranked tie groups by ``key`` (best first).

    Items with equal keys tie. ``descending`` (the default) ranks larger keys first, as for scores;
    pass ``descending=False`` for keys where low is best (matrix scores, ranks). Order inside a
    group follows the input order, so callers that need a stable display sort the input first.
    """
    keys = [key(item) for item in items]  # each key worked out once (a sort is stable)
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=descending)
    ordered = [items[n] for n in order]
    ordered_keys = [keys[n] for n in order]
    groups: list[TieGroup] = []
    place = 1
    i = 0
    while i < len(ordered):
        k = ordered_keys[i]
        j = i
        while j < len(ordered) and ordered_keys[j] == k:
            j += 1
        groups.append(TieGroup(rank=place, members=tuple(ordered[i:j])))
        place += j - i
        i = j
    return groups


def competition_ranks(scores: Mapping[K, Any], *, descending: bool = True) -> dict[K, int]:
    """Map each key of ``scores`` to its competition rank (1, 2, 2, 4 …)."""
    ranks: dict[K, int] = {}
    for group in tie_groups(list(scores), key=lambda k: scores[k], descending=descending):
        for member in group.members:
            ranks[member] = group.rank
    return ranks


def ranking_problem(
    ranks: Sequence[int], field_size: int | None = None
) -> tuple[int, Message] | None:
    """What is wrong with ``ranks`` as the classification of an event, or ``None``.

    Without ``field_size`` the ranks must be a competition ranking (1, 2, 2, 4 …: each rank
    counts everyone above it; issue 16 — 1, 3, 3 and 2, 2 with no first are refused). With a
    ``field_size`` larger than the ranks listed (the file lists only part of the field), the
    ranks must be part of some competition ranking of that many players: gaps are the players
    not listed, but a tie still takes its places (two players tied 3rd take 3rd and 4th, so the
    next rank is 5th or below) and the last tie must end within the field. Returns the index (in
    ``ranks``) of the first rank that breaks the rule and the message.
    """
    n = len(ranks) if field_size is None else field_size
    order = sorted(range(len(ranks)), key=lambda i: ranks[i])
    shown = ", ".join(str(ranks[i]) for i in order[:12]) + (", …" if len(order) > 12 else "")
    explicit = field_size is not None and field_size != len(ranks)
    place = 1  # the best place the next rank may take
    i = 0
    while i < len(order):
        rank = ranks[order[i]]
        j = i
        while j < len(order) and ranks[order[j]] == rank:
            j += 1
        if rank < place or (not explicit and rank != place):
            said = Message.of(
                "ranking.not_part_of_field" if explicit else "ranking.not_competition", ranks=shown
            )
            return order[i], said
        place = rank + (j - i)
        if place - 1 > n:
            return order[i], Message.of(
                "ranking.beyond", tied=j - i, rank=rank, last=place - 1, players=n
            )
        i = j
    return None
