"""Powers on a board: the exact assignment against brute force, and who takes a repeat."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.seeding.powers import (
    REPEAT,
    assign_board,
    assign_powers,
    fewest_repeats,
    power_cost,
)
from palmares.diplomacy.seeding.problem import SeedingProblem, prepare
from tests.diplomacy.seeding.helpers import boards_from, entrants

costs_7x7 = st.lists(
    st.lists(st.one_of(st.none(), st.integers(0, 50)), min_size=7, max_size=7),
    min_size=7,
    max_size=7,
)


@settings(max_examples=40, deadline=None)
@given(costs_7x7)
def test_assignment_is_exact(costs: list[list[int | None]]) -> None:
    allowed = [
        sum(row[k] for row, k in zip(costs, perm, strict=True))  # type: ignore[misc]
        for perm in permutations(range(7))
        if all(row[k] is not None for row, k in zip(costs, perm, strict=True))
    ]
    found = assign_board(costs)
    if not allowed:
        assert found is None
    else:
        assert found is not None and found[0] == min(allowed)
        assert sorted(found[1]) == list(range(7))
        assert sum(costs[i][k] or 0 for i, k in enumerate(found[1])) == found[0]


POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def test_who_takes_a_forced_repeat() -> None:
    # p01 played Austria once (1 distinct power); p02 Austria, England, France (3 distinct);
    # p03 Austria twice.
    rows = [
        (1, 1, "Austria", "p01"),
        (1, 2, "Austria", "p02"),
        (2, 1, "England", "p02"),
        (3, 1, "France", "p02"),
        (1, 3, "Austria", "p03"),
        (2, 3, "Austria", "p03"),
    ]
    prep = prepare(SeedingProblem(4, entrants(7), boards_from(rows)))
    austria = 0
    p01, p02, p03 = (
        power_cost(prep, 0, austria),
        power_cost(prep, 1, austria),
        power_cost(prep, 2, austria),
    )
    assert power_cost(prep, 0, 1) == 0  # a fresh power costs nothing
    assert REPEAT <= p02 < p01 < p03  # the repeat goes to p02, never a third Austria
    # Austria is fresh only for p04 … p07 and three of them are made to have played
    # everything else: on this board someone among p01-p03 must take a repeat, and it is p02.
    rows += [(r, 4 + j, POWERS[r - 3], f"p0{5 + j}") for j in range(3) for r in range(4, 10)]
    prep = prepare(SeedingProblem(10, entrants(7), boards_from(rows)))
    (given,) = assign_powers(prep, [list(range(7))])
    repeats = [i for i, k in enumerate(given) if prep.played[i][k]]
    assert fewest_repeats(prep, range(7)) == len(repeats)
    assert {prep.players[i] for i in repeats} <= {"p02", "p05", "p06", "p07"}
    assert given[0] != austria and given[2] != austria


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=30))
def test_fewest_repeats_agrees_with_the_exact_assignment(played: list[tuple[int, int]]) -> None:
    rows = [(r + 1, 1, POWERS[k], f"p{i + 1:02d}") for r, (i, k) in enumerate(played)]
    prep = prepare(SeedingProblem(len(rows) + 1, entrants(7), boards_from(rows)))
    costs: list[list[int | None]] = [
        [REPEAT if prep.played[i][k] else 0 for k in range(7)] for i in range(7)
    ]
    found = assign_board(costs)
    assert found is not None
    assert fewest_repeats(prep, range(7)) == found[0] // REPEAT
