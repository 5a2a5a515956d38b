"""Properties every registered board-scoring system keeps (hypothesis).

- every score is finite (an exact Fraction) and non-negative (no published rule here can give
  less than 0);
- on a soloed or conceded board the soloist scores strictly the most;
- swapping the results of two powers swaps their scores, and two powers with the same result
  score the same;
- no score depends on the order of the board's rows.

Cruise Con publishes no solo score, so it runs here with a stated one (``solo=100``).
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.board import GREAT_POWERS, Board
from palmares.diplomacy.scoring import BoardScore, all_systems, get_system

SPECS = [info.slug + (":solo=100" if info.slug == "cruise-con" else "") for info in all_systems()]
SYSTEMS = [get_system(spec) for spec in SPECS]


@st.composite
def boards(draw: st.DrawFn, solo: bool = False) -> Board:
    final_year = draw(st.integers(1905, 1912))
    powers = list(draw(st.permutations(GREAT_POWERS)))
    centres: dict[str, int] = {}
    left = 34
    if solo:
        winner = draw(st.integers(18, 30))
        centres[powers[0]] = winner
        left -= winner
    survivors = draw(st.integers(1 if solo else 2, 7))
    for i, power in enumerate(powers[len(centres) :]):
        alive = i < survivors - (1 if solo else 0)
        top = min(left - (survivors - i - 1 if alive else 0), 17)
        if solo:
            top = min(top, centres[powers[0]] - 1)
        count = draw(st.integers(1, max(top, 1))) if alive and left > 0 else 0
        centres[power] = count
        left -= count
    survivors_now = [p for p, c in centres.items() if c > 0]
    if not solo and len(survivors_now) < 2:
        centres[next(p for p in powers if centres[p] == 0)] = 1
        survivors_now = [p for p, c in centres.items() if c > 0]
    eliminated = {p: draw(st.integers(1902, final_year)) for p, c in centres.items() if c == 0}
    agreed: frozenset[str] | None = None
    if not solo and draw(st.booleans()):
        members = draw(st.sets(st.sampled_from(sorted(survivors_now)), min_size=2))
        agreed = frozenset(members)
    ordered = {p: centres[p] for p in GREAT_POWERS}
    return Board("P", ordered, eliminated, final_year, agreed)


def with_results(board: Board, order: list[str], swap: tuple[str, str] | None = None) -> Board:
    """The board's rows in ``order``, with two powers' results exchanged if ``swap`` is given."""
    rename = {p: p for p in board.powers}
    if swap:
        rename[swap[0]], rename[swap[1]] = swap[1], swap[0]
    centres = {rename[p]: board.centres[p] for p in order}
    centres = {p: centres[p] for p in order}
    eliminated = {rename[p]: y for p, y in board.eliminated.items()}
    agreed = None if board.draw is None else frozenset(rename[p] for p in board.draw)
    return Board(board.id, centres, eliminated, board.final_year, agreed)


#: Systems whose rule is not rational (Divide and Conquer's 2^(sc/4)); every other is exact.
INEXACT = {"divide-and-conquer"}


def check_sane(result: BoardScore) -> None:
    for power, value in result.scores.items():
        assert isinstance(value, Fraction | Decimal | float | int), (result.system, power)
        assert not isinstance(value, bool)
        if result.system not in INEXACT:
            assert isinstance(value, Fraction), (result.system, power)
        assert math.isfinite(value), (result.system, power)
        assert value >= 0, (result.system, power, value)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_finite_non_negative_and_symmetric(board: Board) -> None:
    for system in SYSTEMS:
        result = system.score(board)
        check_sane(result)
        for p in board.powers:
            for q in board.powers:
                same = (
                    board.centres[p] == board.centres[q]
                    and board.eliminated.get(p) == board.eliminated.get(q)
                    and (p in board.drawing) == (q in board.drawing)
                )
                if same:
                    assert result[p] == result[q], (result.system, p, q)


@settings(max_examples=60, deadline=None)
@given(boards(), st.data())
def test_swapping_two_powers_swaps_their_scores(board: Board, data: st.DataObject) -> None:
    p, q = data.draw(st.lists(st.sampled_from(board.powers), min_size=2, max_size=2, unique=True))
    swapped = with_results(board, list(board.powers), (p, q))
    for system in SYSTEMS:
        before, after = system.score(board), system.score(swapped)
        assert after[p] == before[q] and after[q] == before[p], before.system
        for r in board.powers:
            if r not in (p, q):
                assert after[r] == before[r], (before.system, r)


@settings(max_examples=40, deadline=None)
@given(st.one_of(boards(), boards(solo=True)), st.permutations(GREAT_POWERS))
def test_no_dependence_on_row_order(board: Board, order: list[str]) -> None:
    shuffled = with_results(board, list(order))
    for system in SYSTEMS:
        assert dict(system.score(board).scores) == dict(system.score(shuffled).scores)


@settings(max_examples=60, deadline=None)
@given(boards(solo=True))
def test_soloist_scores_the_most(board: Board) -> None:
    soloist = board.soloist
    assert soloist is not None
    for system in SYSTEMS:
        result = system.score(board)
        check_sane(result)
        for p in board.powers:
            if p != soloist:
                assert result[soloist] > result[p], (result.system, p)


@settings(max_examples=40, deadline=None)
@given(boards())
def test_concession_to_the_leader_scores_the_most(board: Board) -> None:
    top = max(board.centres.values())
    leaders = [p for p, c in board.centres.items() if c == top]
    if len(leaders) != 1:
        return
    conceded = Board("C", board.centres, board.eliminated, board.final_year, frozenset(leaders))
    for system in SYSTEMS:
        result = system.score(conceded)
        for p in board.powers:
            if p != leaders[0]:
                assert result[leaders[0]] > result[p], (result.system, p)
