import pytest

from palmares.core.errors import PalmaresError
from palmares.wizard.hand_score import game_total, hand_score, hands_in_game


def test_a_made_bid_scores_20_plus_10_per_trick() -> None:
    assert hand_score(0, 0) == 20
    assert hand_score(3, 3) == 50


def test_a_missed_bid_loses_10_per_trick_off() -> None:
    assert hand_score(3, 1) == -20
    assert hand_score(0, 2) == -20
    assert hand_score(1, 4) == -30


def test_game_total_sums_the_hands() -> None:
    assert game_total([(1, 1), (2, 0), (0, 0)]) == 30 - 20 + 20


def test_hands_per_game_use_the_60_card_deck() -> None:
    assert [hands_in_game(n) for n in (3, 4, 5, 6)] == [20, 15, 12, 10]
    with pytest.raises(PalmaresError):
        hands_in_game(7)
