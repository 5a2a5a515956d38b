"""``flatten``: the vectorised layout is the plain one (players numbered in order of first
appearance after each competition is sorted by place, stably)."""

from __future__ import annotations

import random

import numpy as np

from palmares.ratings.competitions import Competition
from palmares.ratings.skill.history import flat_from_ids, flatten


def _plain(competitions: list[Competition]) -> tuple[tuple[str, ...], list[int], list[int]]:
    index: dict[str, int] = {}
    player: list[int] = []
    place: list[int] = []
    for c in competitions:
        for r, p in sorted(zip(c.places, c.players, strict=True), key=lambda e: e[0]):
            player.append(index.setdefault(p, len(index)))
            place.append(r)
    return tuple(index), player, place


def test_flatten_is_the_plain_layout() -> None:
    rng = random.Random("flatten")
    names = [f"p{i}" for i in range(40)]
    for listed_best_first in (True, False):
        games = []
        for g in range(400):
            players = rng.sample(names, rng.randint(2, 9))
            places = sorted(rng.randint(1, len(players)) for _ in players)
            if not listed_best_first:
                rng.shuffle(places)
            games.append(Competition(f"g{g}", None, tuple(players), tuple(places)))
        flat = flatten(games)
        names_in_order, player, place = _plain(games)
        assert flat.players == names_in_order
        assert flat.player.tolist() == player
        assert flat.place.tolist() == place
        sizes = [len(g.players) for g in games]
        assert flat.offsets.tolist() == np.concatenate(([0], np.cumsum(sizes))).tolist()


def test_a_drop_only_between_competitions_is_no_disorder() -> None:
    games = [
        Competition("a", None, ("x", "y", "z"), (1, 2, 3)),
        Competition("b", None, ("z", "w"), (1, 1)),
        Competition("c", None, ("w", "x"), (2, 1)),
    ]
    flat = flatten(games)
    assert flat.players == ("x", "y", "z", "w")
    assert flat.player.tolist() == [0, 1, 2, 2, 3, 0, 3]
    assert flat.place.tolist() == [1, 2, 3, 1, 1, 1, 2]
    assert flatten([]).n_competitions == 0


def test_arrays_built_directly_are_the_same_layout() -> None:
    """``flat_from_ids`` (integer ids, one compiled pass) lays out what ``flatten`` does."""
    rng = random.Random("ids")
    for spread in (60, 10**12):  # a dense table of ids, and ids too sparse for one
        ids = rng.sample(range(spread), 50)
        games: list[Competition] = []
        flat_ids: list[int] = []
        places: list[int] = []
        offsets = [0]
        for g in range(300):
            who = rng.sample(ids, rng.randint(2, 8))
            where = [rng.randint(1, len(who)) for _ in who]
            games.append(Competition(f"g{g}", None, tuple(map(str, who)), tuple(where)))
            flat_ids.extend(who)
            places.extend(where)
            offsets.append(len(flat_ids))
        direct = flat_from_ids(flat_ids, offsets, places)
        flat = flatten(games)
        assert direct.players == flat.players
        assert direct.player.tolist() == flat.player.tolist()
        assert direct.place.tolist() == flat.place.tolist()
        assert direct.offsets.tolist() == flat.offsets.tolist()
