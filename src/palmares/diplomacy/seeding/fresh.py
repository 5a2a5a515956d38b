"""When the rounds played did not follow the plan: boards regrouped for fresh powers.

The colouring of :mod:`.colouring` gives no repeat when the powers played are the ones the
earlier calls planned. When they are not (rounds seated by hand or by another tool, a change of
field), some players may be left without a fresh power on their board. Then, as a last step of
this round only, seats are swapped between boards when the swap keeps the pair cost (pair cost
first, issue 6) and lowers the fewest repeats the two boards need (:func:`.fewest_repeats`, an
exact matching of players to powers they never played); the powers of the round are then given
board by board (:func:`.assign_powers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from palmares.diplomacy.seeding.objective import double_meetings, pair_weights
from palmares.diplomacy.seeding.powers import fewest_repeats
from palmares.diplomacy.seeding.problem import Prepared

__all__ = ["regroup"]


def _pair_cost(prep: Prepared, w: list[list[int]], boards: Sequence[Sequence[int]]) -> int:
    boards_of: list[list[int]] = [[] for _ in prep.players]
    for b, members in enumerate(boards):
        for i in members:
            boards_of[i].append(b)
    inner = sum(w[i][j] for members in boards for i, j in combinations(members, 2))
    return inner + double_meetings(prep, boards_of)


def regroup(prep: Prepared, boards: Sequence[Sequence[int]]) -> list[list[int]]:
    """``boards`` with seats swapped while a swap keeps the pair cost and lowers the fewest
    power repeats of its two boards (the fixed top board never changes)."""
    out = [list(b) for b in boards]
    w = pair_weights(prep)
    cost = _pair_cost(prep, w, out)
    first = 1 if prep.top else 0
    need = [fewest_repeats(prep, members) for members in out]
    improved = True
    while improved:
        improved = False
        for a in range(first, len(out)):
            if not need[a]:
                continue
            for b in range(first, len(out)):
                if b == a or improved:
                    continue
                for x in range(len(out[a])):
                    for y in range(len(out[b])):
                        pa, pb = out[a][x], out[b][y]
                        if pa == pb or pb in out[a] or pa in out[b]:
                            continue
                        out[a][x], out[b][y] = pb, pa
                        ra, rb = fewest_repeats(prep, out[a]), fewest_repeats(prep, out[b])
                        if ra + rb < need[a] + need[b] and _pair_cost(prep, w, out) <= cost:
                            need[a], need[b] = ra, rb
                            improved = True
                            break
                        out[a][x], out[b][y] = pa, pb
                    if improved:
                        break
    return out
