"""Ranked Classic v2 against hand-worked boards with 2-, 3- and 4-way ties (issue 16).

Every survivor: 10 per centre + 30 + the rank bonus (200, 90, 60, 40, 30, 20, 10; a two-way tie
at 1st-6th 135, 70, 50, 35, 25, 15); the dead 1 per year survived (out in 1904: 3). Ranked
Classic gives three or more tied the lowest place's bonus; v2 the two-way value of the
second-lowest place they span.
"""

from __future__ import annotations

from palmares.diplomacy.scoring import get_info
from palmares.diplomacy.scoring.ranked_classic_v2 import second_lowest_two_way_bonus
from palmares.explain.messages import tell
from tests.diplomacy.scoring.boards import BOARD_S, BOARD_T, board
from tests.diplomacy.scoring.helpers import initials, scores


def test_a_two_way_tie_scores_as_in_ranked_classic() -> None:
    # T: R9 E9 tie 1st: 90 + 30 + 135 = 255; T7 3rd 70 + 30 + 60; F5 4th 50 + 30 + 40;
    # I4 5th 40 + 30 + 30; G out 1906: 5; A out 1904: 3.
    expected = initials("A=3 E=255 F=120 G=5 I=100 R=255 T=160")
    assert scores("ranked-classic-v2", BOARD_T) == expected
    assert scores("ranked-classic", BOARD_T) == expected


def test_three_tied_for_first_score_as_tied_second() -> None:
    # R8 E8 T8 span 1st-3rd: v2 tied 2nd 70 → 80 + 30 + 70 = 180 (Ranked Classic: 3rd's 60, 170);
    # F6 4th 60 + 30 + 40 = 130; I4 5th 40 + 30 + 30 = 100.
    b = board({"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 8, "T": 8}, {"A": 1904, "G": 1906})
    assert scores("ranked-classic-v2", b) == initials("A=3 E=180 F=130 G=5 I=100 R=180 T=180")
    assert scores("ranked-classic", b)["R"] == 170


def test_four_tied_for_fourth_score_as_tied_sixth() -> None:
    # R10 1st 100 + 30 + 200; E9 2nd 90 + 30 + 90; T7 3rd 70 + 30 + 60; A F G I on 2 span
    # 4th-7th: v2 tied 6th 15 → 20 + 30 + 15 = 65 (Ranked Classic: 7th's 10, 60).
    b = board({"A": 2, "E": 9, "F": 2, "G": 2, "I": 2, "R": 10, "T": 7})
    assert scores("ranked-classic-v2", b) == initials("A=65 E=210 F=65 G=65 I=65 R=330 T=160")
    assert scores("ranked-classic", b)["A"] == 60


def test_four_tied_for_first_and_three_tied_for_fifth() -> None:
    # R E T F on 7 span 1st-4th: tied 3rd 50 → 70 + 30 + 50 = 150; I6 5th 60 + 30 + 30.
    top = board({"A": 0, "E": 7, "F": 7, "G": 0, "I": 6, "R": 7, "T": 7}, {"A": 1904, "G": 1906})
    assert scores("ranked-classic-v2", top) == initials("A=3 E=150 F=150 G=5 I=120 R=150 T=150")
    # R12 E10 T6 F6 split; A G I on 2 span 5th-7th: tied 6th 15 → 20 + 30 + 15 = 65;
    # T F tie 3rd: 60 + 30 + 50 = 140.
    low = board({"A": 2, "E": 10, "F": 6, "G": 2, "I": 2, "R": 12, "T": 6}, final_year=1908)
    assert scores("ranked-classic-v2", low) == initials("A=65 E=220 F=140 G=65 I=65 R=350 T=140")


def test_the_bonus_by_span_and_the_solo() -> None:
    assert [second_lowest_two_way_bonus(range(r, r + n)) for r, n in [(1, 1), (1, 2), (1, 3)]] == [
        200,
        135,
        70,
    ]
    assert second_lowest_two_way_bonus(range(4, 8)) == 15
    assert second_lowest_two_way_bonus(range(2, 8)) == 15  # six tied for 2nd span 2nd-7th: 6th
    assert scores("ranked-classic-v2", BOARD_S) == initials("A=2 E=7 F=7 G=4 I=5 R=550 T=7")
    assert "second-lowest place" in tell(get_info("ranked-classic-v2").rule, "en")
