"""The backtest is honest by construction, and it finds the model that made the data."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from palmares.io.results import read_results
from palmares.ratings.backtest import SYSTEMS, backtest, predict
from palmares.ratings.competitions import Competition, from_results
from palmares.ratings.dip_pouch import rate_history

REPO = Path(__file__).resolve().parents[3]


def history(seed: int, games: int = 600, players: int = 40) -> list[Competition]:
    """Players with a latent strength; each game's order drawn from a Plackett–Luce model with
    worths exp(strength): the winner chosen with probability ∝ worth, then the next …"""
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, 1.2, players)
    out = []
    for g in range(games):
        seated = list(rng.choice(players, 7, replace=False))
        order = []
        while seated:
            w = np.exp(strength[seated])
            pick = int(rng.choice(len(seated), p=w / w.sum()))
            order.append(seated.pop(pick))
        out.append(Competition(f"g{g}", None, tuple(f"p{i}" for i in order), tuple(range(1, 8))))
    return out


@pytest.mark.parametrize("system", sorted(set(SYSTEMS) - {"tantrix-elo"}))
def test_shuffling_the_future_changes_no_past_prediction(system: str) -> None:
    """Every system on free-for-alls of seven (Tantrix Elo rates two-player matches: its own
    test is tests/ratings/backtest/test_tantrix_elo.py)."""
    past = history(1, games=120)
    future = history(2, games=80)
    shuffled = [
        Competition(c.key, c.day, c.players, tuple(random.Random(i).sample(c.places, 7)))
        for i, c in enumerate(future)
    ]
    random.Random(3).shuffle(shuffled)
    a = predict(system, past + future)
    b = predict(system, past + shuffled)
    assert a[: len(past)] == b[: len(past)]
    # and no prediction used its own competition's result: reverse the result of game 50
    reversed_50 = Competition("x", None, past[50].players, tuple(reversed(past[50].places)))
    c = predict(system, [*past[:50], reversed_50])
    before = dict(zip(a[50].players, a[50].score, strict=True))
    assert dict(zip(c[50].players, c[50].score, strict=True)) == before


def test_the_generating_model_predicts_best() -> None:
    result = backtest(history(7), ["dip-pouch", "plackett-luce", "elo", "thurstone-mosteller-full"])
    by = {s.system: s.returning for s in result.systems}

    def tau(system: str) -> float:
        value = by[system].mean("kendall_tau")
        assert value is not None
        return value

    assert tau("plackett-luce") > tau("dip-pouch")
    assert tau("plackett-luce") > tau("elo")
    best = max(
        ("plackett-luce", "elo", "thurstone-mosteller-full"),
        key=lambda s: by[s].mean("log_likelihood") or -1e9,
    )
    assert best == "plackett-luce"
    # far better than knowing nothing: a uniform guess has log L = −log 7! per game
    assert (by["plackett-luce"].mean("log_likelihood") or 0) > -np.log(5040) + 0.5
    blind = backtest(history(7), ["uniform"]).systems[0].all
    assert blind.mean("log_likelihood") == pytest.approx(-np.log(5040))
    assert blind.mean("kendall_tau") == 0.0
    low, high = by["plackett-luce"].interval("kendall_tau")
    assert low is not None and high is not None
    assert low < (by["plackett-luce"].mean("kendall_tau") or 0) < high


def test_dip_pouch_tau_b_on_a_hand_made_history() -> None:
    """Three players, two events of value 10 (a Dip Pouch rating moves 10% to the percentile).

    Event 1: A 1st, B 2nd, C 3rd → percentiles 83.33, 50, 16.67; ratings 44.33, 41, 37.67.
    Event 2 (A, B, C, D): predicted by rating A > B > C > D (D new, 40 — above C's 37.67):
    order A, B, D, C. Actual: B 1st, A 2nd, C 3rd, D 4th. Pairs: (A,B) discordant, (A,C) C,
    (A,D) C, (B,C) C, (B,D) C, (C,D) predicted D above C but C finished above: D.
    τ-b = (4 − 2) / 6 = 1/3.
    """
    e1 = Competition("e1", None, ("A", "B", "C"), (1, 2, 3), 10.0)
    e2 = Competition("e2", None, ("B", "A", "C", "D"), (1, 2, 3, 4), 10.0)
    result = backtest([e1, e2], ["dip-pouch"]).systems[0]
    second = result.predictions[1]
    assert dict(zip(second.place, second.score, strict=True)) == pytest.approx(
        {1: 41.0, 2: 40 + 0.1 * (250 / 3 - 40), 3: 40 + 0.1 * (50 / 3 - 40), 4: 40.0}
    )
    assert result.all.competitions == result.newcomers.competitions == 2
    assert result.all.mean("kendall_tau") == pytest.approx((0.0 + 1 / 3) / 2)
    # among returning players A, B, C of event 2: predicted A, B, C; finished B, A, C
    assert result.returning.competitions == 1
    assert result.returning.mean("kendall_tau") == pytest.approx(1 / 3)
    assert result.returning.mean("top1") == 0.0


def test_the_wizard_skill_ratio_predicts_from_earlier_games() -> None:
    """Seed 004: placement points are the players below minus those above; SR = points / games.
    After A 1st, B 2nd, C 3rd: A +2, B 0, C −2 in one game each."""
    g1 = Competition("g1", None, ("A", "B", "C"), (1, 2, 3))
    g2 = Competition("g2", None, ("C", "B", "A", "D"), (1, 2, 3, 4))
    second = predict("skill-ratio", [g1, g2])[1]
    assert dict(zip(second.players, second.score, strict=True)) == {
        "A": 2.0, "B": 0.0, "C": -2.0, "D": 0.0,
    }  # fmt: skip
    assert second.log_worth is None


def test_the_dip_pouch_system_is_seed_000s_rule() -> None:
    """Before every event, the backtest's Dip Pouch score of each player is the exact rating
    (palmares.ratings.dip_pouch.rate_history) before that event."""
    results = read_results(REPO / "examples" / "dip-pouch" / "history.csv")
    exact = rate_history(results)
    before = {(s.player, s.event): float(s.before) for steps in exact.values() for s in steps}
    checked = 0
    for p in predict("dip-pouch", from_results(results)):
        for player, score in zip(p.players, p.score, strict=True):
            assert score == pytest.approx(before[(player, p.key)], abs=1e-9)
            checked += 1
    assert checked == sum(len(e.placements) for e in results.events)
