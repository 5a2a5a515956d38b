from datetime import date
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.wizard.game import Finish, Game
from palmares.wizard.placement_points import placement_points, points_for_place, wins
from tests.wizard.builders import placed, scored

DAY = date(2015, 3, 1)

# Seed 004, SCORING SYSTEM: the table by number of players (columns) and place (rows).
SEED_TABLE = {
    3: [2, 0, -2],
    4: [3, 1, -1, -3],
    5: [4, 2, 0, -2, -4],
    6: [5, 3, 1, -1, -3, -5],
}


def test_the_seed_table_for_3_to_6_players() -> None:
    for n, column in SEED_TABLE.items():
        players = [f"p{i}" for i in range(1, n + 1)]
        points = placement_points(placed("g", DAY, *players))
        assert [points[p] for p in players] == column
        assert [points_for_place(r, n) for r in range(1, n + 1)] == column


def test_the_table_from_final_scores() -> None:
    points = placement_points(scored("g", DAY, ann=180, bob=-40, cy=90, dee=250))
    assert points == {"dee": 3, "ann": 1, "cy": -1, "bob": -3}


def test_tied_players_count_neither_above_nor_below() -> None:
    points = placement_points(scored("g", DAY, ann=200, bob=200, cy=90, dee=10))
    assert points == {"ann": 2, "bob": 2, "cy": -1, "dee": -3}
    tied_last = placement_points(scored("g", DAY, ann=200, bob=50, cy=50))
    assert tied_last == {"ann": 2, "bob": -1, "cy": -1}


def test_tied_places_given_as_places() -> None:
    game = Game("g", DAY, (Finish("a", place=1), Finish("b", place=1), Finish("c", place=3)))
    assert placement_points(game) == {"a": 1, "b": 1, "c": -2}


def test_a_tie_for_first_is_a_win_for_each_or_a_fraction() -> None:
    game = scored("g", DAY, ann=200, bob=200, cy=90, dee=10)
    assert wins(game) == {"ann": 1, "bob": 1, "cy": 0, "dee": 0}
    assert wins(game, fractional=True) == {
        "ann": Fraction(1, 2),
        "bob": Fraction(1, 2),
        "cy": 0,
        "dee": 0,
    }


scores = st.lists(st.integers(-30, 30).map(lambda x: x * 10), min_size=3, max_size=6)


@settings(max_examples=150, deadline=None)
@given(scores)
def test_a_games_points_sum_to_zero(values: list[int]) -> None:
    game = Game("g", DAY, tuple(Finish(f"p{i}", score=v) for i, v in enumerate(values)))
    assert sum(placement_points(game).values()) == 0


@settings(max_examples=150, deadline=None)
@given(scores, st.randoms(use_true_random=False))
def test_ties_never_depend_on_row_order(values: list[int], rnd: object) -> None:
    finishes = [Finish(f"p{i}", score=v) for i, v in enumerate(values)]
    shuffled = list(finishes)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    a = Game("g", DAY, tuple(finishes))
    b = Game("g", DAY, tuple(shuffled))
    assert placement_points(a) == placement_points(b)
    assert wins(a) == wins(b)
    for f in finishes:
        for g in finishes:
            if f.score == g.score:
                assert placement_points(a)[f.player] == placement_points(a)[g.player]
