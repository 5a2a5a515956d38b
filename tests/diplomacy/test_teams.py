"""The team championship and its top-board rule (seed 002, "Team Tournament")."""

from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.teams import team_standings, teammates_together
from tests.diplomacy.helpers import standing, table

TEAMS = {"Red": ("r1", "r2", "r3"), "Blue": ("b1", "b2", "b3")}


def players() -> list:  # type: ignore[type-arg]
    return [
        standing("r1", {5: 150, 6: 120}), standing("r2", {5: 140, 6: 170}),
        standing("r3", {5: 90, 6: 80}), standing("b1", {5: 160, 6: 200}),
        standing("b2", {5: 100, 6: 110}), standing("b3", {5: 95, 6: 100}),
    ]  # fmt: skip


def test_sum_of_final_scores_without_the_top_board() -> None:
    result = team_standings(table(*players()), TEAMS)
    assert [(t.rank, t.team, t.score) for t in result] == [(1, "Blue", 410), (2, "Red", 370)]


def test_two_members_on_the_top_board_count_their_round_5_scores() -> None:
    """Red's r1 and r2 both play the top board: they count 150 and 140 (after round 5, not
    their final 120 and 170), r3 his final 80. Blue's b1 is alone there: his final 200 counts."""
    top = ["r1", "r2", "b1"]
    result = {t.team: t for t in team_standings(table(*players()), TEAMS, top_board=top,
                                                qualifying_round=5)}  # fmt: skip
    assert result["Red"].score == 150 + 140 + 80
    assert "after round 5" in result["Red"].members[0].note
    assert result["Blue"].score == 200 + 110 + 100
    assert result["Blue"].members[0].note == ""


def test_the_rule_changes_a_total() -> None:
    """b1 and b2 on the top board: 160 + 100 (after 5) + 100 (b3 final) = 360, not 410."""
    result = {t.team: t for t in team_standings(table(*players()), TEAMS, top_board=["b1", "b2"],
                                                qualifying_round=5)}  # fmt: skip
    assert result["Blue"].score == 360


def test_teammates_on_one_board_are_reported_except_on_the_top_board() -> None:
    names = ["r1", "r2", "x3", "x4", "x5", "x6", "x7"]
    seats = tuple(Seat(p, n, 0) for p, n in zip(GREAT_POWERS, names, strict=True))
    board = PlayedBoard(2, "4", seats)
    assert teammates_together([board], TEAMS) == ["round 2 board 4 seats r1 and r2 of team Red"]
    top = PlayedBoard(6, "1", seats, top_board=True)
    assert teammates_together([top], TEAMS) == []
