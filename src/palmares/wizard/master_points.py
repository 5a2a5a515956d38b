"""Master points: the award record and the monthly Top 10 (seed 004, "Top 10", "TABULATING").

"Top 10 ... 1st 30 Master Points, 2nd 27, 3rd 24, 4th 21, 5th 18, 6th 15, 7th 12, 8th 09,
9th 06, 10th 03" go to the number ranking's places 1-10. Tied players share the places they
occupy, averaged (places past 10 are worth 0 in the average); "effective Nov.10, 2010 all Master
Points will be whole numbers", so from then on a share is rounded half up: two tied first get
(30 + 27) / 2 = 28.5 -> 29 each (specs/wizard.md). Before that date the fraction is kept.

From 2021-02-01 three lists (points, Skill Ratio, W.P.) each pay their Top 10 15, 13, ..., 3
(kinds "top-10", "sr-top-10", "wp-top-10"); from the procedure of 2023-09-23 a tied share is
rounded UP ((4 + 3) / 2 = 3.5 -> 4; (4 + 3 + 0) / 3 = 7/3 -> 3), and a tie that straddles 10th
and 11th is averaged as the rule set's ``straddle`` says (``rules.py``).

Public API: :class:`Award` (one award of master points and what it was for),
:func:`shared_award` (the share of tied players), :func:`top_ten_awards`,
:func:`whole_if` (rounding per the rule set), :func:`total`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Literal

from palmares.core.ranking import TieGroup
from palmares.core.rounding import half_up_int
from palmares.wizard.reasons import AwardReason, ListKind, PlaceShare, Rounding, TopTenReason

__all__ = [
    "KIND_ORDER",
    "Award",
    "AwardKind",
    "Rounding",
    "place_share",
    "shared_award",
    "top_ten_awards",
    "total",
    "whole_if",
    "whole_share",
]

AwardKind = Literal["top-10", "sr-top-10", "wp-top-10", "wp", "tournament", "triad"]
#: The order of an award's kind inside one day and source (the ledger's order).
KIND_ORDER: dict[str, int] = {
    "top-10": 0,
    "sr-top-10": 1,
    "wp-top-10": 2,
    "wp": 3,
    "tournament": 4,
    "triad": 5,
}


@dataclass(frozen=True, slots=True)
class Award:
    """Master points awarded to ``player`` on ``day`` for ``source`` (a month or a tournament).

    ``kind`` says which rule paid it; ``reason`` is why, typed (``reasons.py``: the 2nd place
    of the Top 10 shared by 2 players, (27 + 24) / 2 = 25.5 -> 26), told by the explanation
    layer.
    """

    player: str
    day: date
    source: str
    kind: AwardKind
    points: Fraction
    reason: AwardReason


def whole_if(value: Fraction, whole: bool) -> Fraction:
    """``value`` rounded half up to a whole number when ``whole`` (from 2010-11-10), else as is."""
    return Fraction(half_up_int(value)) if whole else value


def whole_share(value: Fraction, whole: bool, rounding: Rounding) -> Fraction:
    """A share as paid: kept (before 2010-11-10), half up, or rounded up (from 2023-09-23)."""
    if not whole:
        return value
    if rounding == "up":
        return Fraction(math.ceil(value))
    return whole_if(value, True)


def shared_award(
    values: Sequence[Fraction | int], places: Iterable[int], *, paid_only: bool = False
) -> Fraction:
    """The average of ``values`` over the 1-based ``places`` a tie spans (0 past the table).

    ``paid_only`` leaves the places past the table out of the average (a tie for 10th-11th
    then gets the 10th place's value); a tie wholly past the table gets 0.
    """
    spanned = list(places)
    if paid_only:
        spanned = [p for p in spanned if p <= len(values)] or spanned
    got = [Fraction(values[p - 1]) if p <= len(values) else Fraction(0) for p in spanned]
    return sum(got, Fraction(0)) / len(spanned)


def place_share(
    values: Sequence[Fraction | int],
    group: TieGroup,
    exact: Fraction,
    paid: Fraction,
    *,
    rounding: Rounding = "half-up",
    paid_only: bool = False,
) -> PlaceShare:
    """The typed reason of a (possibly shared) place award: the values averaged and the
    rounding (:func:`shared_award`, :func:`whole_share`)."""
    places = [p for p in group.places if not paid_only or p <= len(values)] or list(group.places)
    parts = tuple(Fraction(values[p - 1]) if p <= len(values) else Fraction(0) for p in places)
    return PlaceShare(group.rank, group.size, parts, exact, paid, rounding)


def top_ten_awards(
    groups: Sequence[TieGroup],
    *,
    table: Sequence[int],
    whole: bool,
    day: date,
    source: str,
    rounding: Rounding = "half-up",
    paid_only: bool = False,
    kind: ListKind = "top-10",
) -> list[Award]:
    """Top-10 master points for a list's tie groups (members are player names).

    ``rounding`` and ``paid_only`` as in :func:`whole_share` and :func:`shared_award`; ``kind``
    names the list (``sr-top-10``: the S.R. Top 10).
    """
    awards: list[Award] = []
    for group in groups:
        if group.rank > len(table):
            break
        exact = shared_award(table, group.places, paid_only=paid_only)
        paid = whole_share(exact, whole, rounding)
        if paid <= 0:
            continue
        share = place_share(table, group, exact, paid, rounding=rounding, paid_only=paid_only)
        reason = TopTenReason(kind, share)
        for player in group.members:
            awards.append(Award(str(player), day, source, kind, paid, reason))
    return awards


def total(awards: Iterable[Award]) -> Fraction:
    """The sum of ``awards``' points."""
    return sum((a.points for a in awards), Fraction(0))
