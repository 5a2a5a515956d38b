"""Worked examples: Carnage 2023, C-Diplo 80 and Namur, Duct Tape v2, Haight, Ranked Classic,
Southern Sun, Sydney League, Maxonian and 7Eleven.

Boards D (R9 E8 T7 F6 I4, G out 1906, A out 1904, ended 1907), T (as D with E9 F5) and S (R solos
with 18 in 1908; T8 E5 F3; I out 1906, G 1905, A 1903), unless written out.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from palmares.core.errors import PalmaresError
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring import get_system
from tests.diplomacy.scoring.boards import BOARD_D, BOARD_S, BOARD_T, board
from tests.diplomacy.scoring.helpers import initials, scores

#: Three dead powers out in different years: R12 E10 T8 F4, I out 1906, G 1905, A 1903.
THREE_DEAD = board(
    {"A": 0, "E": 10, "F": 4, "G": 0, "I": 0, "R": 12, "T": 8}, {"A": 1903, "G": 1905, "I": 1906}
)
#: A three-way top on 8: R8 E8 T8 F6 I4, G out 1906, A 1904.
THREE_TOP = board({"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 8, "T": 8}, {"A": 1904, "G": 1906})


def test_carnage_2023_lead_bonus() -> None:
    # D: R 7000 + 9 + 300 × (9 − 8); T: R and E share the top: (7000 + 6000)/2 + 9, no bonus.
    assert scores("carnage-2023", BOARD_D)["R"] == 7309
    assert scores("carnage-2023", BOARD_D)["E"] == 6008
    assert scores("carnage-2023", BOARD_T)["R"] == 6509
    assert scores("carnage-2023", BOARD_S)["R"] == 28034


def test_carnage_dead_in_same_year_tie() -> None:
    b = board({"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 9, "T": 7}, {"A": 1905, "G": 1905})
    assert scores("carnage", b)["A"] == scores("carnage", b)["G"] == 1500


def test_carnage_needs_elimination_years() -> None:
    b = Board("Z", {**BOARD_D.centres}, {"Austria": 1904}, 1907)
    with pytest.raises(PalmaresError, match="Germany has no centres but no elimination year"):
        get_system("carnage").score(b)


def test_c_diplo_100_published_examples() -> None:
    # WDD "C-Diplo 100": F9 → 1 + 9 + 38 = 48; G and I on 7 share (14 + 7)/2: 18.5.
    b = board({"A": 4, "E": 0, "F": 9, "G": 7, "I": 7, "R": 3, "T": 4}, {"E": 1905})
    assert scores("c-diplo-100", b) == initials("A=5 E=1 F=48 G=37/2 I=37/2 R=4 T=5")
    # Second example: E9 → 48, T7 → 22, A and G on 5 share 7/2: 9.5.
    b = board({"A": 5, "E": 9, "F": 4, "G": 5, "I": 3, "R": 1, "T": 7})
    assert scores("c-diplo-100", b) == initials("A=19/2 E=48 F=5 G=19/2 I=4 R=2 T=22")


def test_c_diplo_80() -> None:
    # D: R 9 + 25, E 8 + 14, T 7 + 7; no point for playing. T: R, E share (25 + 14)/2.
    assert scores("c-diplo-80", BOARD_D) == initials("A=0 E=22 F=6 G=0 I=4 R=34 T=14")
    assert scores("c-diplo-80", BOARD_T)["R"] == Fraction(57, 2)
    assert scores("c-diplo-80", BOARD_S)["R"] == 80


def test_c_diplo_namur() -> None:
    # Centre scale: 9 → 18 + 3 = 21, 8 → 20, 7 → 19, 6 → 18, 4 → 14; 1 for playing.
    # D: R 1 + 21 + 38 = 60, E 1 + 20 + 14 = 35, T 1 + 19 + 7 = 27, F 19, I 15, dead 1.
    assert scores("c-diplo-namur", BOARD_D) == initials("A=1 E=35 F=19 G=1 I=15 R=60 T=27")
    assert scores("c-diplo-namur", BOARD_S) == initials("A=0 E=0 F=0 G=0 I=0 R=85 T=0")


def test_duct_tape_v2_dead_tied_or_in_order() -> None:
    # Places 40 24 15 9 | 6 3 3 for the dead. Tied: (6 + 3 + 3)/3 = 4 each.
    assert scores("duct-tape-v2", THREE_DEAD) == initials("A=4 E=34 F=13 G=4 I=4 R=52 T=23")
    # By elimination: I (1906) 6, G (1905) 3, A (1903) 3.
    ordered = scores("duct-tape-v2-elimination-order", THREE_DEAD)
    assert ordered == initials("A=3 E=34 F=13 G=3 I=6 R=52 T=23")
    assert scores("duct-tape-v2:dead=elimination-order", THREE_DEAD) == ordered
    assert scores("duct-tape-v2", BOARD_S)["R"] == 75


def test_haight() -> None:
    # D: R 90 + 66 + 5 × 1 = 161; E 80 + 55; T 70 + 44; F 60 + 33; I 40 + 22;
    # G played 1901–1906 = 6 + 11 (6th); A 4 + 0 (7th).
    assert scores("haight", BOARD_D) == initials("A=4 E=135 F=93 G=17 I=62 R=161 T=114")
    # T: two-way top both take 2nd place's 55, no lead bonus: 90 + 55.
    assert scores("haight", BOARD_T)["R"] == 145
    # S: 451; T max(5 × 8, 8 years) = 40; E max(25, 8); A played 1901–1903 = 3.
    assert scores("haight", BOARD_S) == initials("A=3 E=25 F=15 G=5 I=6 R=451 T=40")


def test_ranked_classic() -> None:
    # D: R 90 + 30 + 200 = 320, E 80 + 30 + 90, T 70 + 30 + 60, F 60 + 30 + 40, I 40 + 30 + 30;
    # dead: years survived G 5, A 3.
    assert scores("ranked-classic", BOARD_D) == initials("A=3 E=200 F=130 G=5 I=100 R=320 T=160")
    # T: a two-way tie for 1st takes 135 each: 90 + 30 + 135.
    assert scores("ranked-classic", BOARD_T)["R"] == 255
    # Three-way top: all take 3rd place's 60.
    assert scores("ranked-classic", THREE_TOP)["R"] == 80 + 30 + 60
    # S: 550; losers 1 per year survived (T to 1908: 7; A 1903: 2).
    assert scores("ranked-classic", BOARD_S) == initials("A=2 E=7 F=7 G=4 I=5 R=550 T=7")


def test_an_unknown_version_is_not_offered() -> None:
    with pytest.raises(PalmaresError, match="unknown scoring system 'ranked-classic-v3'"):
        get_system("ranked-classic-v3")


def test_southern_sun() -> None:
    # D: R 30 + 90 + 130, E 30 + 80 + 80, T 30 + 70 + 50, F 30 + 60 + 30, I 30 + 40 + 20;
    # dead 3 per year played: G 3 × 6, A 3 × 4.
    assert scores("southern-sun", BOARD_D) == initials("A=12 E=190 F=120 G=18 I=90 R=250 T=150")
    # Three sharing 2nd behind a lone top: (80 + 50 + 30)/3 = 53.33 → 53.
    b = board({"A": 0, "E": 7, "F": 7, "G": 0, "I": 3, "R": 10, "T": 7}, {"A": 1904, "G": 1906})
    assert scores("southern-sun", b)["E"] == 30 + 70 + 53
    assert scores("southern-sun", BOARD_S)["R"] == 500


def test_sydney_league() -> None:
    # D: R 700 + 25 × 9 = 925 … I 300 + 100; G 200 + 6 years played; A 100 + 4.
    assert scores("sydney-league", BOARD_D) == initials("A=104 E=800 F=550 G=206 I=400 R=925 T=675")
    # S: R (700 + 450) × 1.5; T (600 + 200) × 0.5; A (100 + 3) × 0.5.
    got = scores("sydney-league", BOARD_S)
    assert got["R"] == 1725 and got["T"] == 400 and got["A"] == Fraction(103, 2)


def test_maxonian_and_7eleven() -> None:
    # D: 7 6 5 4 3 by centres, then G (out 1906) 2 and A (out 1904) 1.
    assert scores("maxonian", BOARD_D) == initials("A=1 E=6 F=4 G=2 I=3 R=7 T=5")
    # T without year-by-year counts: R and E share (7 + 6)/2.
    assert scores("maxonian", BOARD_T)["R"] == Fraction(13, 2)
    # S: the soloist 7 + (18 − 13) = 12, under 7Eleven 7 + (18 − 11) = 14; T 2nd gets 6.
    assert scores("maxonian", BOARD_S)["R"] == 12
    assert scores("7eleven", BOARD_S)["R"] == 14
    assert scores("7eleven", BOARD_S)["T"] == 6


def test_maxonian_tie_broken_by_earlier_year() -> None:
    # T's R and E both end on 9; in 1906 E had 8 and R 7, so E was ahead most recently.
    history = {
        1906: {
            "Austria": 0,
            "England": 8,
            "France": 6,
            "Germany": 1,
            "Italy": 4,
            "Russia": 7,
            "Turkey": 7,
        },
    }
    b = Board("H", BOARD_T.centres, BOARD_T.eliminated, 1907, centres_by_year=history)
    assert scores("maxonian", b)["E"] == 7
    assert scores("maxonian", b)["R"] == 6
