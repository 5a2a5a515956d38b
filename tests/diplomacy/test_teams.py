"""The team championship and its top-board rule (seed 002, "Team Tournament")."""

from fractions import Fraction

from palmares.diplomacy.aggregation.base import Standing
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.teams import TeammatesTogether, team_standings, teammates_together
from palmares.explain import explain_text
from tests.diplomacy.helpers import standing, table

TEAMS = {"Red": ("r1", "r2", "r3"), "Blue": ("b1", "b2", "b3")}


def players() -> list[Standing]:
    return [
        standing("r1", {5: 150, 6: 120}), standing("r2", {5: 140, 6: 170}),
        standing("r3", {5: 90, 6: 80}), standing("b1", {5: 160, 6: 200}),
        standing("b2", {5: 100, 6: 110}), standing("b3", {5: 95, 6: 100}),
    ]  # fmt: skip


def test_sum_of_final_scores_without_the_top_board() -> None:
    result = team_standings(table(*players()), TEAMS)
    assert [(t.rank, t.team, t.score) for t in result] == [
        (1, "Blue", Fraction(410)),
        (2, "Red", Fraction(370)),
    ]


def test_two_members_on_the_top_board_count_their_round_5_scores() -> None:
    """Red's r1 and r2 both play the top board: they count 150 and 140 (after round 5, not
    their final 120 and 170), r3 his final 80. Blue's b1 is alone there: his final 200 counts."""
    top = ["r1", "r2", "b1"]
    result = {t.team: t for t in team_standings(table(*players()), TEAMS, top_board=top,
                                                qualifying_round=5)}  # fmt: skip
    assert result["Red"].score == 150 + 140 + 80
    assert "after round 5" in explain_text(result["Red"].members[0], "en")
    assert result["Red"].members[0].counted_after == 5
    assert result["Blue"].score == 200 + 110 + 100
    assert explain_text(result["Blue"].members[0], "en") == ""


def test_the_rule_changes_a_total() -> None:
    """b1 and b2 on the top board: 160 + 100 (after 5) + 100 (b3 final) = 360, not 410."""
    result = {t.team: t for t in team_standings(table(*players()), TEAMS, top_board=["b1", "b2"],
                                                qualifying_round=5)}  # fmt: skip
    assert result["Blue"].score == 360


def test_teammates_on_one_board_are_reported_except_on_the_top_board() -> None:
    names = ["r1", "r2", "x3", "x4", "x5", "x6", "x7"]
    seats = tuple(Seat(p, n, 0) for p, n in zip(GREAT_POWERS, names, strict=True))
    board = PlayedBoard(2, "4", seats)
    (found,) = teammates_together([board], TEAMS)
    assert found == TeammatesTogether(2, "4", "Red", ("r1", "r2"))
    assert (
        explain_text(found, "en") == "team rule broken: round 2 board 4 seats r1 and r2 of team Red"
    )
    top = PlayedBoard(6, "1", seats, top_board=True)
    assert teammates_together([top], TEAMS) == []


def test_when_low_is_best_teams_sum_their_members_ranks() -> None:
    """A sum of round ranks (low best): r1 10, r2 20, r3 50, b1 30, b2 40, b3 60 give ranks
    r1 1, r2 2, b1 3, b2 4, r3 5, b3 6: Red 1 + 2 + 5 = 8 beats Blue 3 + 4 + 6 = 13. A member
    who never played counts one place below the last (7)."""
    scores = {"r1": 10, "r2": 20, "r3": 50, "b1": 30, "b2": 40, "b3": 60}
    standings = table(*(standing(p, {6: s}) for p, s in scores.items()), low_is_best=True)
    result = team_standings(standings, TEAMS)
    assert [(t.rank, t.team, t.score) for t in result] == [
        (1, "Red", Fraction(8)),
        (2, "Blue", Fraction(13)),
    ]
    missing = team_standings(standings, {"Red": ("r1", "r2", "r3"), "Lone": ("b1", "zz", "b2")})
    assert {t.team: t.score for t in missing} == {"Red": 8, "Lone": 3 + 7 + 4}


def test_when_low_is_best_the_top_board_rule_counts_the_rank_after_round_5() -> None:
    """r1 and r2 both play the top board. After round 5 r2 ranks 1st (5) and r1 2nd (15);
    finally r1 is 1st (10) and r2 6th (70). Red counts their ranks after round 5, 2 + 1, and
    r3's final rank 4: 7 (the final ranks would give 1 + 6 + 4 = 11)."""
    players = [
        standing("r1", {5: 15, 6: 10}), standing("r2", {5: 5, 6: 70}),
        standing("r3", {5: 45, 6: 50}), standing("b1", {5: 25, 6: 30}),
        standing("b2", {5: 35, 6: 40}), standing("b3", {5: 55, 6: 60}),
    ]  # fmt: skip
    standings = table(*players, low_is_best=True)
    result = {
        t.team: t
        for t in team_standings(standings, TEAMS, top_board=["r1", "r2"], qualifying_round=5)
    }
    # final ranks: r1 1, b1 2, b2 3, r3 4, b3 5, r2 6; after round 5: r2 1, r1 2.
    assert result["Red"].score == 2 + 1 + 4
    assert result["Blue"].score == 2 + 3 + 5
