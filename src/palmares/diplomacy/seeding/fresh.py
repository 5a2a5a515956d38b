"""When the rounds played did not follow the plan: boards regrouped for fresh powers.

The colouring of :mod:`.colouring` gives no repeat when the powers played are the ones the
earlier calls planned. When they are not (rounds seated by hand or by another tool, a change of
field), some players may be left without a fresh power on their board. Then, as a last step of
this round only, seats are swapped between boards when the swap does not raise the pair cost
(pair cost first, issue 6) nor the fewest repeats the two boards need (:func:`.shortfall`, a
largest matching of players to powers they never played); the powers of the round are then
given board by board (:func:`.assign_powers`). This happens in a final round with a fixed top
board, whose seven are known only after round 5's results.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from palmares.diplomacy.seeding.objective import pair_cost, pair_weights
from palmares.diplomacy.seeding.powers import fresh_masks, shortfall
from palmares.diplomacy.seeding.problem import Prepared

__all__ = ["regroup"]

#: Swaps tried by :func:`regroup`.
MOVES = 5_000


def regroup(
    prep: Prepared, boards: Sequence[Sequence[int]], *, seed: int = 0, moves: int = MOVES
) -> list[list[int]]:
    """``boards`` with seats swapped between boards (never the fixed top board) so that fewer
    power repeats are needed, the pair cost never rising: a random walk over such swaps that
    keeps any swap needing no more repeats (so it can cross plateaus), the best kept."""
    out = [list(b) for b in boards]
    w = pair_weights(prep)
    cost = pair_cost(prep, w, out)
    first = 1 if prep.top else 0
    masks = fresh_masks(prep)
    size = prep.board_size

    def need_of(members: Sequence[int]) -> int:
        return shortfall([masks[i] for i in members], size)

    need = [need_of(members) for members in out]
    total = sum(need[first:])
    best = (total, [list(b) for b in out])
    rng = random.Random(seed)
    open_boards = list(range(first, len(out)))
    if len(open_boards) < 2:
        return out
    doubles = set(prep.doubles)
    for _ in range(moves):
        if best[0] == 0:
            break
        short = [b for b in open_boards if need[b]]
        if not short:
            break
        a = short[rng.randrange(len(short))]
        b = open_boards[rng.randrange(len(open_boards))]
        if a == b:
            continue
        x, y = rng.randrange(len(out[a])), rng.randrange(len(out[b]))
        pa, pb = out[a][x], out[b][y]
        if pa == pb or pb in out[a] or pa in out[b]:
            continue
        d = sum(w[pb][q] - w[pa][q] for q in out[a] if q != pa)
        d += sum(w[pa][q] - w[pb][q] for q in out[b] if q != pb)
        out[a][x], out[b][y] = pb, pa
        if pa in doubles or pb in doubles:
            d = pair_cost(prep, w, out) - cost
        ra, rb = need_of(out[a]), need_of(out[b])
        if d > 0 or ra + rb > need[a] + need[b]:
            out[a][x], out[b][y] = pa, pb
            continue
        cost += d
        total += ra + rb - need[a] - need[b]
        need[a], need[b] = ra, rb
        if total < best[0]:
            best = (total, [list(m) for m in out])
    return best[1]
