"""Worked examples: ManorCon variants, World and Summer Classic, Bangkok, Olympic, Bangkok Pike,
Tribute and OpenTribute with a shared top, Detour09, Vulcan, Whipping, OMG, Cruise Con, KublaCon.

Boards D (R9 E8 T7 F6 I4, G out 1906, A out 1904, ended 1907), T (as D with E9 F5) and S (R solos
with 18 in 1908; T8 E5 F3; I out 1906, G 1905, A 1903), unless written out.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from palmares.core.errors import PalmaresError
from palmares.diplomacy.scoring import get_system
from tests.diplomacy.scoring.boards import BOARD_D, BOARD_S, BOARD_T, board
from tests.diplomacy.scoring.helpers import initials, scores

THREE_TOP = board({"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 8, "T": 8}, {"A": 1904, "G": 1906})


def test_manorcon_variants() -> None:
    # D: N = 133, 112, 93, 76, 48 and 16 for each dead power: ΣN = 494.
    assert scores("manorcon", BOARD_D)["R"] == Fraction(13300, 494)
    assert scores("manorcon-original", BOARD_D)["R"] == Fraction(13300, 494)
    # v2: the dead add nothing: ΣN = 462.
    assert scores("manorcon-v2", BOARD_D)["R"] == Fraction(13300, 462)
    assert scores("manorcon-v2", BOARD_D)["G"] == Fraction(1, 2)
    # Solo: 75 or 100; E to the solo year 1908: 0.7; A out 1903: 0.2.
    assert scores("manorcon", BOARD_S)["R"] == 75
    assert scores("manorcon-original", BOARD_S)["R"] == 100
    assert scores("manorcon-v2", BOARD_S)["E"] == Fraction(7, 10)
    assert scores("manorcon-v2", BOARD_S)["A"] == Fraction(2, 10)


def test_world_and_summer_classic_three_way_top() -> None:
    # Three on 8 share the 48 pool under World Classic (16 each): 80 + 30 + 16.
    assert scores("world-classic", THREE_TOP)["R"] == 126
    # Summer Classic pays no pool to a three-way top; a two-way top gets 24 each.
    assert scores("summer-classic", THREE_TOP)["R"] == 110
    assert scores("summer-classic", BOARD_T)["E"] == 90 + 30 + 24
    assert scores("summer-classic", BOARD_S) == initials("A=2 E=7 F=7 G=4 I=5 R=420 T=7")


def test_bangkok_published_domination_examples() -> None:
    # Bangkok 2020: 12-11-10-1 → 6 / 4 / 2; 12-12-11 → 4.5, 4.5, 3.
    b = board(
        {"A": 0, "E": 11, "F": 10, "G": 0, "I": 0, "R": 12, "T": 1},
        {"A": 1903, "G": 1905, "I": 1906},
    )
    got = scores("bangkok", b)
    assert (got["R"], got["E"], got["F"]) == (12 + 3 + 6, 11 + 3 + 4, 10 + 3 + 2)
    assert got["A"] == Fraction(6, 10)  # 0.3 × 2 years
    b = board(
        {"A": 0, "E": 12, "F": 11, "G": 0, "I": 0, "R": 12, "T": 0},
        {"A": 1903, "G": 1905, "I": 1906, "T": 1906},
    )
    got = scores("bangkok", b)
    assert got["R"] == got["E"] == 12 + 3 + Fraction(9, 2) and got["F"] == 11 + 3 + 3


def test_olympic() -> None:
    # D: shares 4 / 1.5 / 0.5 of 12 (total 6): R 9 + 3 + 8, E 8 + 3 + 3, T 7 + 3 + 1.
    assert scores("olympic", BOARD_D) == initials("A=9/10 E=14 F=9 G=3/2 I=7 R=20 T=11")
    assert scores("olympic", BOARD_S) == initials("A=0 E=0 F=0 G=0 I=0 R=46 T=0")


def test_bangkok_pike() -> None:
    # D: R lone top 6 (E is one behind, so no more): 3 + 9 + 6; E 3 + 8 + 4; T 3 + 7 + 2;
    # dead 0.1 per year played: G 6, A 4.
    assert scores("bangkok-pike", BOARD_D) == initials("A=2/5 E=15 F=9 G=3/5 I=7 R=18 T=12")
    # Nobody one or two behind a lone topper: it takes 6 + 4 + 2.
    b = board({"A": 0, "E": 9, "F": 6, "G": 0, "I": 4, "R": 12, "T": 3}, {"A": 1904, "G": 1906})
    assert scores("bangkok-pike", b)["R"] == 3 + 12 + 12
    # T: shared top 4 each. S: 60; T played to 1908: 0.8.
    assert scores("bangkok-pike", BOARD_T)["R"] == 16
    assert scores("bangkok-pike", BOARD_S)["T"] == Fraction(8, 10)


def test_tribute_and_open_tribute_shared_top() -> None:
    # Tribute T: share 66/5 = 13.2; tribute min(13.2, 9 − 6) = 3 from each of 3 payers, split
    # between 2 toppers: R = 9 + 13.2 + 4.5 = 26.7; T = 7 + 13.2 − 3.
    got = scores("tribute", BOARD_T)
    assert got["R"] == got["E"] == Fraction(267, 10) and got["T"] == Fraction(172, 10)
    # OpenTribute T: tribute 0 + 0 + 2 + 4 + 5 + 9 + 9 = 29; two toppers get ⌊29 / 4⌋ = 7.
    assert scores("open-tribute", BOARD_T)["R"] == 34 + 27 + 7
    assert scores("open-tribute", BOARD_T)["F"] == 34 + 15 - 4


def test_detour09_shared_top() -> None:
    # T: raw R = E = 9 + 2 + 2nd place's 3 (tie takes the lower place) = 14, T 9 + 2 = 11,
    # F 5 + 2 + 1 = 8, I 6: total 53; R = 1400/53.
    got = scores("detour09", BOARD_T)
    assert got["R"] == Fraction(1400, 53) and got["I"] == Fraction(600, 53)
    assert got["G"] == Fraction(5, 4)


def test_vulcan() -> None:
    # D: R 5 + 9 + (1 + 2 + 3 + 5 + 9 + 9) + 10 = 53; I 5 + 4 + (4 + 4) = 17; dead 0.
    assert scores("vulcan", BOARD_D) == initials("A=0 E=36 F=25 G=0 I=17 R=53 T=30")
    assert scores("vulcan", BOARD_T)["R"] == 5 + 9 + 29 + 5
    assert scores("vulcan", BOARD_S) == initials("A=0 E=5 F=5 G=0 I=0 R=130 T=5")


def test_whipping() -> None:
    # D: 60 / 5 = 12 each; R 90 + 12 + 2 × 9; dead years played G 6, A 4.
    assert scores("whipping", BOARD_D) == initials("A=4 E=92 F=72 G=6 I=52 R=120 T=82")
    assert scores("whipping", BOARD_T)["R"] == 102
    assert scores("whipping", BOARD_S) == initials("A=3 E=8 F=8 G=5 I=6 R=468 T=8")


def test_omg() -> None:
    # D before tribute: R 13.5 + 9 + 4.5 = 27, E 12 + 9 + 3 = 24, T 21, F 18, I 15, dead 0;
    # lead 1: E, T, F, I pay 1 each (the dead pay min(1, 0)): R 31.
    assert scores("omg", BOARD_D) == initials("A=0 E=23 F=17 G=0 I=14 R=31 T=20")
    # Tribute capped at half a power's score: R14 E3 F2 T1, lead 11. Before tribute R 21 + 9 +
    # 4.5 = 34.5, E 4.5 + 9 + 3 = 16.5, F 3 + 9 + 1.5 = 13.5, T 1.5 + 9 = 10.5; each pays half.
    b = board(
        {"A": 0, "E": 3, "F": 2, "G": 0, "I": 0, "R": 14, "T": 1}, {"A": 1903, "G": 1904, "I": 1905}
    )
    assert scores("omg", b) == initials("A=0 E=33/4 F=27/4 G=0 I=0 R=219/4 T=21/4")
    assert scores("omg", BOARD_S)["R"] == 100


def test_cruise_con() -> None:
    # D, all five survivors draw: 19 + ⌊c / 5⌋: R 20, I 19.
    assert scores("cruise-con", BOARD_D) == initials("A=0 E=20 F=20 G=0 I=19 R=20 T=20")
    # A 3-way draw R E T on D: 32 + ⌊9/3⌋ = 35, 32 + 2, 32 + 2; F and I out of the draw: 0.
    b = board(
        {"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 9, "T": 7},
        {"A": 1904, "G": 1906},
        draw=frozenset({"Russia", "England", "Turkey"}),
    )
    assert scores("cruise-con", b) == initials("A=0 E=34 F=0 G=0 I=0 R=35 T=34")


def test_cruise_con_solo_needs_a_stated_score() -> None:
    with pytest.raises(PalmaresError, match=r"state it as cruise-con:solo=N"):
        get_system("cruise-con").score(BOARD_S)
    assert scores("cruise-con:solo=96", BOARD_S)["R"] == 96


def test_kublacon_kill() -> None:
    # D: R 9 + 1 + 2 × 2 dead + 2 × 1 lead = 16; E 8 + 1 + 4; G out 1906 survived past 1905: 1.
    assert scores("kublacon-kill", BOARD_D) == initials("A=0 E=13 F=11 G=1 I=9 R=16 T=12")
    # The 27 cap: R 17 + 1 + 2 × 4 dead + 2 × 7 lead = 40 → 27.
    b = board(
        {"A": 0, "E": 10, "F": 0, "G": 0, "I": 4, "R": 17, "T": 0},
        {"A": 1903, "F": 1905, "G": 1906, "T": 1906},
    )
    assert scores("kublacon-kill", b)["R"] == 27
    assert scores("kublacon-kill", BOARD_S)["R"] == 34
