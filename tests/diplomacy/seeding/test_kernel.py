"""The compiled kernel (``_kernel.c``) and its numba reference make the same moves (issue 20):
same boards, costs, best call and generator state after every slice, the same descent, the same
two-boarder cost; and a board call is the same through either."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from palmares.diplomacy.seeding import (
    BoardCall,
    Entrant,
    SeedingProblem,
    anneal,
    anneal_numba,
    board_call,
    cells,
)
from palmares.diplomacy.seeding import search as search_module
from palmares.diplomacy.seeding.objective import HARD
from palmares.diplomacy.seeding.schedule import reseed
from tests.diplomacy.seeding.helpers import history_of

pytestmark = pytest.mark.skipif(
    anneal.KERNEL != "compiled", reason="the compiled kernel was not built"
)


def random_call(rng: random.Random, n_boards: int, doubles: int) -> dict[str, object]:
    """A random state: ``n_boards`` boards of seven seats, ``doubles`` players with two seats,
    random pair weights (some hard), the first board fixed half the time."""
    seats = 7 * n_boards
    players = seats - doubles
    player = np.array(list(range(players)) + list(range(doubles)), dtype=np.int64)
    order = list(range(seats))
    rng.shuffle(order)
    boards = np.array(order, dtype=np.int64).reshape(n_boards, 7)
    board_of = np.zeros(seats, dtype=np.int64)
    pos = np.zeros(seats, dtype=np.int64)
    for b in range(n_boards):
        for s in range(7):
            board_of[boards[b, s]], pos[boards[b, s]] = b, s
    fixed = set(boards[0].tolist()) if rng.random() < 0.5 else set()
    movable = np.array([e for e in range(seats) if e not in fixed], dtype=np.int64)
    w = np.zeros((players, players), dtype=np.int64)
    for i, j in combinations(range(players), 2):
        r = rng.random()
        w[i, j] = w[j, i] = HARD if r < 0.02 else (0 if r < 0.5 else rng.randrange(1, 40))
    is_double = np.zeros(players, dtype=np.bool_)
    is_double[:doubles] = True
    together = [
        (a, players + a, b, players + b, rng.randrange(1, 30))
        for a, b in combinations(range(doubles), 2)
    ]
    pairs = np.array(together, dtype=np.int64).reshape(-1, 5)
    cost = sum(int(w[player[x], player[y]]) for row in boards for x, y in combinations(row, 2))
    return {
        "boards": boards,
        "board_of": board_of,
        "pos": pos,
        "player": player,
        "movable": movable,
        "w": w,
        "is_double": is_double,
        "pairs": pairs,
        "state": np.array([cost, cost], dtype=np.int64),
    }


def copies(call: dict[str, object]) -> dict[str, Any]:
    return {k: np.array(v, copy=True) for k, v in call.items()}


CALL = ("boards", "board_of", "pos", "player", "movable", "w", "is_double", "pairs")


@pytest.mark.parametrize("case", range(12))
def test_the_two_builds_anneal_move_for_move(case: int) -> None:
    rng = random.Random(case)
    call = random_call(rng, n_boards=rng.choice((3, 5, 10)), doubles=rng.choice((0, 0, 3, 6)))
    budget = rng.choice((2000, 7000))
    bound = rng.choice((0, 0, 50))
    unit = float(rng.choice((1, 2, 13)))
    runs = []
    for kernel in (anneal, anneal_numba):
        mine = copies(call)
        best = mine["boards"].copy()
        generator = reseed(case * 7919 + 3)
        made = []
        for start in range(0, budget, 1500):
            stop = min(budget, start + 1500)
            args = [mine[k] for k in CALL]
            made.append(
                kernel.anneal_slice(
                    *args, best, mine["state"], start, stop, budget, bound, HARD, unit, generator
                )
            )
        descended = kernel.descend(*[mine[k] for k in CALL])
        extra = kernel.double_extra(mine["board_of"], mine["pairs"])
        runs.append((made, descended, extra, mine, best, generator))
    compiled, reference = runs
    assert compiled[:3] == reference[:3] and sum(compiled[0]) > 0
    assert int(compiled[5][0]) == int(reference[5][0])  # the generator's state
    assert np.array_equal(compiled[4], reference[4])  # the best call seen
    for k in ("boards", "board_of", "pos", "state"):
        assert np.array_equal(compiled[3][k], reference[3][k]), k


def test_a_board_call_is_the_same_through_either_build(monkeypatch: pytest.MonkeyPatch) -> None:
    # 21 players, rounds 1–3 of 6, each round called with the rounds before: the search runs.
    entrants = tuple(Entrant(f"p{i:02d}") for i in range(1, 22))

    def three_rounds() -> list[BoardCall]:
        calls: list[BoardCall] = []
        for rnd in (1, 2, 3):
            problem = SeedingProblem(rnd, entrants, history_of(calls), rounds=6)
            calls.append(board_call(problem, seed=2, moves=20_000, time_limit=60))
        return calls

    compiled = three_rounds()
    # numba's build as the search would call it without the extension (memoryviews in).
    for name, function in zip(
        ("anneal_slice", "descend", "double_extra"), anneal.numba_build(), strict=True
    ):
        monkeypatch.setattr(search_module, name, function)
    reference = three_rounds()
    assert compiled[-1].moves > 0
    for ours, theirs in zip(compiled, reference, strict=True):
        assert ours.seats == theirs.seats
        assert (ours.plan_worst, ours.plan_extra) == (theirs.plan_worst, theirs.plan_extra)


def test_bad_arrays_are_refused_not_read_past_their_end() -> None:
    call = copies(random_call(random.Random(1), n_boards=3, doubles=0))
    call["player"][0] = 99  # no such player in w
    with pytest.raises(ValueError, match="do not fit together"):
        anneal.descend(*[call[k] for k in CALL])
    with pytest.raises(ValueError, match="expected 1 dimension"):
        anneal.double_extra(call["boards"], call["pairs"])


def test_cells_are_the_kernels_arrays_without_numpy() -> None:
    m = cells.matrix([[1, 2, 3], [4, 5, 6]], 3)
    assert m.shape == (2, 3) and m.format == "q" and m.c_contiguous
    assert cells.rows(m) == [[1, 2, 3], [4, 5, 6]]
    kept = cells.copy(m)
    m[0, 1] = 9
    assert cells.rows(kept) == [[1, 2, 3], [4, 5, 6]] and m[0, 1] == 9
    cells.assign(m, kept)
    assert cells.rows(m) == [[1, 2, 3], [4, 5, 6]]
    assert cells.matrix([], 5).shape == (0,)  # no row: flat, as the kernel accepts pairs
    with pytest.raises(ValueError, match="rows of 3"):
        cells.matrix([[1, 2]], 3)
    assert int(np.asarray(cells.words([2**64 - 1]))[0]) == 2**64 - 1
    # The kernel reads a flat or a two-dimensional pairs alike.
    # Two two-boarders, seats (0, 2) and (1, 3): together on both boards, or on one only.
    flat = cells.ints([0, 2, 1, 3, 7])
    assert anneal.double_extra(cells.ints([0, 0, 1, 1]), flat) == 7
    assert anneal.double_extra(cells.ints([0, 0, 1, 2]), flat) == 0
    assert anneal.double_extra(cells.ints([0, 0, 1, 1]), np.array([[0, 2, 1, 3, 7]])) == 7
