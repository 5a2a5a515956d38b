"""Top-board invitations, declines and the champion (seed 002, "Top Board")."""

from fractions import Fraction

from palmares.diplomacy.top_board import champion, check_top_board, invite
from tests.diplomacy.helpers import game, standing, table, top_board

NAMES = [f"p{i}" for i in range(1, 11)]


def ten_players() -> list:  # type: ignore[type-arg]
    # p1 has 200 after round 5, p2 190 … p10 110.
    return [standing(p, {5: 210 - 10 * i}) for i, p in enumerate(NAMES, start=1)]


def test_the_seven_best_are_invited() -> None:
    top = invite(table(*ten_players()), 5)
    assert top.players == tuple(NAMES[:7])
    assert top.declined == ()


def test_a_decline_passes_the_seat_down_the_list() -> None:
    """p3 and p5 decline: the 8th and 9th ranked take their seats; the walk stops there."""
    top = invite(table(*ten_players()), 5, {"p3": "tired", "p5": "team"})
    assert top.players == ("p1", "p2", "p4", "p6", "p7", "p8", "p9")
    assert [(i.player, i.reason) for i in top.declined] == [("p3", "tired"), ("p5", "team")]
    assert [i.rank for i in top.invitations] == list(range(1, 10))


def test_a_seating_that_differs_from_the_walk_is_reported() -> None:
    standings = table(*ten_players())
    top = invite(standings, 5)
    wrong = top_board(6, ["p1", "p2", "p3", "p4", "p5", "p6", "p9"])
    assert check_top_board(top, wrong, standings) == [
        "p9 is on the top board but was not invited (score 120 after round 5; invited: p1, p2, "
        "p3, p4, p5, p6, p7)",
        "p7 was invited to the top board (rank 7 after round 5) but is not on it and has no "
        "decline recorded",
    ]
    assert check_top_board(top, top_board(6, NAMES[:7]), standings) == []


def test_a_tie_at_the_cut_may_be_seated_either_way() -> None:
    players = ten_players()
    players[7] = standing("p8", {5: 140})  # p7 and p8 tie for 7th at 140
    standings = table(*players)
    top = invite(standings, 5)
    assert top.players[-1] == "p7"  # name order inside the tie
    seated = top_board(6, ["p1", "p2", "p3", "p4", "p5", "p6", "p8"])
    assert check_top_board(top, seated, standings) == []


def test_the_champion_takes_most_from_the_top_board_pot() -> None:
    """p2 takes 40 against p1's 30: p2 is champion even with less going in."""
    board = top_board(6, NAMES[:7])
    players = [
        standing(p, {5: 200 - i, 6: 0}, (game(6, "top", power, str(200 - i), "10", 5, pts),))
        for i, (p, power, pts) in enumerate(
            zip(
                NAMES[:7],
                [s.power for s in board.seats],
                ["30", "40", "0", "0", "0", "0", "0"],
                strict=True,
            )
        )
    ]
    winner = champion(table(*players), board)
    assert winner.players == ("p2",)
    assert winner.points == 40


def test_a_tie_on_the_top_board_goes_to_the_higher_score_going_in() -> None:
    board = top_board(6, NAMES[:7])
    powers = [s.power for s in board.seats]
    before = ["150", "180", "100", "100", "100", "100", "100"]
    players = [
        standing(p, {5: int(b), 6: 0}, (game(6, "top", pw, b, "31.79", 9, pts),))
        for p, pw, b, pts in zip(
            NAMES[:7], powers, before, ["37.381", "37.381", "1", "1", "1", "1", "1"], strict=True
        )
    ]
    winner = champion(table(*players), board)
    assert winner.players == ("p2",)
    assert winner.score_before == 180
    assert "tied with p1, broken by the score going into round 6 (180)" in winner.text
    # Equal going in as well: the title is shared.
    players[0] = standing("p1", {5: 180, 6: 0}, (game(6, "top", powers[0], "180", "31.79", 9,
                                                      "37.381"),))  # fmt: skip
    shared = champion(table(*players), board)
    assert shared.players == ("p1", "p2") and "shared" in shared.text
    assert shared.points == Fraction("37.381")
