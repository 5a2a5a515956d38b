"""Worked examples: solo-or-bust, sum of squares, draw size, mischief, base 3, your draw size.

Each example's arithmetic is in its comment; the boards are the spec's D, T (a shared top) and S
(a solo) unless written out.
"""

from __future__ import annotations

from fractions import Fraction

from tests.diplomacy.scoring.boards import BOARD_D, BOARD_S, BOARD_T, board
from tests.diplomacy.scoring.helpers import initials, scores


def test_solo_or_bust() -> None:
    assert set(scores("solo-or-bust", BOARD_D).values()) == {0}
    assert scores("solo-or-bust", BOARD_S) == initials("A=0 E=0 F=0 G=0 I=0 R=100 T=0")


def test_sum_of_squares_shared_top() -> None:
    # T: 81 + 81 + 49 + 25 + 16 = 252; R = E = 8100/252.
    got = scores("sum-of-squares", BOARD_T)
    assert got["R"] == got["E"] == Fraction(8100, 252)
    assert sum(got.values()) == 100


def test_draw_size_agreed_draw_excludes_a_survivor() -> None:
    # D with a draw of R, E, T: 100/3 each; F and I survive but are out of the draw.
    b = board(
        {"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 9, "T": 7},
        {"A": 1904, "G": 1906},
        draw=frozenset({"Russia", "England", "Turkey"}),
    )
    got = scores("draw-size", b)
    assert got["R"] == got["E"] == got["T"] == Fraction(100, 3)
    assert got["F"] == got["I"] == 0


def test_one_power_draw_is_a_concession() -> None:
    b = board(
        {"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 9, "T": 7},
        {"A": 1904, "G": 1906},
        draw=frozenset({"Russia"}),
    )
    assert scores("draw-size", b)["R"] == 100
    assert scores("draw-size", b)["E"] == 0


def test_mischief() -> None:
    # D: lone top R 9 + 5 = 14; T: R and E share the top: 9 + 1 each; S: solo 34.
    assert scores("mischief", BOARD_D) == initials("A=0 E=8 F=6 G=0 I=4 R=14 T=7")
    assert scores("mischief", BOARD_T)["R"] == scores("mischief", BOARD_T)["E"] == 10
    assert scores("mischief", BOARD_S)["R"] == 34
    # A three-way top earns no bonus.
    three = board({"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 8, "T": 8}, {"A": 1904, "G": 1906})
    assert scores("mischief", three)["R"] == 8


def test_base_3() -> None:
    # D: R 9 + 3 + 9 = 21, E 8 + 3 = 11; T: two toppers get 9/3 = 3: 9 + 3 + 3 = 15; S: 46.
    assert scores("base-3", BOARD_D) == initials("A=0 E=11 F=9 G=0 I=7 R=21 T=10")
    assert scores("base-3", BOARD_T)["E"] == 15
    three = board({"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 8, "T": 8}, {"A": 1904, "G": 1906})
    assert scores("base-3", three)["T"] == 8 + 3 + 1
    assert scores("base-3", BOARD_S) == initials("A=0 E=0 F=0 G=0 I=0 R=46 T=0")


def test_your_draw_size() -> None:
    # Bands: 9 and 8 → 42, 7, 6 and 4 → 30, dead 0; 14 → 105, 11 → 70, 1 → 21.
    assert scores("your-draw-size-300", BOARD_D) == initials("A=0 E=42 F=30 G=0 I=30 R=42 T=30")
    b = board({"A": 1, "E": 14, "F": 11, "G": 0, "I": 3, "R": 4, "T": 1}, {"G": 1905})
    assert scores("your-draw-size-320", b) == initials("A=21 E=105 F=70 G=0 I=21 R=30 T=21")
    assert scores("your-draw-size-300", BOARD_S)["R"] == 300
    assert scores("your-draw-size-320", BOARD_S)["R"] == 320
