"""Published examples: the worked boards of the Haight and Ranked Classic rule documents (examples
A–F, as the dipvis tool reproduces them in its tests), dipvis's Vulcan, Southern Sun, Detour09 and
Sydney League examples, and the Carnage examples posted for webDiplomacy play. Each expected
figure is the example's arithmetic, written out; every one agrees with our reading of the rule."""

from __future__ import annotations

from fractions import Fraction

from tests.diplomacy.scoring.boards import board
from tests.diplomacy.scoring.helpers import initials, scores

#: Examples A–F, each ending in 1908 (F: a solo in 1911).
EXAMPLE_A = board({"A": 0, "E": 10, "F": 9, "G": 8, "I": 5, "R": 0, "T": 2},
                  {"A": 1904, "R": 1908}, 1908)  # fmt: skip
EXAMPLE_B = board({"A": 0, "E": 17, "F": 0, "G": 10, "I": 4, "R": 0, "T": 3},
                  {"A": 1904, "F": 1908, "R": 1908}, 1908)  # fmt: skip
EXAMPLE_C = board({"A": 0, "E": 11, "F": 0, "G": 11, "I": 11, "R": 0, "T": 1},
                  {"A": 1904, "F": 1908, "R": 1908}, 1908)  # fmt: skip
EXAMPLE_D = board({"A": 0, "E": 12, "F": 0, "G": 11, "I": 11, "R": 0, "T": 0},
                  {"A": 1904, "F": 1908, "R": 1907, "T": 1907}, 1908)  # fmt: skip
EXAMPLE_E = board({"A": 0, "E": 12, "F": 0, "G": 10, "I": 10, "R": 0, "T": 2},
                  {"A": 1904, "F": 1908, "R": 1908}, 1908)  # fmt: skip
EXAMPLE_F = board({"A": 0, "E": 18, "F": 0, "G": 10, "I": 4, "R": 0, "T": 2},
                  {"A": 1904, "F": 1908, "R": 1908}, 1911)  # fmt: skip


def test_haight_examples() -> None:
    # A: E 100 + 66 + 5 × 1; F 90 + 55; R played 8 years + 6th place 11; A 4 + 7th place 0.
    assert scores("haight", EXAMPLE_A) == initials("A=4 E=171 F=145 G=124 I=83 R=19 T=42")
    assert scores("haight", EXAMPLE_B) == initials("A=4 E=271 F=19 G=155 I=84 R=19 T=63")
    # C: three tied on 11 all take 3rd place's 44.
    assert scores("haight", EXAMPLE_C) == initials("A=4 E=154 F=19 G=154 I=154 R=19 T=43")
    # D: the dead are placed by elimination: F (1908) 4th → 8 + 33; R and T (1907) tie for
    # 5th–6th and both take 6th's 11 → 7 + 11; A (1904) 7th → 4 + 0.
    assert scores("haight", EXAMPLE_D) == initials("A=4 E=191 F=41 G=154 I=154 R=18 T=18")
    assert scores("haight", EXAMPLE_E) == initials("A=4 E=196 F=19 G=144 I=144 R=19 T=53")
    # F: a solo in 1911: G max(50, 11); T max(10, 11 years played) = 11.
    assert scores("haight", EXAMPLE_F) == initials("A=4 E=451 F=8 G=50 I=20 R=8 T=11")


def test_ranked_classic_examples() -> None:
    assert scores("ranked-classic", EXAMPLE_A) == initials("A=3 E=330 F=210 G=170 I=120 R=7 T=80")
    assert scores("ranked-classic", EXAMPLE_B) == initials("A=3 E=400 F=7 G=220 I=130 R=7 T=100")
    # C: a three-way tie for 1st takes 3rd place's 60; T (1 centre) is 4th: 40.
    assert scores("ranked-classic", EXAMPLE_C) == initials("A=3 E=200 F=7 G=200 I=200 R=7 T=80")
    # D and E: a two-way tie for 2nd takes the two-way value 70.
    assert scores("ranked-classic", EXAMPLE_D) == initials("A=3 E=350 F=7 G=210 I=210 R=6 T=6")
    assert scores("ranked-classic", EXAMPLE_E) == initials("A=3 E=350 F=7 G=200 I=200 R=7 T=90")
    assert scores("ranked-classic", EXAMPLE_F) == initials("A=3 E=550 F=7 G=10 I=10 R=7 T=10")


