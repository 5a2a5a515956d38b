"""Finding a good board call: a greedy construction, simulated annealing, then two clean-ups.

1. **Construction.** Seats are placed most-constrained first (most kept-apart partners, then the
   highest total of (times met)² with the field), each on the open board where it costs least.
2. **Simulated annealing** over swaps of two seats on different boards, for a fixed number of
   moves (default ``2500 × seats``, between 60,000 and 400,000), the temperature falling
   geometrically from 2 to 0.02. The energy is ``PAIR_WEIGHT ×`` pair cost plus the fewest
   power repeats each board needs (a board needs none when its players can be matched to
   powers they never played; each board keeps its matching, and a swap recounts its two boards
   only when the two newcomers cannot simply trade the powers matched to them), so boards are
   grouped with their powers in mind rather than powers fitted after grouping. The best call
   seen is the lowest (pair cost, power repeats): pair cost always comes first (issue 6). The
   first seat of a move is drawn up to ``FOCUS`` times until one that costs something (pair
   cost or a board short of fresh powers) turns up. Once the lower bound is reached only swaps
   that keep the cost are made; the run stops at the bound with no power repeat needed.
   Small fields, whose runs are short, get fresh starts (a new construction and annealing) up
   to ``MAX_RESTARTS`` runs or about ``MAX_MOVES`` moves in all; the best run is kept.
3. **Descent.** Every swap is tried in turn until none lowers the cost (a swap-local optimum).
4. **Powers.** Swaps that leave the pair cost unchanged are used to lower the number of power
   repeats.

Deterministic for a given seed: the moves come from ``random.Random(seed)`` and the budget is a
count of moves, never a time. The time limit is a guard: if it is reached the search stops with
the best call so far (and says so), and only then can two runs with the same seed differ.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from palmares.diplomacy.seeding.objective import HARD, pair_weights
from palmares.diplomacy.seeding.powers import (
    assign_powers,
    fewest_repeats,
    fresh_masks,
    fresh_matching,
)
from palmares.diplomacy.seeding.problem import Prepared

__all__ = ["SearchResult", "search"]

T_START = 2.0
T_END = 0.02
#: Draws tried to find a seat that costs something before moving any seat.
FOCUS = 3
#: In the annealing energy one unit of pair cost weighs as much as this many power repeats;
#: the best call is still chosen on pair cost first.
PAIR_WEIGHT = 4
#: The fewest moves of one annealing run by default (2,500 per seat, at most MAX_MOVES).
MIN_MOVES = 60_000
#: The most moves of one run; small fields get fresh starts until about this many moves in all.
MAX_MOVES = 400_000
#: The most runs (fresh construction and annealing) of the default budget.
MAX_RESTARTS = 4


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The players of each board (board 0 is the fixed top board, if any) and how it went."""

    boards: tuple[tuple[int, ...], ...]
    cost: int
    moves: int
    stopped_by_time: bool


class _State:
    """Seats (entries) on boards, with the pair cost kept up to date under swaps."""

    def __init__(self, prep: Prepared, weights: list[list[int]], boards: list[list[int]]) -> None:
        self.prep = prep
        self.w = weights
        self.player = list(prep.entries)
        self.boards: list[list[int]] = []
        self.board_of = [0] * len(self.player)
        self.pos = [0] * len(self.player)
        self.is_double = [False] * len(prep.players)
        self.seats_of: dict[int, list[int]] = {}
        for e, i in enumerate(self.player):
            self.seats_of.setdefault(i, []).append(e)
        for i in prep.doubles:
            self.is_double[i] = True
        self.double_pairs = [
            (self.seats_of[a], self.seats_of[b], 2 * prep.met[a][b] + 1)
            for a, b in combinations(prep.doubles, 2)
        ]
        self.cost = 0
        self.load(boards)

    def load(self, boards: list[list[int]]) -> None:
        """Seat ``boards`` (lists of seats) and recompute the cost."""
        self.boards = [list(b) for b in boards]
        for b, members in enumerate(self.boards):
            for s, e in enumerate(members):
                self.board_of[e] = b
                self.pos[e] = s
        self.cost = sum(self.board_cost(b) for b in range(len(boards))) + self.double_extra()

    def board_cost(self, b: int) -> int:
        players = [self.player[e] for e in self.boards[b]]
        return sum(self.w[i][j] for i, j in combinations(players, 2))

    def double_extra(self) -> int:
        bo = self.board_of
        return sum(
            extra
            for (a1, a2), (b1, b2), extra in self.double_pairs
            if {bo[a1], bo[a2]} == {bo[b1], bo[b2]}
        )

    def contribution(self, e: int) -> int:
        """What seat ``e`` costs with the others on its board."""
        w = self.w[self.player[e]]
        player = self.player
        return sum(w[player[q]] for q in self.boards[self.board_of[e]] if q != e)

    def swap(self, ea: int, eb: int) -> None:
        a, b = self.board_of[ea], self.board_of[eb]
        pa, pb = self.pos[ea], self.pos[eb]
        self.boards[a][pa], self.boards[b][pb] = eb, ea
        self.board_of[ea], self.board_of[eb] = b, a
        self.pos[ea], self.pos[eb] = pb, pa

    def delta(self, ea: int, eb: int) -> int:
        """The change in cost if seats ``ea`` and ``eb`` (on different boards) swapped."""
        player = self.player
        pa, pb = player[ea], player[eb]
        wa, wb = self.w[pa], self.w[pb]
        d = 0
        for q in self.boards[self.board_of[ea]]:
            if q != ea:
                qp = player[q]
                d += wb[qp] - wa[qp]
        for q in self.boards[self.board_of[eb]]:
            if q != eb:
                qp = player[q]
                d += wa[qp] - wb[qp]
        if self.is_double[pa] or self.is_double[pb]:
            before = self.double_extra()
            self.swap(ea, eb)
            d += self.double_extra() - before
            self.swap(ea, eb)
        return d


