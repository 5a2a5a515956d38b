"""The per-competition measures against hand computations."""

from __future__ import annotations

import math

import pytest

from palmares.ratings.backtest.metrics import (
    average_ranks,
    kendall_tau_b,
    order_log_likelihood,
    spearman,
    top1,
    winner_log_likelihood,
)


def test_tau_b_exact_and_reversed() -> None:
    assert kendall_tau_b([3, 2, 1], [1, 2, 3]) == 1.0
    assert kendall_tau_b([1, 2, 3], [1, 2, 3]) == -1.0


def test_tau_b_with_ties_on_both_sides() -> None:
    # scores 40, 40, 30, 20; places 1, 2, 2, 4. Pairs: (a,b) score tie; (a,c) C; (a,d) C;
    # (b,c) place tie; (b,d) C; (c,d) C → 4 concordant, 0 discordant, n0 = 6,
    # ties: 1 in scores, 1 in places → 4 / √(5·5) = 0.8.
    assert kendall_tau_b([40, 40, 30, 20], [1, 2, 2, 4]) == pytest.approx(0.8)


def test_tau_b_of_a_prediction_that_cannot_tell_is_zero() -> None:
    assert kendall_tau_b([40, 40, 40], [1, 2, 3]) == 0.0
    assert spearman([40, 40, 40], [1, 2, 3]) == 0.0


def test_spearman_with_ties() -> None:
    assert list(average_ranks([10, 20, 20, 30])) == [1.0, 2.5, 2.5, 4.0]
    assert spearman([4, 3, 2, 1], [1, 2, 3, 4]) == pytest.approx(1.0)
    # ranks of score: 1, 2.5, 2.5, 4; of −place (places 4, 3, 1, 2): 1, 2, 4, 3
    # centred: −1.5, 0, 0, 1.5 and −1.5, −0.5, 1.5, 0.5 → 3 / √(4.5 · 5)
    assert spearman([10, 20, 20, 30], [4, 3, 1, 2]) == pytest.approx(3 / math.sqrt(22.5))


def test_top1_shares_a_tie_among_the_predicted_best() -> None:
    assert top1([5, 5, 1], [1, 2, 3]) == 0.5
    assert top1([9, 5, 1], [2, 1, 3]) == 0.0


def test_plackett_luce_log_likelihood() -> None:
    lw = [math.log(3), math.log(2), math.log(1)]
    # P(order a, b, c) = 3/6 · 2/3
    assert order_log_likelihood(lw, [1, 2, 3]) == pytest.approx(math.log(3 / 6 * 2 / 3))
    assert order_log_likelihood(lw, [3, 2, 1]) == pytest.approx(math.log(1 / 6 * 2 / 5))
    assert winner_log_likelihood(lw, [2, 1, 3]) == pytest.approx(math.log(2 / 6))
    assert winner_log_likelihood(lw, [1, 1, 3]) == pytest.approx(math.log(5 / 6))
