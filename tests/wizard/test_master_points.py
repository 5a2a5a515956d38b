from datetime import date
from fractions import Fraction

from palmares.core.ranking import TieGroup, tie_groups
from palmares.explain import explain_text
from palmares.wizard.master_points import shared_award, top_ten_awards
from palmares.wizard.rules import TOP_TEN

DAY = date(2015, 1, 31)


def awards_for(groups: list[TieGroup], whole: bool) -> dict[str, Fraction]:
    awards = top_ten_awards(groups, table=TOP_TEN, whole=whole, day=DAY, source="2015-01")
    return {a.player: a.points for a in awards}


def test_the_top_10_table() -> None:
    players = [f"p{i:02d}" for i in range(1, 13)]
    groups = tie_groups(players, key=lambda p: -int(p[1:]))
    paid = awards_for(groups, whole=True)
    assert [paid.get(p, 0) for p in players] == [30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 0, 0]


def test_two_tied_first_get_29_each() -> None:
    groups = [TieGroup(1, ("ann", "bob")), TieGroup(3, ("cy",))]
    assert awards_for(groups, whole=True) == {"ann": 29, "bob": 29, "cy": 24}
    award = top_ten_awards(groups, table=TOP_TEN, whole=True, day=DAY, source="m")[0]
    assert explain_text(award.reason, "en") == (
        "1st of the Top 10, shared by 2 players: (30 + 27) / 2 = 28.5 -> 29 "
        "(whole numbers, half up)"
    )


def test_before_whole_numbers_the_share_is_kept() -> None:
    groups = [TieGroup(1, ("ann", "bob"))]
    assert awards_for(groups, whole=False) == {"ann": Fraction(57, 2), "bob": Fraction(57, 2)}


def test_a_tie_across_10th_counts_places_past_10_as_0() -> None:
    groups = [TieGroup(10, ("x", "y", "z"))]
    assert shared_award(TOP_TEN, range(10, 13)) == 1
    assert awards_for(groups, whole=True) == {"x": 1, "y": 1, "z": 1}
    groups = [TieGroup(9, ("x", "y"))]
    assert awards_for(groups, whole=False) == {"x": Fraction(9, 2), "y": Fraction(9, 2)}
    assert awards_for(groups, whole=True) == {"x": 5, "y": 5}
