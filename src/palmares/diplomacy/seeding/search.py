"""Finding a good grouping: a greedy construction, simulated annealing, then a descent.

1. **Construction.** Seats are placed most-constrained first (most kept-apart partners, then the
   highest total of (times met)² with the field), each on the open board where it costs least.
2. **Simulated annealing** over swaps of two seats on different boards (:mod:`.anneal`, compiled),
   for a fixed number of moves (``2500 × seats``, between 60,000 and 400,000), the temperature
   falling geometrically from 2 to 0.02; the run stops when it reaches the lower bound. Fields
   whose runs are short get fresh starts (a new construction and annealing) up to
   ``MAX_RESTARTS`` runs or about ``MAX_MOVES`` moves in all (up to ``LOOK_RUNS`` runs when the
   caller will choose among equal groupings by the rounds after); the best is kept.
3. **Descent.** Every swap is tried in turn until none lowers the cost (a swap-local optimum).

Only the pair cost is searched: the grouping never depends on the powers played, so a call can
foresee the rounds after it (see :mod:`.plan`), and powers are given afterwards, over all the
rounds foreseen at once (see :mod:`.colouring`).

Deterministic for a given seed: the moves come from seeded generators and the budget is a count
of moves, never a time. The time limit is a guard: if it is reached the search stops with the
best call so far (and says so), and only then can two runs with the same seed differ. It counts
the processor time of the calling thread (``time.thread_time``; issue 20, our decision): the
load of other programs on the machine, or of other threads of a web server, never cuts a
search short, so a call seats what the call before foresaw whatever else the machine does.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from palmares.diplomacy.seeding import cells
from palmares.diplomacy.seeding.anneal import anneal_slice, descend, double_extra, reseed
from palmares.diplomacy.seeding.objective import HARD, PairLevels, default_levels, pair_weights
from palmares.diplomacy.seeding.problem import Prepared

__all__ = ["LAST_MOVES", "LAST_RUNS", "SearchResult", "default_moves", "search"]

#: The fewest moves of one annealing run by default (2,500 per seat, at most MAX_MOVES).
MIN_MOVES = 60_000
#: The most moves of one run.
MAX_MOVES = 400_000
#: The most runs (fresh construction and annealing) of the default budget.
MAX_RESTARTS = 4
#: The most runs, and about the most moves in all, when the groupings of every run are wanted
#: (to choose among them by the round after).
LOOK_RUNS = 8
LOOK_MOVES = 500_000
#: The most runs, and about the most moves in all, of the last round's search (no round after
#: it to choose by): fresh starts until one reaches the lower bound. At 70 seats one run of
#: 400,000 moves leaves 4 to 11 pairs met again, so the best of four (issue 20: 70 × 6 at 5–7
#: extra meetings, not 7 for every seed).
LAST_RUNS = 8
LAST_MOVES = 1_600_000
#: Moves between two looks at the clock.
SLICE = 50_000


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The players of each board (board 0 is the fixed top board, if any) and how it went."""

    boards: tuple[tuple[int, ...], ...]
    cost: int
    moves: int
    stopped_by_time: bool
    #: Other groupings found by other runs (when asked for), cheapest first, and their costs.
    alternatives: tuple[tuple[tuple[int, ...], ...], ...] = ()
    alternative_costs: tuple[int, ...] = ()


def _loads(prep: Prepared) -> dict[int, int]:
    """How much each player off the top board has met the others (their squared meetings,
    each pair at most 100): the more, the earlier :func:`_construct` seats them."""
    top = set(prep.top)
    present = sorted({i for i in prep.entries if i not in top})
    return {
        i: sum(min(met * met, 100) for j, met in ((j, prep.met[i][j]) for j in present) if j != i)
        for i in present
    }


def _construct(
    prep: Prepared, weights: list[list[int]], rng: random.Random, load: dict[int, int]
) -> tuple[list[list[int]], list[int]]:
    """Seats most constrained first, each onto the open board where it costs least (``load``:
    :func:`_loads`)."""
    size, n_boards = prep.board_size, prep.n_boards
    boards: list[list[int]] = [[] for _ in range(n_boards)]
    top = set(prep.top)
    movable: list[int] = []
    for e, i in enumerate(prep.entries):
        if i in top:
            boards[0].append(e)
        else:
            movable.append(e)
    first_free = 1 if prep.top else 0
    kept_apart = [0] * len(prep.players)
    for i, j in prep.forbidden:
        kept_apart[i] += 1
        kept_apart[j] += 1
    tiebreak = {e: rng.random() for e in movable}
    order = sorted(
        movable,
        key=lambda e: (-kept_apart[prep.entries[e]], -load[prep.entries[e]], tiebreak[e]),
    )
    for e in order:
        i = prep.entries[e]
        w = weights[i]
        best: tuple[int, int, float, int] | None = None
        for b in range(first_free, n_boards):
            if len(boards[b]) >= size:
                continue
            add = sum(w[prep.entries[q]] for q in boards[b])
            key = (add, len(boards[b]), rng.random(), b)
            if best is None or key < best:
                best = key
        assert best is not None
        boards[best[3]].append(e)
    return boards, movable


