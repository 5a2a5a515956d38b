"""The fewest centres a player needs on their own final board to clinch each place still open
(issue 38), the other powers of the board left free and every other board as it may end.

With ``c`` centres a player's share of their pot still depends on how the other powers of the
board end, so the worst case is searched over every outcome of the board (the catalogue's rows
that hold a count of ``c``), exactly: their final is then known, and the players of the other
boards above it are counted by :mod:`.bounds` (a step function of the final: one sorted list of
thresholds, :meth:`Others.above`). The fewest centres for a place is the smallest ``c`` whose
worst case reaches it (a place already clinched needs 0; ``None``: no count of centres clinches
it). Place 1 is the championship (on the top board) or the first place of the standings.

**As entered so far** (:func:`fewest_centres_entered`): the board's other powers as a report
from the table has them (issue 38; not yet accepted). Then each count of the player's own
centres (up to the centres left) makes the whole board known: it is scored by the system itself,
the board's champion found (the top board: the largest board score, a tie to the larger score
before the round), and the other boards counted at their worst for the player as above.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.diplomacy.board import Board
from palmares.diplomacy.outlook.bounds import Seated
from palmares.diplomacy.outlook.catalogue import Catalogue, Map
from palmares.diplomacy.scoring.base import ScoringSystem, exact

__all__ = ["Others", "fewest_centres", "fewest_centres_entered"]


@dataclass(frozen=True, slots=True)
class Others:
    """Everyone off the player's board as thresholds: ``T`` has one player above it for each
    threshold strictly greater than ``T``."""

    thresholds: tuple[Fraction, ...]  # sorted

    def above(self, threshold: Fraction) -> int:
        return len(self.thresholds) - bisect_right(self.thresholds, threshold)


def _most_above(
    others: Sequence[Seated], shares: Sequence[Fraction], pot: Fraction, t: Fraction
) -> int:
    """The most of ``others`` above ``t`` when they take ``shares`` (largest first) in any
    order: the largest bases, the largest share to the smallest of them."""
    bases = sorted((s.base for s in others), reverse=True)
    best = 0
    for m in range(1, len(bases) + 1):
        chosen = sorted(bases[:m])
        if all(b + w * pot > t for b, w in zip(chosen, shares[:m], strict=False)):
            best = m
        else:
            break
    return best


def _top_worst(
    me: Seated,
    others: Sequence[Seated],
    mine: Fraction,
    rest: Sequence[Fraction],
    pot: Fraction,
    t: Fraction,
) -> int | None:
    """On the top board: ``None`` when the player is champion however the other shares fall,
    else the most non-champions above ``t``."""
    top = rest[0]
    rivals = [q for q in others if top > mine or (top == mine and q.before > me.before)]
    if not rivals:
        return None
    best = 0
    for c in rivals:
        left = [q for q in others if q is not c]
        if len(rest) > 1 and rest[1] == top and not all(c.before > q.before for q in left):
            continue
        best = max(best, _most_above(left, rest[1:], pot, t))
    return best


def fewest_centres(
    cat: Catalogue,
    me: Seated,
    others: Sequence[Seated],
    pot: Fraction,
    outside: Others,
    *,
    top: bool,
    has_top: bool,
    places: Sequence[int],
) -> dict[int, int | None]:
    """For each of ``places``, the fewest centres on the player's board that clinch it."""
    first = 2 if has_top else 1
    fewest: dict[int, int | None] = dict.fromkeys(places)
    for count, outcomes in cat.by_count.items():
        # A count clinches place k when its worst rank is at most k: once the worst passes
        # every place still open, this count clinches none and its other outcomes are moot.
        open_places = [k for k in places if fewest[k] is None]
        if not open_places:
            break
        widest = max(open_places)
        worst = 0
        for mine, rest in outcomes:
            t = me.base + mine * pot
            if top:
                own = _top_worst(me, others, mine, rest, pot, t)
                rank = 1 if own is None else first + own + outside.above(t)
            else:
                rank = first + _most_above(others, rest, pot, t) + outside.above(t)
            worst = max(worst, rank)
            if worst > widest:
                break
        for k in places:
            if fewest[k] is None and worst and worst <= k:
                fewest[k] = count
        if all(v is not None for v in fewest.values()):
            break
    return fewest


def fewest_centres_entered(
    system: ScoringSystem,
    me: tuple[str, Seated],
    others: Sequence[tuple[str, Seated]],
    entered: Mapping[str, int],
    pot: Fraction,
    outside: Others,
    *,
    top: bool,
    has_top: bool,
    places: Sequence[int],
    board_map: Map,
) -> dict[int, int | None]:
    """For each of ``places``, the fewest centres on the player's board that clinch it, the
    board's other powers (``others``: power and player) holding the centres ``entered``."""
    left = board_map.centres - sum(entered.get(power, 0) for power, _ in others)
    first = 2 if has_top else 1
    fewest: dict[int, int | None] = dict.fromkeys(places)
    power, seat = me
    for count in range(max(left, -1) + 1):
        centres = {p: entered.get(p, 0) for p, _ in others}
        centres[power] = count
        if not any(centres.values()):
            continue
        board = Board(id="entered", centres=centres, solo_centres=board_map.solo)
        scored = system.score(board)
        finals = {q.player: q.base + scored.share(p) * pot for p, q in (*others, me)}
        champions: set[str] = set()
        if top:
            key = {q.player: (exact(scored[p]), q.before) for p, q in (*others, me)}
            best = max(key.values())
            champions = {q for q, k in key.items() if k == best}
        t = finals[seat.player]
        if seat.player in champions:
            rank = 1
        else:
            above = sum(1 for q, v in finals.items() if v > t and q not in champions)
            rank = first + above + outside.above(t)
        for k in places:
            if fewest[k] is None and rank <= k:
                fewest[k] = count
    return fewest
