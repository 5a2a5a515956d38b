"""Two free boards of the final round linked by a two-boarder, in the last round's outlook
(issue 38): how many of their players can finish above a score, at most and at least.

A two-boarder (our reading, specs/diplomacy.md, "Board call": when the players do not fill
whole boards the TD may have some play two; seed 002 is silent, and its top board seats seven
players on one board each) stakes on each board 10 % of the score before the round and takes a
share of each pot: ``Q`` ends at ``B_Q + x₁ · pot₁ + x₂ · pot₂`` with ``B_Q = S_Q · (1 − 2 ·
10 %)``. So the players of their two boards are not counted board by board (:mod:`.bounds`):
``Q``'s final depends on both.

Exactly, for a threshold ``T``: on each board, for every outcome (a catalogue row) and every
seat ``Q`` may take in it, the others' count above ``T`` is found as in :mod:`.bounds` (at most:
the ``m`` smallest needs met by the ``m`` largest shares left, the largest to the largest need;
at least: as many as possible kept at or below ``T``, the smallest shares left to the largest
needs), a player's *need* being the fewest units of share that lift them above ``T``. Each
board then reduces to, for each count ``c`` of its others, the most (or least) ``Q`` can take
with that count; the two boards end independently, so the most above ``T`` is the best pair
``(c₁, c₂)``, plus one when ``Q``'s take lifts them above ``T`` too (the least alike). Integers
throughout (the shares over their common denominator, :func:`.catalogue.integer_shares`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.core.message import Message
from palmares.diplomacy.outlook.bounds import Seated
from palmares.diplomacy.outlook.catalogue import Catalogue, integer_shares

__all__ = ["Group", "Linked", "fewest_in_group", "most_in_group", "unsupported_two_boards"]


@dataclass(frozen=True, slots=True)
class Linked:
    """One of the two boards: its label, pot, and its players but the two-boarder."""

    label: str
    pot: Fraction
    others: tuple[Seated, ...]


@dataclass(frozen=True, slots=True)
class Group:
    """Two free boards linked by the two-boarder ``player`` (``base``: their score before the
    final round less both stakes)."""

    player: str
    base: Fraction
    boards: tuple[Linked, Linked]


def _needs(others: Sequence[Seated], pot: Fraction, d: int, t: Fraction) -> list[int]:
    """The fewest units each player needs to end strictly above ``t``, smallest first."""
    # base + u · pot / d > t  ⇔  u > (t − base) · d / pot
    if pot <= 0:  # nothing to share: above only when already above
        return sorted(0 if s.base > t else 2**62 for s in others)
    bound = 2**62  # past any share: clipped so that int64 holds it
    return sorted(max(-bound, min(bound, math.floor((t - s.base) * d / pot) + 1)) for s in others)


def _per_count(w: npt.NDArray[Any], needs: list[int], *, most: bool) -> dict[int, int]:
    """For each count of others above ``T`` (at least ``c`` when ``most``, at most ``c``
    otherwise), the most (least) units the two-boarder can take along with it."""
    n = w.shape[1]
    k = len(needs)
    out: dict[int, int] = {}
    for j in range(n):  # the two-boarder's seat in the sorted row
        left = w[:, [i for i in range(n) if i != j]]  # the shares left, largest first
        mine = w[:, j]
        if most:  # m smallest needs met by the m largest shares left, largest to largest
            meets = [[left[:, a] >= needs[lvl] for lvl in range(k - a)] for a in range(k)]
            count = np.zeros(len(w), dtype=np.int64)
            for m in range(1, k + 1):
                fits = meets[m - 1][0].copy()
                for lvl in range(1, m):
                    fits &= meets[m - 1 - lvl][lvl]
                count += fits
            for c in range(k + 1):
                hit = mine[count >= c]
                if len(hit):
                    best = int(hit.max())
                    out[c] = max(out.get(c, best), best)
        else:  # as many kept at or below T: the smallest shares left to the largest needs
            small = [left[:, n - 2 - a] for a in range(k)]  # the smallest shares, ascending
            safe = np.zeros(len(w), dtype=np.int64)
            for q in range(1, k + 1):
                fits = small[0] < needs[k - q]
                for lvl in range(1, q):
                    fits &= small[lvl] < needs[k - q + lvl]
                safe += fits
            count = k - safe
            for c in range(k + 1):
                hit = mine[count <= c]
                if len(hit):
                    least = int(hit.min())
                    out[c] = min(out.get(c, least), least)
    return out


def _board(
    cat: Catalogue, b: Linked, t: Fraction, *, most: bool, without: str | None
) -> tuple[dict[int, int], int]:
    """One board's counts (see :func:`_per_count`) and its denominator; ``without``: a player
    of the board held at a zero share (the worst case of the player the question is about),
    left out of the count."""
    u = integer_shares(cat)
    w = u.shares
    others = list(b.others)
    if without is not None:
        w = w[w[:, -1] == 0][:, :-1]
        others = [s for s in others if s.player != without]
    return _per_count(w, _needs(others, b.pot, u.denominator, t), most=most), u.denominator


def most_in_group(cat: Catalogue, g: Group, t: Fraction, *, without: str | None = None) -> int:
    """The most players of the two boards (the two-boarder once) who can end strictly above
    ``t``; ``without``: a player of one board held at a zero share and not counted."""
    (c1, d), (c2, _) = (
        _board(cat, b, t, most=True, without=without if _seats(b, without) else None)
        for b in g.boards
    )
    p1, p2 = (b.pot / d for b in g.boards)
    best = max(c1) + max(c2)  # the two-boarder not above
    for n1, x in c1.items():
        for n2, y in c2.items():
            if n1 + n2 + 1 > best and g.base + x * p1 + y * p2 > t:
                best = n1 + n2 + 1
    return best


def fewest_in_group(cat: Catalogue, g: Group, t: Fraction, *, solo: str | None = None) -> int:
    """The fewest players of the two boards (the two-boarder once) above ``t`` whatever
    happens; ``solo``: a player of one board who solos it (everyone else there takes nothing)
    and is not counted."""
    counts: list[dict[int, Fraction]] = []
    for b in g.boards:
        if solo is not None and _seats(b, solo):
            above = sum(1 for s in b.others if s.player != solo and s.base > t)
            counts.append({above: Fraction(0)})
            continue
        per, d = _board(cat, b, t, most=False, without=None)
        counts.append({c: x * b.pot / d for c, x in per.items()})
    best: int | None = None
    for c1, x in counts[0].items():
        for c2, y in counts[1].items():
            value = c1 + c2 + (1 if g.base + x + y > t else 0)
            best = value if best is None else min(best, value)
    assert best is not None  # every board has an outcome
    return best


def _seats(b: Linked, player: str | None) -> bool:
    return player is not None and any(s.player == player for s in b.others)


def unsupported_two_boards(
    top: set[str], free: set[str], seen: Mapping[str, Sequence[str]]
) -> Message | None:
    """Why the outlook does not cover the final round's two-boarders (``seen``: each player's
    boards; ``top``, ``free``: the labels of the top board and of the boards not reported), or
    ``None``. Covered: two boards, neither the top board (seed 002, "Top Board": its seven play
    one board each; the roll call keeps them to one), and two free boards of one two-boarder
    shared with no other two-boarder whose two boards are free."""
    linked: dict[str, str] = {}
    for player, labels in sorted(seen.items()):
        if len(labels) == 1:
            continue
        if len(labels) > 2 or len(set(labels)) < len(labels):
            return Message.of("outlook.unsupported.two_boards", player=player)
        on_top = [x for x in labels if x in top]
        if on_top:
            return Message.of("outlook.unsupported.two_boards_top", player=player, board=on_top[0])
        if all(x in free for x in labels):
            for x in labels:
                if x in linked:
                    return Message.of(
                        "outlook.unsupported.two_boards_linked",
                        players=(linked[x], player),
                        board=x,
                    )
                linked[x] = player
    return None
