"""The fewest centres with the board's other results as entered so far (issue 38), against the
exhaustive search: each count of the player's own centres makes their board reported, and the
oracle of test_places finds their worst place over every outcome of the other boards."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.board import Board
from palmares.diplomacy.outlook import FinalBoard, outlook
from palmares.diplomacy.outlook.catalogue import catalogue
from tests.diplomacy.outlook.oracle import extremes
from tests.diplomacy.outlook.test_awards import _tournaments
from tests.diplomacy.outlook.test_places import KEY, SMALL, SYSTEM, _board

CAT = catalogue(KEY, SYSTEM, SMALL)


def _want(
    scores: dict[str, Fraction], boards: list[FinalBoard], player: str, entered: dict[str, int]
) -> dict[int, int | None]:
    own = next(b for b in boards if any(p == player for _, p in b.seats))
    power = next(pw for pw, p in own.seats if p == player)
    worst: dict[int, int] = {}
    for count in range(SMALL.centres - sum(entered.values()) + 1):
        centres = {**entered, power: count}
        if not any(centres.values()):
            continue
        played = Board(id=own.label, centres=centres, solo_centres=SMALL.solo)
        fixed = [replace(b, result=played) if b is own else b for b in boards]
        worst[count] = extremes(scores, fixed, CAT, SYSTEM)[player][0]
    return {k: next((c for c in sorted(worst) if worst[c] <= k), None) for k in range(1, 8)}


def _check(
    scores: dict[str, Fraction], boards: list[FinalBoard], player: str, entered: dict[str, int]
) -> None:
    own = next(b for b in boards if any(p == player for _, p in b.seats))
    got = outlook(
        scores,
        boards,
        system=SYSTEM,
        system_key=KEY,
        board_map=SMALL,
        centres_for=frozenset({player}),
        entered={own.label: entered},
    )
    line = next(x for x in got.players if x.player == player)
    assert dict(line.centres_entered) == _want(scores, boards, player, entered)


def test_the_top_board_as_entered() -> None:
    scores = {
        n: Fraction(s) for n, s in zip("ABCDEFG", (150, 140, 130, 120, 110, 100, 70), strict=True)
    }
    boards = [_board("1", ["A", "B", "C"], top=True), _board("2", ["D", "E", "F"])]
    _check(scores, boards, "B", {"Austria": 2, "France": 1})
    got = outlook(
        scores,
        boards,
        system=SYSTEM,
        system_key=KEY,
        board_map=SMALL,
        centres_for=frozenset("B"),
        entered={"1": {"Austria": 2, "France": 1}},
    )
    line = next(x for x in got.players if x.player == "B")
    # With Austria on 2 and France on 1, three centres make B (England) the top board's winner.
    assert dict(line.centres_entered)[1] == 3
    assert dict(line.centres)[1] == 4  # left free, only a solo is sure to


@settings(max_examples=25, deadline=None)
@given(_tournaments(), st.data())
def test_the_fewest_centres_as_entered_are_the_exhaustive_search(
    case: tuple[dict[str, Fraction], list[FinalBoard]], data: st.DataObject
) -> None:
    scores, boards = case
    free = [b for b in boards if b.result is None]
    if not free:
        return
    board = data.draw(st.sampled_from(free))
    power, player = data.draw(st.sampled_from(board.seats))
    entered = {pw: data.draw(st.integers(0, 3)) for pw, _ in board.seats if pw != power}
    _check(scores, boards, player, entered)
