"""Officially rated players, round robins and the conservation check (seed 003, second table)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from palmares.core.errors import PalmaresError
from palmares.tantrix.factor import factor
from palmares.tantrix.tournament import OfficialPlayer, UnratedPlayer, UseReason, rate_tournament
from tests.tantrix.helpers import match


def official(result_player: OfficialPlayer | UnratedPlayer) -> OfficialPlayer:
    assert isinstance(result_player, OfficialPlayer)
    return result_player


def test_rated_player_with_no_rated_opponents_keeps_their_rating() -> None:
    # R beats two newcomers who play no one else (N2 had a bye): both at R's own rating.
    matches = [match("R", "N1", 4, 70, rnd="R1"), match("R", "N2", 3, 50, rnd="F")]
    r = official(rate_tournament(matches, {"R": 1850}).player("R"))
    assert r.normal is None
    assert (r.own_games, r.tournament_games, r.tournament_elo) == (7, 7, 1850.0)
    assert [u.counted for u in r.uses] == ["own", "own"]
    assert r.uses[0].why is UseReason.LONE_UNRATED_OPPONENT and r.uses[0].opponent_matches == 1


def test_the_seeds_mixed_method() -> None:
    # R (2000) beats N (a newcomer who plays no one else), beats W (who also beat X), and
    # loses to Q (1900, officially rated).
    matches = [
        match("R", "N", 4, 75, rnd="R1"),
        match("W", "X", 4, 44, rnd="R1"),
        match("R", "W", 4, 46, rnd="SF"),
        match("Q", "R", 4, 42, rnd="F"),
    ]
    result = rate_tournament(matches, {"R": 2000, "Q": 1900})
    r = official(result.player("R"))
    w = result.player("W")
    assert isinstance(w, UnratedPlayer) and w.elo is not None
    assert [(u.opponent, u.counted) for u in r.uses] == [
        ("N", "own"),
        ("W", "normal"),
        ("Q", "normal"),
    ]
    assert r.normal is not None
    assert r.normal.share == Fraction(46 + 38, 160)
    assert r.normal.opponent_elo == pytest.approx((w.elo + 1900) / 2)
    normal_elo = (w.elo + 1900) / 2 + factor(Fraction(84, 160))
    assert r.normal.elo == pytest.approx(normal_elo)
    assert r.tournament_elo == pytest.approx((8 * normal_elo + 4 * 2000) / 12)
    assert r.lost_to == ("Q",)


def test_own_rating_override() -> None:
    matches = [match("W", "X", 4, 44), match("R", "W", 4, 46, own="R")]
    r = official(rate_tournament(matches, {"R": 2000}).player("R"))
    assert r.normal is None and r.tournament_elo == 2000.0
    assert r.uses[0].why is UseReason.OWN_RATING_SET


def test_own_rating_must_be_official() -> None:
    with pytest.raises(PalmaresError, match="own_rating W has no official rating"):
        rate_tournament([match("R", "W", 4, 46, own="W")], {"R": 2000})


ROUND_ROBIN = [
    match("P", "Q", 2, 22),
    match("P", "U", 2, 30),
    match("P", "V", 2, 26),
    match("Q", "U", 2, 19),
    match("Q", "V", 2, 24),
    match("U", "V", 2, 21),
]


def test_round_robin_everyone_played_more_than_one_match() -> None:
    result = rate_tournament(ROUND_ROBIN, {"P": 2000, "Q": 1800})
    u, v = result.player("U"), result.player("V")
    assert isinstance(u, UnratedPlayer) and isinstance(v, UnratedPlayer)
    assert u.chain is not None and u.chain.rated_from == ("P", "Q")
    assert u.elo == pytest.approx(1900 + factor(Fraction(10 + 21, 80)))
    assert v.elo == pytest.approx(1900 + factor(Fraction(14 + 16, 80)))
    p = official(result.player("P"))
    assert [x.counted for x in p.uses] == ["normal"] * 3
    assert p.own_games == 0 and p.tournament_games == 6
    assert p.normal is not None
    assert p.normal.share == Fraction(22 + 30 + 26, 120)
    assert u.elo is not None and v.elo is not None
    assert p.tournament_elo == pytest.approx((1800 + u.elo + v.elo) / 3 + factor(Fraction(78, 120)))
    assert [x.player for x in result.official] == ["P", "Q"]


def test_conservation_is_the_sum_of_factors_when_all_are_official() -> None:
    ratings = {"P": 2000, "Q": 1800, "U": 1750, "V": 1600}
    result = rate_tournament(ROUND_ROBIN, ratings)
    c = result.conservation
    assert c.pre_sum == 6 * (2000 + 1800 + 1750 + 1600)
    assert c.games == 24
    factors = math.fsum(o.tournament_games * o.normal.factor for o in result.official if o.normal)
    assert c.difference == pytest.approx(factors, abs=1e-6)
    assert c.per_game == pytest.approx(factors / 24, abs=1e-9)


def test_conservation_holds_exactly_for_even_results() -> None:
    matches = [match("P", "Q", 2, 20), match("Q", "S", 3, 30), match("S", "P", 1, 10)]
    c = rate_tournament(matches, {"P": 2000, "Q": 1800, "S": 1500}).conservation
    assert c.difference == pytest.approx(0, abs=1e-9)


def test_an_empty_tournament_is_an_error() -> None:
    with pytest.raises(PalmaresError, match="at least one match"):
        rate_tournament([], {})
