"""Places 2–7 and best countries (seed 002, "Prizes")."""

from dataclasses import replace
from fractions import Fraction

from palmares.diplomacy.aggregation._games import CountedGame
from palmares.diplomacy.awards import best_countries, places
from tests.diplomacy.helpers import game, standing, table

COUNTED = CountedGame(factor=Fraction(1), total=Fraction(0))


def test_places_leave_out_the_champion_and_share_ties() -> None:
    scores = {"a": 300, "b": 250, "c": 200, "d": 190, "e": 180, "f": 170, "g": 170, "h": 160}
    standings = table(*(standing(p, {6: s}) for p, s in scores.items()))
    result = places(standings, {"c"})
    # a 2nd, b 3rd, d 4th, e 5th, f and g tie for 6th; h would be 8th.
    assert [(p.place, p.player) for p in result] == [
        (2, "a"), (3, "b"), (4, "d"), (5, "e"), (6, "f"), (6, "g"),
    ]  # fmt: skip


def test_best_country_raw_score_then_centres_then_payout() -> None:
    """Austria: x and y both 40.00 raw; y has 10 centres to x's 9 → y. England: equal raw and
    centres; z's payout 30 beats w's 25 → z. France: identical on all three → shared."""
    players = [
        standing("x", {1: 0}, (game(1, "1", "Austria", "100", "40", 9, "28"),)),
        standing("y", {1: 0}, (game(2, "1", "Austria", "100", "40", 10, "20"),)),
        standing("w", {1: 0}, (game(1, "2", "England", "100", "30", 8, "25"),)),
        standing("z", {1: 0}, (game(2, "2", "England", "120", "30", 8, "30"),)),
        standing("u", {1: 0}, (game(1, "3", "France", "100", "20", 6, "14"),)),
        standing("v", {1: 0}, (game(1, "4", "France", "100", "20", 6, "14"),)),
    ]
    best = {b.power: b for b in best_countries(table(*players), ["Austria", "England", "France"])}
    assert best["Austria"].player == "y"
    assert best["England"].player == "z"
    assert (best["France"].player, best["France"].shared_with) == ("u", ("v",))


def test_places_follow_the_standings_order_when_low_is_best() -> None:
    """A sum of ranks: the lowest scores are the best; c is champion."""
    scores = {"a": 10, "b": 12, "c": 15, "d": 20, "e": 21, "f": 25, "g": 25, "h": 30, "i": 31}
    standings = table(*(standing(p, {6: s}) for p, s in scores.items()), low_is_best=True)
    result = places(standings, {"c"})
    assert [(p.place, p.player) for p in result] == [
        (2, "a"), (3, "b"), (4, "d"), (5, "e"), (6, "f"), (6, "g"),
    ]  # fmt: skip


def test_best_country_without_a_payout_shares_a_tie_and_never_with_oneself() -> None:
    """Lines without a pot (a sum of rounds): the payout breaks no tie. x played Austria twice
    with the same result: the award is his (the earlier game), not shared with himself."""
    players = [
        standing(
            "x",
            {1: 0},
            (
                replace(
                    game(1, "1", "Austria", "0", "40", 9, "40"),
                    step=COUNTED,
                ),
                replace(
                    game(3, "1", "Austria", "0", "40", 9, "0"),
                    step=COUNTED,
                ),
            ),
        ),
        standing(
            "y",
            {1: 0},
            (
                replace(
                    game(2, "2", "England", "0", "30", 8, "30"),
                    step=COUNTED,
                ),
            ),
        ),
        standing(
            "z",
            {1: 0},
            (
                replace(
                    game(3, "2", "England", "0", "30", 8, "0"),
                    step=COUNTED,
                ),
            ),
        ),
    ]
    best = {b.power: b for b in best_countries(table(*players), ["Austria", "England"])}
    assert (best["Austria"].player, best["Austria"].round) == ("x", 1)
    assert best["Austria"].shared_with == ()
    assert best["Austria"].points is None
    assert (best["England"].player, best["England"].shared_with) == ("y", ("z",))


def test_best_country_is_the_first_tie_group_of_every_game() -> None:
    """The award is read in one pass over a power's games (issue 33); it is the first group
    ``tie_groups`` makes of all of them (raw score, then centres, then payout; the earliest
    game first), on random standings with many ties."""
    import random

    from palmares.core.ranking import tie_groups

    rng = random.Random(38)
    for _ in range(400):
        players = []
        every = []
        for name in (f"p{i}" for i in range(rng.randint(1, 6))):
            lines = []
            for rnd in range(1, rng.randint(1, 4) + 1):
                raw, centres, points = str(rng.randint(0, 3)), rng.randint(0, 2), rng.randint(0, 2)
                lines.append(
                    game(rnd, str(rng.randint(1, 2)), "Austria", "100", raw, centres, f"{points}")
                )
                every.append(
                    (rnd, lines[-1].board or "", name, (Fraction(raw), centres, Fraction(points)))
                )
            players.append(standing(name, {1: 0}, tuple(lines)))
        (got,) = best_countries(table(*players), ["Austria"])
        ordered = sorted(every, key=lambda g: (g[0], g[1], g[2]))
        first = tie_groups(ordered, key=lambda g: g[3])[0].members
        assert (got.round, got.board, got.player) == first[0][:3]
        others = tuple(dict.fromkeys(g[2] for g in first[1:] if g[2] != first[0][2]))
        assert got.shared_with == others