def _construct(
    prep: Prepared, weights: list[list[int]], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
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
    present = sorted({prep.entries[e] for e in movable})
    load = {i: sum(min(weights[i][j], 100) for j in present if j != i) for i in present}
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


def search(
    prep: Prepared,
    *,
    seed: int = 0,
    time_limit: float = 2.0,
    moves: int | None = None,
    bound: int = 0,
    clock: Callable[[], float] = time.monotonic,
) -> SearchResult:
    """A board call for ``prep`` (see the module docstring); ``bound`` stops the search early."""
    start = clock()
    deadline = start + time_limit
    rng = random.Random(seed)
    weights = pair_weights(prep)
    budget = (
        moves if moves is not None else min(MAX_MOVES, max(MIN_MOVES, 2500 * len(prep.entries)))
    )
    restarts = max(1, min(MAX_RESTARTS, MAX_MOVES // budget)) if moves is None else 1
    done, timed_out = 0, False
    best_key: tuple[int, int] | None = None
    state: _State | None = None
    for _ in range(restarts):
        boards, movable = _construct(prep, weights, rng)
        trial = _State(prep, weights, boards)
        if len(movable) < 2 or (trial.cost <= bound and prep.round == 1):
            state = trial
            break
        found, moved, timed_out = _anneal(trial, movable, rng, budget, bound, deadline, clock)
        done += moved
        trial = _State(prep, weights, found)
        key = (trial.cost, _fewest(prep, found))
        if best_key is None or key < best_key:
            best_key, state = key, trial
        if timed_out or (key[0] <= bound and key[1] == 0):
            break
    assert state is not None
    if not timed_out:
        timed_out = not _descend(state, movable, deadline, clock)
    if not timed_out:
        timed_out = not _fewer_power_repeats(state, movable, deadline, clock)
    result = tuple(tuple(prep.entries[e] for e in members) for members in state.boards)
    return SearchResult(result, state.cost, done, timed_out)


def _anneal(
    state: _State,
    movable: list[int],
    rng: random.Random,
    budget: int,
    bound: int,
    deadline: float,
    clock: Callable[[], float],
) -> tuple[list[list[int]], int, bool]:
    """Simulated annealing over swaps; returns the best boards (of seats), moves, timed out.

    The energy of a call is :data:`PAIR_WEIGHT` times its pair cost plus the fewest power
    repeats its boards need (each board's count kept, a swap recounts its two boards), so the
    grouping itself looks for boards whose players can all be given a fresh power. The best
    call is the lowest (pair cost, power repeats): pair cost always comes first. Once the lower
    bound is reached only swaps that keep the cost are made. Stops at the bound with no repeat.
    """
    prep = state.prep
    nm = len(movable)
    size = prep.board_size
    ratio = T_END / T_START
    block = 1024
    randrange, rand = rng.randrange, rng.random
    board_of, delta, swap, player = state.board_of, state.delta, state.swap, state.player
    contribution, boards = state.contribution, state.boards
    masks = fresh_masks(prep)
    fresh_of = [-1] * len(player)  # the fresh power each seat gets in its board's matching

    def recount(b: int) -> int:
        members = boards[b]
        got = fresh_matching([masks[player[e]] for e in members], size)
        for e, k in zip(members, got, strict=True):
            fresh_of[e] = k
        return got.count(-1)

    reps = [recount(b) for b in range(len(boards))]
    total = sum(reps)
    best_key = (state.cost, total)
    best = [list(b) for b in boards]
    best_actual: int | None = None
    done = 0
    while done < budget:
        if clock() > deadline:
            return best, done, True
        at_bound = best_key[0] <= bound  # then only the plateau of the bound is searched
        scale = T_START * ratio ** (done / budget) * PAIR_WEIGHT
        for _ in range(min(block, budget - done)):
            ea = movable[randrange(nm)]
            for _ in range(FOCUS):
                if contribution(ea) or reps[board_of[ea]]:
                    break
                ea = movable[randrange(nm)]
            eb = movable[randrange(nm)]
            a, b = board_of[ea], board_of[eb]
            if a == b or player[ea] == player[eb]:
                continue
            d = delta(ea, eb)
            if d >= HARD or (at_bound and d > 0):
                continue
            base = reps[a] + reps[b]
            ka, kb = fresh_of[ea], fresh_of[eb]
            if base == 0 and masks[player[eb]] >> ka & 1 and masks[player[ea]] >> kb & 1:
                # Both boards stay fully matched: each newcomer takes the other's fresh power.
                if d > 0 and rand() >= math.exp(-d * PAIR_WEIGHT / scale):
                    continue
                swap(ea, eb)
                fresh_of[ea], fresh_of[eb] = kb, ka
                state.cost += d
                if state.cost < best_key[0]:
                    best_key = (state.cost, total)
                    best = [list(b) for b in boards]
                continue
            # ``low``: the lowest energy change the recount of the two boards could give.
            low = d * PAIR_WEIGHT - base
            u = -1.0
            if low > 0:
                u = rand()
                if u >= math.exp(-low / scale):
                    continue
            saved = [fresh_of[e] for e in boards[a]], [fresh_of[e] for e in boards[b]]
            swap(ea, eb)
            # A fully matched board whose newcomer can take the leaver's power stays matched.
            if reps[a] == 0 and masks[player[eb]] >> ka & 1:
                ra, fresh_of[eb] = 0, ka
            else:
                ra = recount(a)
            if reps[b] == 0 and masks[player[ea]] >> kb & 1:
                rb, fresh_of[ea] = 0, kb
            else:
                rb = recount(b)
            energy = d * PAIR_WEIGHT + ra + rb - base
            if energy > 0:
                if u < 0:
                    u = rand()
                if u >= math.exp(-energy / scale):
                    swap(ea, eb)
                    for x, ks in zip((a, b), saved, strict=True):
                        for e, k in zip(boards[x], ks, strict=True):
                            fresh_of[e] = k
                    continue
            reps[a], reps[b] = ra, rb
            total += ra + rb - base
            state.cost += d
            if state.cost < best_key[0] or (state.cost == best_key[0] and total < best_key[1]):
                best_key = (state.cost, total)
                best = [list(b) for b in boards]
        done += block
        if best_key[0] <= bound and best_key[1] == 0:
            if not prep.doubles:
                break
            # Board by board no repeat is needed, but a two-boarder may need one fresh power
            # on both boards: walk on until the real assignment has none too.
            if best_actual is None:
                best_actual = _power_repeats(prep, best)
            if state.cost <= bound and total == 0 and best_actual:
                actual = _power_repeats(prep, boards)
                if actual < best_actual:
                    best_actual, best = actual, [list(b) for b in boards]
            if best_actual == 0:
                break
    return best, min(done, budget), False


def _fewest(prep: Prepared, boards: list[list[int]]) -> int:
    """The fewest power repeats of each board (of seats), added up."""
    return sum(fewest_repeats(prep, [prep.entries[e] for e in members]) for members in boards)


def _power_repeats(prep: Prepared, boards: list[list[int]]) -> int:
    """Power repeats of the real assignment (two-boarders' constraint included)."""
    players = [[prep.entries[e] for e in members] for members in boards]
    given = assign_powers(prep, players)
    return sum(
        1
        for members, ks in zip(players, given, strict=True)
        for i, k in zip(members, ks, strict=True)
        if prep.played[i][k]
    )


def _descend(
    state: _State, movable: list[int], deadline: float, clock: Callable[[], float]
) -> bool:
    """Swap seats while any swap lowers the cost; ``False`` if the time ran out."""
    improved = True
    while improved:
        improved = False
        for x, ea in enumerate(movable):
            if clock() > deadline:
                return False
            for eb in movable[x + 1 :]:
                if state.board_of[ea] == state.board_of[eb]:
                    continue
                if state.player[ea] == state.player[eb]:
                    continue
                d = state.delta(ea, eb)
                if d < 0:
                    state.swap(ea, eb)
                    state.cost += d
                    improved = True
    return True


def _fewer_power_repeats(
    state: _State, movable: list[int], deadline: float, clock: Callable[[], float]
) -> bool:
    """Swaps that keep the pair cost and lower the fewest possible power repeats of two boards."""
    prep = state.prep

    def repeats(b: int) -> int:
        return fewest_repeats(prep, [state.player[e] for e in state.boards[b]])

    first_free = 1 if prep.top else 0
    count = {b: repeats(b) for b in range(first_free, len(state.boards))}
    improved = True
    while improved:
        improved = False
        for a in sorted(b for b, c in count.items() if c):
            for ea in list(state.boards[a]):
                if clock() > deadline:
                    return False
                if count[a] == 0 or state.board_of[ea] != a:
                    break
                for eb in movable:
                    b = state.board_of[eb]
                    if b == a or state.player[ea] == state.player[eb]:
                        continue
                    d = state.delta(ea, eb)
                    if d > 0:
                        continue
                    state.swap(ea, eb)
                    ra, rb = repeats(a), repeats(b)
                    if ra + rb < count[a] + count[b] or (d < 0 and ra + rb <= count[a] + count[b]):
                        state.cost += d
                        count[a], count[b] = ra, rb
                        improved = True
                        break
                    state.swap(ea, eb)
    return True
