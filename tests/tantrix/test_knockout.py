"""Unrated players rated along the draw (seed 003, "Players who previously had unofficial or no
ratings", steps 1–3), for any draw shape and depth."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.tantrix.factor import factor
from palmares.tantrix.knockout import rate_unrated
from tests.tantrix.helpers import match

# Eight players, one officially rated (R, 2000). F wins the final against R.
EIGHT = [
    match("R", "A", 4, 50, rnd="R1"),
    match("B", "C", 4, 45, rnd="R1"),
    match("D", "E", 4, 47, rnd="R1"),
    match("F", "G", 4, 60, rnd="R1"),
    match("R", "B", 4, 48, rnd="SF"),
    match("F", "D", 4, 44, rnd="SF"),
    match("F", "R", 4, 42, rnd="F"),
]


def test_stages_follow_the_draw() -> None:
    chain = rate_unrated(EIGHT, {"R": 2000.0})
    stages = {c.player: (c.stage, c.rated_from) for c in chain.rated}
    assert stages == {
        "A": (1, ("R",)),
        "B": (1, ("R",)),
        "F": (1, ("R",)),
        "C": (2, ("B",)),
        "D": (2, ("F",)),
        "G": (2, ("F",)),
        "E": (3, ("D",)),
    }
    assert chain.unconnected == ()


def test_the_chain_is_not_rounded() -> None:
    chain = rate_unrated(EIGHT, {"R": 2000.0})
    f = 2000 + factor(Fraction(42, 80))
    d = f + factor(Fraction(36, 80))
    e = d + factor(Fraction(33, 80))
    assert chain.rating_of("F") == pytest.approx(f, abs=1e-9)
    assert chain.rating_of("D") == pytest.approx(d, abs=1e-9)
    assert chain.rating_of("E") == pytest.approx(e, abs=1e-9)
    assert round(e, 6) != round(
        round(round(f) + factor(Fraction(36, 80))) + factor(Fraction(33, 80)), 6
    )


def test_draw_order_walks_each_branch() -> None:
    chain = rate_unrated(EIGHT, {"R": 2000.0})
    assert [c.player for c in chain.rated] == ["A", "B", "C", "F", "D", "E", "G"]


def test_a_player_who_met_only_unconnected_players_stays_unrated() -> None:
    matches = [*EIGHT, match("X", "Y", 3, 40, rnd="side"), match("Y", "Z", 3, 31, rnd="side")]
    chain = rate_unrated(matches, {"R": 2000.0})
    played = {u.player: u.played for u in chain.unconnected}
    assert played == {"X": ("Y",), "Y": ("X", "Z"), "Z": ("Y",)}
    assert chain.rating_of("X") is None


def test_several_rated_opponents_use_the_normal_method() -> None:
    # U met two rated players: G-weighted share and opponent rating, Factor once.
    matches = [match("P", "U", 4, 50), match("U", "Q", 2, 25)]
    chain = rate_unrated(matches, {"P": 2000.0, "Q": 1700.0})
    u = chain.rated[0]
    assert u.performance.share == Fraction(30 + 25, 120)
    assert u.performance.opponent_elo == pytest.approx((4 * 2000 + 2 * 1700) / 6)
    assert u.elo == pytest.approx((4 * 2000 + 2 * 1700) / 6 + factor(Fraction(55, 120)))


def test_a_bye_needs_no_row() -> None:
    # A has a bye in round one, then beats B (who beat C) and loses the final to R.
    matches = [
        match("B", "C", 4, 44, rnd="R1"),
        match("A", "B", 4, 41, rnd="SF"),
        match("R", "A", 4, 46, rnd="F"),
    ]
    chain = rate_unrated(matches, {"R": 1900.0})
    assert [(c.player, c.stage) for c in chain.rated] == [("A", 1), ("B", 2), ("C", 3)]
    assert chain.rating_of("C") == pytest.approx(
        1900 + factor(Fraction(34, 80)) + factor(Fraction(39, 80)) + factor(Fraction(36, 80))
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda rounds: st.tuples(
            st.just(rounds),
            st.lists(st.integers(1, 79), min_size=2**rounds - 1, max_size=2**rounds - 1),
            st.sets(st.integers(0, 2**rounds - 1), min_size=1),
        )
    )
)
def test_any_knockout_with_a_rated_player_rates_everyone(
    draw: tuple[int, list[int], set[int]],
) -> None:
    rounds, scores, rated = draw
    alive = [f"p{i}" for i in range(2**rounds)]
    official = {f"p{i}": 1500.0 + 10 * i for i in rated}
    matches = []
    points = iter(scores)
    while len(alive) > 1:
        winners = []
        for a, b in zip(alive[::2], alive[1::2], strict=True):
            tp = next(points)
            matches.append(match(a, b, 4, tp))
            winners.append(a if tp > 40 else b)
        alive = winners
    chain = rate_unrated(matches, official)
    assert chain.unconnected == ()
    assert {c.player for c in chain.rated} == {f"p{i}" for i in range(2**rounds)} - set(official)
    ratings = {**official, **{c.player: c.elo for c in chain.rated}}
    for c in chain.rated:
        # Each rating is its opponents' (G-weighted) rating plus Factor of the share.
        assert all(ratings[o] is not None for o in c.rated_from)
        opp = sum(ratings[o.opponent] * o.games for o in c.performance.outcomes) / sum(
            o.games for o in c.performance.outcomes
        )
        assert c.elo == pytest.approx(opp + factor(c.performance.share), abs=1e-6)
        if c.stage > 1:
            assert all(o not in official for o in c.rated_from)
