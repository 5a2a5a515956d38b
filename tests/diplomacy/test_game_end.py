"""Seed 002, "Game conclusion": solo on a Fall count, unanimous secret vote, time draw."""

import pytest

from palmares.diplomacy.game_end import GameEnd, end_by_time, end_by_vote, solo_after

CENTRES = {"Austria": 0, "England": 12, "France": 9, "Germany": 0, "Italy": 6, "Russia": 7}


def test_solo_only_on_a_fall_count() -> None:
    board = {"Russia": 18, "Turkey": 16}
    assert solo_after("Spring", board) is None
    assert solo_after("Fall", board) == GameEnd("solo", ("Russia",))
    assert solo_after("Fall", {"Russia": 17}) is None


def test_unanimous_vote_of_the_powers_holding_centres() -> None:
    yes = {"England": True, "France": True, "Italy": True, "Russia": True}
    assert end_by_vote(CENTRES, proposer="Italy", votes=yes) == GameEnd(
        "vote", ("England", "France", "Italy", "Russia")
    )
    assert end_by_vote(CENTRES, proposer="Italy", votes={**yes, "France": False}) is None


def test_a_public_veto_means_no_vote() -> None:
    assert end_by_vote(CENTRES, proposer="Italy", vetoes=["England"]) is None


def test_eliminated_powers_take_no_part() -> None:
    with pytest.raises(ValueError, match="Austria holds no centre"):
        end_by_vote(CENTRES, proposer="Austria")
    with pytest.raises(ValueError, match="Germany hold no centre and cannot vote"):
        end_by_vote(
            CENTRES,
            proposer="Italy",
            votes={"England": True, "France": True, "Italy": True, "Russia": True, "Germany": True},
        )
    with pytest.raises(ValueError, match="Russia have not voted"):
        end_by_vote(
            CENTRES, proposer="Italy", votes={"England": True, "France": True, "Italy": True}
        )


def test_time_draw_only_in_the_final_round() -> None:
    assert end_by_time(final_round=True, centres=CENTRES).powers == (
        "England",
        "France",
        "Italy",
        "Russia",
    )
    with pytest.raises(ValueError, match="only in the final round"):
        end_by_time(final_round=False, centres=CENTRES)
