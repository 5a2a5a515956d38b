"""Top-board invitations, declines and the champion (seed 002, "Top Board")."""

from fractions import Fraction

from palmares.diplomacy.aggregation._games import CountedGame
from palmares.diplomacy.aggregation.base import Line, Standing
from palmares.diplomacy.top_board import champion, check_top_board, inferred_declines, invite
from palmares.explain import explain_text
from tests.diplomacy.helpers import game, standing, table, top_board

NAMES = [f"p{i}" for i in range(1, 11)]


def ten_players() -> list[Standing]:
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
    assert [explain_text(p, "en") for p in check_top_board(top, wrong, standings)] == [
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
        standing(p, {5: 200 - i, 6: 0}, (game(6, "top", power, str(200 - i), pts, 5, pts),))
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
        standing(p, {5: int(b), 6: 0}, (game(6, "top", pw, b, raw, 9, pts),))
        for p, pw, b, raw, pts in zip(
            NAMES[:7],
            powers,
            before,
            ["31.79", "31.79", "1", "1", "1", "1", "1"],
            ["37.381", "37.381", "1", "1", "1", "1", "1"],
            strict=True,
        )
    ]
    winner = champion(table(*players), board)
    assert winner.players == ("p2",)
    assert winner.score_before == 180
    assert "tied with p1, broken by the score going into round 6 (180)" in explain_text(
        winner, "en"
    )
    # Equal going in as well: the title is shared.
    players[0] = standing("p1", {5: 180, 6: 0}, (game(6, "top", powers[0], "180", "31.79", 9,
                                                      "37.381"),))  # fmt: skip
    shared = champion(table(*players), board)
    assert shared.players == ("p1", "p2") and "shared" in explain_text(shared, "en")
    assert shared.points == Fraction("37.381")


def low_is_best_players() -> list[Standing]:
    # A sum of ranks: p1 has 10 after round 5 (the best), p2 20 … p10 100.
    return [standing(p, {5: 10 * i}) for i, p in enumerate(NAMES, start=1)]


def test_when_low_is_best_the_lowest_scores_are_invited() -> None:
    standings = table(*low_is_best_players(), low_is_best=True)
    top = invite(standings, 5, {"p2": "tired"})
    assert top.players == ("p1", "p3", "p4", "p5", "p6", "p7", "p8")
    assert [i.rank for i in top.invitations] == list(range(1, 9))
    assert check_top_board(top, top_board(6, list(top.players)), standings) == []


def test_when_low_is_best_a_tie_at_the_cut_is_the_highest_invited_score() -> None:
    players = low_is_best_players()
    players[7] = standing("p8", {5: 70})  # p7 and p8 tie for 7th at 70 (low is best)
    standings = table(*players, low_is_best=True)
    top = invite(standings, 5)
    seated = top_board(6, ["p1", "p2", "p3", "p4", "p5", "p6", "p8"])
    assert check_top_board(top, seated, standings) == []


def test_when_low_is_best_a_top_board_tie_goes_to_the_lower_score_going_in() -> None:
    """p1 and p2 score the same on the top board; p1 went in with 30, p2 with 20 (a sum of
    ranks): p2 had the better standing going into the final round and is champion."""
    board = top_board(6, NAMES[:7])
    powers = [s.power for s in board.seats]
    before = ["30", "20", "40", "50", "60", "70", "80"]
    players = [
        standing(p, {5: int(b), 6: int(b) + 1}, (game(6, "top", pw, b, raw, 9, raw),))
        for p, pw, b, raw in zip(
            NAMES[:7], powers, before, ["40", "40", "4", "4", "4", "4", "4"], strict=True
        )
    ]
    winner = champion(table(*players, low_is_best=True), board)
    assert winner.players == ("p2",)
    assert "broken by the score going into round 6 (20, lower is better)" in explain_text(
        winner, "en"
    )


def dropped_or_counted(player: str, power: str, raw: str) -> Line:
    """A best-N game line on the top board: p1's game is dropped (weight 0, no points)."""
    weight = Fraction(0 if player == "p1" else 1)
    return Line(
        round=6,
        kind="game",
        before=Fraction(100),
        after=Fraction(100),
        step=CountedGame(weight, Fraction(100)),
        board="top",
        power=power,
        centres=9,
        board_score=Fraction(raw),
        points=weight * Fraction(raw),
    )


def test_the_champion_is_decided_by_the_board_score_not_what_the_aggregation_counted() -> None:
    """Under best N games the top-board game may count for nothing (points 0): p1 has the best
    board score, 50, but the aggregation dropped it; p1 is still champion."""
    board = top_board(6, NAMES[:7])
    raws = ["50", "30", "10", "5", "3", "1", "1"]
    players = [
        standing(p, {5: 100, 6: 100}, (dropped_or_counted(p, seat.power, raw),))
        for p, seat, raw in zip(NAMES[:7], board.seats, raws, strict=True)
    ]
    winner = champion(table(*players), board)
    assert winner.players == ("p1",)
    assert winner.points == 50
    assert "has the best board score on the top board, 50" in explain_text(winner, "en")


def test_a_player_who_lost_the_tie_at_the_cut_did_not_decline() -> None:
    """p7 and p8 tie for 7th at 140 and the TD seated p8: p7 neither declined nor was invited
    (before, the walk in name order called p7 a decline and invited p8 in its place)."""
    players = ten_players()
    players[7] = standing("p8", {5: 140})
    standings = table(*players)
    seated = top_board(6, ["p1", "p2", "p3", "p4", "p5", "p6", "p8"])
    assert inferred_declines(standings, 5, seated) == {}
    top = invite(standings, 5, seated=seated.players)
    assert top.players == ("p1", "p2", "p3", "p4", "p5", "p6", "p8")
    assert top.declined == ()
    # A real decline above the cut is still one.
    seated = top_board(6, ["p1", "p2", "p4", "p5", "p6", "p7", "p8"])
    assert inferred_declines(standings, 5, seated) == {"p3": "not on the top board (inferred)"}
