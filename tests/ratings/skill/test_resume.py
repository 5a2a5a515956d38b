"""``rate_flat(..., start=…)``: competitions rated from the ratings an earlier history left give
the floats of rating both histories in one go, bit for bit (issue 15: the stored skill is
updated by the new competitions only)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from palmares.ratings.competitions import Competition
from palmares.ratings.skill import MODELS, WengLin, rate_competitions
from palmares.ratings.skill.history import flatten, rate_flat


def _games(seed: str, n: int, names: list[str]) -> list[Competition]:
    rng = random.Random(seed)
    out = []
    for g in range(n):
        players = rng.sample(names, rng.randint(2, min(7, len(names))))
        places = sorted(rng.randint(1, len(players)) for _ in players)
        out.append(Competition(f"g{g}", None, tuple(players), tuple(places)))
    return out


@pytest.mark.parametrize("slug", list(MODELS))
def test_resuming_from_the_ratings_after_a_prefix_is_the_whole_replay(slug: str) -> None:
    model = WengLin(slug)
    names = [f"p{i}" for i in range(60)]
    games = _games(slug, 700, names) + _games(slug, 200, [*names[20:], "new 1", "new 2"])
    whole = rate_competitions(games, model)
    first = rate_competitions(games[:700], model)
    rest = flatten(games[700:])
    known = {p: i for i, p in enumerate(first.flat.players)}
    mu = [first.mu[known[p]] if p in known else model.mu for p in rest.players]
    sigma = [first.sigma[known[p]] if p in known else model.sigma for p in rest.players]
    resumed = rate_flat(rest, model, start=(np.array(mu), np.array(sigma)))
    at = {p: i for i, p in enumerate(whole.flat.players)}
    moved = [at[p] for p in rest.players]
    assert whole.mu[moved].tolist() == resumed.mu.tolist()
    assert whole.sigma[moved].tolist() == resumed.sigma.tolist()
    # the players of the new games only start at the model's rating, as in the whole replay
    assert set(rest.players) - set(first.flat.players) == {"new 1", "new 2"}


def test_a_start_of_the_wrong_length_is_refused() -> None:
    rest = flatten(_games("short", 3, ["a", "b", "c"]))
    with pytest.raises(ValueError, match="3 ratings expected"):
        rate_flat(rest, WengLin(), start=(np.zeros(2), np.zeros(2)))