def test_vulcan_examples() -> None:
    # Example 2: G 10 + (10 + 9 + 6 + 5 + 5 + 1) + 10 + 5 = 61.
    b = board({"A": 0, "E": 5, "F": 1, "G": 10, "I": 5, "R": 4, "T": 9}, {"A": 1904}, 1904)
    assert scores("vulcan", b) == initials("A=0 E=20 F=7 G=61 I=20 R=16 T=44")
    # Four tied on 5 share the 10: 5 + 3 + 2.5 + 5.
    b = board({"A": 5, "E": 4, "F": 5, "G": 5, "I": 4, "R": 5, "T": 4}, {}, 1901)
    assert scores("vulcan", b)["A"] == 5 + 3 + 10 / 4 + 5


def test_southern_sun_examples() -> None:
    # Three tied on 11 share (130 + 80 + 50)/3 = 86.67 → 87; dead 3 per year played.
    b = board({"A": 11, "E": 11, "F": 11, "G": 1, "I": 0, "R": 0, "T": 0},
              {"I": 1904, "R": 1909, "T": 1903}, 1909)  # fmt: skip
    assert scores("southern-sun", b) == initials("A=227 E=227 F=227 G=70 I=12 R=27 T=9")
    # Two survivors tied on 17: (130 + 80)/2 = 105.
    b = board({"A": 17, "E": 17, "F": 0, "G": 0, "I": 0, "R": 0, "T": 0},
              {"F": 1903, "G": 1906, "I": 1904, "R": 1909, "T": 1903}, 1909)  # fmt: skip
    assert scores("southern-sun", b)["A"] == 30 + 170 + 105


def test_detour09_examples() -> None:
    # Two tied for 4th take no place points; 10 leads 6 by 4: raws 20, 11, 9, 6, 6, 5, 4 (61).
    b = board({"A": 2, "E": 3, "F": 4, "G": 10, "I": 4, "R": 5, "T": 6}, {}, 1907)
    got = scores("detour09", b)
    assert got["G"] == Fraction(2000, 61) and got["F"] == got["I"] == Fraction(600, 61)
    # Three tied for the top all take 3rd place's 2: 6 + 2 + 2 = 10; 4 + 2 = 6 (total 54).
    b = board({"A": 4, "E": 4, "F": 4, "G": 6, "I": 4, "R": 6, "T": 6}, {}, 1902)
    assert scores("detour09", b)["G"] == Fraction(1000, 54)
    # Survival capped at 8 years: out in 1909 → 2.
    b = board({"A": 0, "E": 5, "F": 0, "G": 17, "I": 0, "R": 5, "T": 7},
              {"A": 1904, "F": 1909, "I": 1909}, 1909)  # fmt: skip
    got = scores("detour09", b)
    assert got["F"] == 2 and got["A"] == Fraction(3, 4)
    assert got["G"] == Fraction(3300, 61)  # 17 + 2 + 10 + 4 of 8 + 8 + 12 + 33


def test_sydney_league_examples() -> None:
    # F and I both out in 1906 tie for 5th–6th: (300 + 200)/2 + 6 years played.
    b = board({"A": 0, "E": 5, "F": 0, "G": 17, "I": 0, "R": 5, "T": 7},
              {"A": 1904, "F": 1906, "I": 1906}, 1907)  # fmt: skip
    assert scores("sydney-league", b) == initials("A=104 E=575 F=256 G=1125 I=256 R=575 T=775")


def test_carnage_examples_posted_for_webdiplomacy() -> None:
    # Austria out first, Italy second: 7014, 6007, 5006, 4004, 3003, then 2000 and 1000.
    b = board({"A": 0, "E": 3, "F": 6, "G": 4, "I": 0, "R": 14, "T": 7}, {"A": 1904, "I": 1906})
    assert scores("carnage", b) == initials("A=1000 E=3003 F=5006 G=4004 I=2000 R=7014 T=6007")
    # Two toppers on 8 split 7000 + 6000: 6508 each; Austria on 1 is 6th: 2001.
    b = board({"A": 1, "E": 8, "F": 7, "G": 0, "I": 4, "R": 8, "T": 6}, {"G": 1905})
    assert scores("carnage", b) == initials("A=2001 E=6508 F=5007 G=1000 I=3004 R=6508 T=4006")
    # A solo takes all 28,034; everyone else 0.
    b = board({"A": 0, "E": 3, "F": 6, "G": 4, "I": 0, "R": 18, "T": 3}, {"A": 1904, "I": 1906})
    assert scores("carnage", b)["R"] == 28034 and scores("carnage", b)["F"] == 0
