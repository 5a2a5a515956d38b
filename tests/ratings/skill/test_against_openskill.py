"""Our Weng–Lin models give openskill.py's numbers to 1e-9 (openskill is a test dependency)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

from palmares.ratings.competitions import Competition
from palmares.ratings.skill import MODELS, Rating, WengLin, rate_competitions

OPENSKILL: dict[str, Any] = {
    "plackett-luce": PlackettLuce,
    "bradley-terry-full": BradleyTerryFull,
    "bradley-terry-part": BradleyTerryPart,
    "thurstone-mosteller-full": ThurstoneMostellerFull,
    "thurstone-mosteller-part": ThurstoneMostellerPart,
}
TOLERANCE = 1e-9


def test_every_registered_model_is_compared() -> None:
    assert set(MODELS) == set(OPENSKILL)


def test_defaults_are_openskills() -> None:
    ours, theirs = WengLin(), PlackettLuce()
    assert (ours.mu, ours.sigma, ours.beta, ours.kappa, ours.tau) == (
        theirs.mu,
        theirs.sigma,
        theirs.beta,
        theirs.kappa,
        theirs.tau,
    )
    assert ours.weight_bounds == theirs.weight_bounds
    assert (ours.limit_sigma, ours.balance) == (theirs.limit_sigma, theirs.balance)
    assert ours.epsilon == ThurstoneMostellerFull().epsilon
    assert ours.window == BradleyTerryPart().window_size
    assert (ours.mu, ours.sigma, ours.beta, ours.tau) == (25.0, 25 / 3, 25 / 6, 25 / 300)


@pytest.mark.parametrize("slug", sorted(OPENSKILL))
def test_one_game_at_a_time(slug: str) -> None:
    """500 random games per model: free-for-alls of 2–7, teams of 1–3, ties, weights, τ, the
    balance and limit_sigma options."""
    rng = random.Random(f"skill-{slug}")
    worst = 0.0
    for _ in range(500):
        k = rng.randint(2, 7)
        sizes = [1] * k if rng.random() < 0.5 else [rng.randint(1, 3) for _ in range(k)]
        tau = rng.choice([25 / 300, 0.5, 0.0])
        balance, limit = rng.random() < 0.3, rng.random() < 0.3
        theirs = OPENSKILL[slug](tau=tau, balance=balance, limit_sigma=limit)
        ours = WengLin(slug, tau=tau, balance=balance, limit_sigma=limit)
        teams = [[(rng.uniform(5, 45), rng.uniform(0.3, 9)) for _ in range(n)] for n in sizes]
        ranks = [rng.randint(1, k) for _ in range(k)]
        weights = [[rng.uniform(0.5, 3) for _ in t] for t in teams] if rng.random() < 0.4 else None
        expected = theirs.rate(
            [[theirs.rating(m, s) for m, s in t] for t in teams], ranks=ranks, weights=weights
        )
        got = ours.rate([[Rating(m, s) for m, s in t] for t in teams], ranks, weights)
        for team_e, team_g in zip(expected, got, strict=True):
            for e, g in zip(team_e, team_g, strict=True):
                worst = max(worst, abs(e.mu - g.mu), abs(e.sigma - g.sigma))
    assert worst < TOLERANCE


@pytest.mark.parametrize("slug", sorted(OPENSKILL))
def test_a_history(slug: str) -> None:
    """300 free-for-all games among 25 players, rated in order, with ties."""
    rng = random.Random(f"history-{slug}")
    names = [f"p{i}" for i in range(25)]
    games = []
    for g in range(300):
        players = rng.sample(names, rng.randint(2, 7))
        places = [rng.randint(1, len(players)) for _ in players]
        games.append(Competition(f"g{g}", None, tuple(players), tuple(places)))
    model = OPENSKILL[slug]()
    ratings = {n: model.rating() for n in names}
    for game in games:
        after = model.rate([[ratings[p]] for p in game.players], ranks=list(game.places))
        for p, (r,) in zip(game.players, after, strict=True):
            ratings[p] = r
    history = rate_competitions(games, WengLin(slug))
    for n in names:
        if n in history.flat.players:
            mine = history.rating(n)
            assert abs(mine.mu - ratings[n].mu) < TOLERANCE
            assert abs(mine.sigma - ratings[n].sigma) < TOLERANCE


def test_tau_zero_is_zero() -> None:
    """tau=0.0 is no dynamics (openskill's rate(tau=0) would fall back to the default)."""
    a, b = Rating(25, 8), Rating(25, 8)
    (wa,), (wb,) = WengLin(tau=0.0).rate([[a], [b]], [1, 2])
    assert wa.mu > 25 > wb.mu
    assert wa.mu - 25 == pytest.approx(25 - wb.mu)
    (ta,), _ = WengLin(tau=0.5).rate([[a], [b]], [1, 2])
    assert ta.mu > wa.mu
