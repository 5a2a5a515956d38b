"""The spec's reference-board table, to the printed digit, for every system it lists.

shared/specs/diplomacy.md, "Other board-scoring systems": board D in the order R E T F I G A, and
board S's Russia (the soloist) and Turkey (a loser to the solo). A printed figure is matched by
rounding the exact score half up to the figure's own number of decimals.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from palmares.core.rounding import half_up
from palmares.diplomacy.scoring import Score, get_system
from tests.diplomacy.scoring.boards import BOARD_D, BOARD_S

ORDER_D = ("Russia", "England", "Turkey", "France", "Italy", "Germany", "Austria")

TABLE = {
    "sum-of-squares": ("32.93 26.02 19.92 14.63 6.50 0 0", "100 0"),
    "draw-size": ("20 20 20 20 20 0 0", "100 0"),
    "carnage": ("7009 6008 5007 4006 3004 2000 1000", "28034 0"),
    "carnage:dead=tied": ("7009 6008 5007 4006 3004 1500 1500", "28034 0"),
    "carnage-dead-equal": ("7009 6008 5007 4006 3004 1500 1500", "28034 0"),
    "center-count-carnage": ("11507 10006 8505 7004 5003 2002 1001", "39028 1000"),
    "c-diplo-100": ("48 23 15 7 5 1 1", "100 0"),
    "tribute": ("34.2 18.2 17.2 16.2 14.2 0 0", "100 0"),
    "open-tribute": ("90 57 53 49 41 0 0", "340 0"),
    "manorcon": ("26.92 22.67 18.83 15.38 9.72 0.5 0.3", "75 0.7"),
    "world-classic": ("168 110 100 90 70 5 3", "420 7"),
    "bangkok": ("18 15 12 9 7 1.5 0.9", "41 4"),
    "detour09": ("29.09 23.64 20 16.36 10.91 1.25 0.75", "110 1.75"),
}


def printed(value: Score, figure: str) -> Decimal:
    places = len(figure.partition(".")[2])
    return half_up(value, places)


@pytest.mark.parametrize("spec", sorted(TABLE))
def test_board_d(spec: str) -> None:
    scores = get_system(spec).score(BOARD_D)
    figures = TABLE[spec][0].split()
    got = [printed(scores[p], f) for p, f in zip(ORDER_D, figures, strict=True)]
    assert got == [Decimal(f) for f in figures]


@pytest.mark.parametrize("spec", sorted(TABLE))
def test_board_s(spec: str) -> None:
    scores = get_system(spec).score(BOARD_S)
    russia, turkey = TABLE[spec][1].split()
    assert printed(scores["Russia"], russia) == Decimal(russia)
    assert printed(scores["Turkey"], turkey) == Decimal(turkey)


def test_whole_figures_are_exact() -> None:
    """Where the table prints a whole number the score is exactly that number."""
    carnage = get_system("carnage").score(BOARD_D)
    assert carnage["Russia"] == 7009
    assert get_system("draw-size").score(BOARD_D)["Italy"] == 20