def default_moves(prep: Prepared) -> int:
    """The moves of one annealing run by default: 2,500 a seat, within the limits."""
    return min(MAX_MOVES, max(MIN_MOVES, 2500 * len(prep.entries)))


def search(
    prep: Prepared,
    *,
    seed: int = 0,
    time_limit: float = 2.0,
    moves: int | None = None,
    bound: int = 0,
    clock: Callable[[], float] = time.thread_time,
    every_run: bool = False,
    levels: PairLevels | None = None,
    runs: int | None = None,
) -> SearchResult:
    """A grouping for ``prep`` (see the module docstring) under the pair cost of ``levels``
    (default :func:`.objective.default_levels`; ``bound`` and the costs returned are in its
    units); ``bound`` stops a run early, and the search too unless ``every_run``: then up to
    :data:`LOOK_RUNS` runs are made (unless one costs nothing) and the other runs' groupings
    come as ``alternatives``, cheapest first. ``runs`` sets the most runs (default: see the
    module docstring)."""
    deadline = clock() + time_limit
    rng = random.Random(seed)
    if levels is None:
        levels = default_levels(prep)
    weights = pair_weights(prep, levels)
    w = cells.matrix(weights, len(prep.players))
    player = cells.ints(prep.entries)
    is_double = cells.flags(len(prep.players))
    seats_of: dict[int, list[int]] = {}
    for e, i in enumerate(prep.entries):
        seats_of.setdefault(i, []).append(e)
    for i in prep.doubles:
        is_double[i] = 1
    pairs = cells.matrix(
        [
            (
                *seats_of[a],
                *seats_of[b],
                levels.weight(prep.met[a][b] + 1) - levels.weight(prep.met[a][b]),
            )
            for a, b in combinations(prep.doubles, 2)
        ],
        5,
    )
    budget = moves if moves is not None else default_moves(prep)
    most = max(1, min(MAX_RESTARTS, MAX_MOVES // budget))
    if every_run:
        most = max(most, min(LOOK_RUNS, LOOK_MOVES // budget))
    elif moves is not None:
        most = 1
    runs = most if runs is None else runs
    done, timed_out = 0, False
    found: list[tuple[int, int, Grouping]] = []
    load = _loads(prep)
    for run in range(runs):
        boards_list, movable_list = _construct(prep, weights, rng, load)
        boards = cells.matrix(boards_list, prep.board_size)
        board_of = cells.ints([0] * len(prep.entries))
        pos = cells.ints([0] * len(prep.entries))
        for b, members in enumerate(boards_list):
            for s, e in enumerate(members):
                board_of[e], pos[e] = b, s
        movable = cells.ints(movable_list)
        cost = _cost(boards_list, prep.entries, weights) + double_extra(board_of, pairs)
        state = cells.ints([cost, cost])
        kept = cells.copy(boards)
        if len(movable_list) >= 2 and cost > bound:
            generator = reseed(seed * 7919 + run)
            at = 0
            while at < budget:
                if clock() > deadline:
                    timed_out = True
                    break
                stop = min(budget, at + SLICE)
                made = anneal_slice(
                    boards,
                    board_of,
                    pos,
                    player,
                    movable,
                    w,
                    is_double,
                    pairs,
                    kept,
                    state,
                    at,
                    stop,
                    budget,
                    bound,
                    HARD,
                    float(levels.count + 1),
                    generator,
                )
                done += made
                if made < stop - at:
                    break
                at = stop
            # Descend from the best call seen.
            cells.assign(boards, kept)
            for b, members in enumerate(cells.rows(boards)):
                for s, e in enumerate(members):
                    board_of[e], pos[e] = b, s
            if not timed_out:
                state[1] += descend(boards, board_of, pos, player, movable, w, is_double, pairs)
            kept = boards
        grouping = tuple(tuple(prep.entries[e] for e in row) for row in cells.rows(kept))
        found.append((state[1], run, grouping))
        if timed_out or state[1] <= (0 if every_run else bound):
            break
    found.sort()
    cost, _, best = found[0]
    others: list[Grouping] = []
    costs: list[int] = []
    seen = {_canonical(best)}
    for c, _, grouping in found[1:]:
        if _canonical(grouping) not in seen:
            seen.add(_canonical(grouping))
            others.append(grouping)
            costs.append(c)
    return SearchResult(best, cost, done, timed_out, tuple(others), tuple(costs))


Grouping = tuple[tuple[int, ...], ...]


def _canonical(grouping: Grouping) -> Grouping:
    return tuple(sorted(tuple(sorted(b)) for b in grouping))


def _cost(boards: list[list[int]], player: Sequence[int], w: list[list[int]]) -> int:
    total = 0
    for row in boards:
        members = [player[e] for e in row]
        total += sum(w[i][j] for i, j in combinations(members, 2))
    return total
