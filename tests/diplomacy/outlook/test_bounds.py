"""A board's bounds are kept in its catalogue's memo (``bounds.bounds``): asked again with the
same exact inputs, the answer is the one found the first time; any input that differs (a
player, a base, the pot, the top board, the seat left empty) is found afresh, and the memo
never holds more than ``_MEMO`` boards."""

from __future__ import annotations

from fractions import Fraction

import pytest

from palmares.diplomacy.outlook import bounds as bounds_module
from palmares.diplomacy.outlook.bounds import Seated, bounds
from palmares.diplomacy.outlook.catalogue import Catalogue, Map, catalogue
from palmares.diplomacy.scoring.divide_and_conquer import DivideAndConquer

SMALL = Map(seats=3, centres=6, solo=4)
SYSTEM = DivideAndConquer()


def _cat() -> Catalogue:
    return catalogue("divide-and-conquer-memo-test", SYSTEM, SMALL)


def _seated(*bases: int) -> list[Seated]:
    return [Seated(f"p{i}", Fraction(b + 10), Fraction(b)) for i, b in enumerate(bases, start=1)]


def test_the_same_board_is_answered_from_the_memo() -> None:
    cat = _cat()
    cat.memo.clear()
    first = bounds(cat, _seated(40, 30, 20), Fraction(60), top=False)
    again = bounds(cat, _seated(40, 30, 20), Fraction(60), top=False)
    assert again is first
    assert again == bounds_module._bounds(
        cat, _seated(40, 30, 20), Fraction(60), top=False, zero_last=False
    )
    assert len(cat.memo) == 1


@pytest.mark.parametrize(
    ("seated", "pot", "top", "zero_last"),
    [
        (_seated(40, 30, 21), Fraction(60), False, False),  # another base
        (_seated(40, 30, 20), Fraction(61), False, False),  # another pot
        (_seated(40, 30, 20), Fraction(60), True, False),  # the top board
        (_seated(40, 30), Fraction(60), False, True),  # the seat of the player asked about
        (
            [Seated("q", Fraction(50), Fraction(40)), *_seated(30, 20)[:2]],
            Fraction(60),
            False,
            False,
        ),
    ],
)
def test_a_board_that_differs_is_found_afresh(
    seated: list[Seated], pot: Fraction, top: bool, zero_last: bool
) -> None:
    cat = _cat()
    cat.memo.clear()
    kept = bounds(cat, _seated(40, 30, 20), Fraction(60), top=False)
    other = bounds(cat, seated, pot, top=top, zero_last=zero_last)
    assert other == bounds_module._bounds(cat, seated, pot, top=top, zero_last=zero_last)
    assert other is not kept
    assert other.seated == tuple(seated)
    assert len(cat.memo) == 2


def test_the_memo_holds_at_most_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds_module, "_MEMO", 3)
    cat = _cat()
    cat.memo.clear()
    for pot in range(1, 11):
        bounds(cat, _seated(40, 30, 20), Fraction(pot), top=False)
        assert 1 <= len(cat.memo) <= 3
    assert (
        bounds(cat, _seated(40, 30, 20), Fraction(10), top=False)
        is cat.memo[(tuple(_seated(40, 30, 20)), Fraction(10), False, False)]
    )
