from datetime import date, timedelta
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.wizard.game import Game
from palmares.wizard.month import month_table, number_ranking, parse_month
from tests.wizard.builders import placed

# Three leaders and three fillers (see test_the_2020_switch for the tallies).
ORDER = [
    ("X", "F1", "F2"),
    ("X", "F2", "F3"),
    ("X", "F1", "F3"),
    ("X", "F2", "F1"),
    ("F1", "X", "F2"),
    ("F3", "X", "F1"),
    ("Y", "F1", "F2"),
    ("Y", "F2", "F3"),
    ("Y", "F3", "F1"),
    ("Z", "F1", "F2", "F3"),
    ("Z", "F2", "F3"),
    ("F1", "Z", "F3"),
]


def games_in(year: int, month: int) -> list[Game]:
    return [placed(f"g{i}", date(year, month, 1 + i), *p) for i, p in enumerate(ORDER)]


def test_the_matrix_example_5th_plus_3rd_is_8() -> None:
    points = {"a": 50, "b": 40, "c": 30, "d": 20, "e": 10}
    sr = {"a": Fraction(1), "b": Fraction(6, 5), "c": Fraction(2), "d": Fraction(19, 10),
          "e": Fraction(3, 2)}  # fmt: skip
    ranking = number_ranking(points, sr, "matrix")
    assert (ranking.points_rank["e"], ranking.sr_rank["e"], ranking.matrix["e"]) == (5, 3, 8)
    assert ranking.matrix == {"a": 6, "b": 6, "c": 4, "d": 6, "e": 8}
    # c 4, then a, b and d tie on 6: broken by points (a 50, b 40, d 20).
    assert ranking.rank == {"c": 1, "a": 2, "b": 3, "d": 4, "e": 5}


def test_an_equal_matrix_equal_points_and_sr_share_the_place() -> None:
    points = {"a": 10, "b": 10, "c": 4}
    sr = {"a": Fraction(1), "b": Fraction(1), "c": Fraction(2)}
    ranking = number_ranking(points, sr, "matrix")
    assert ranking.matrix == {"a": 3, "b": 3, "c": 4}
    assert ranking.rank == {"a": 1, "b": 1, "c": 3}


def test_the_2020_switch() -> None:
    # X: 4 wins and 2 seconds in 3-player games: 8 points in 6 games, SR 4/3.
    # Y: 3 wins: 6 in 3, SR 2. Z: a 4-player win (+3), a win, a second: 5 in 3, SR 5/3.
    # F1 -1 in 9, F2 -7 in 8, F3 -11 in 8 (the points of every game sum to 0).
    # Points ranks X 1, Y 2, Z 3; SR ranks Y 1, Z 2, X 3: matrices Y 3, X 4, Z 5.
    december = month_table(games_in(2019, 12), "2019-12", qualifying_games=3)
    january = month_table(games_in(2020, 1), "2020-01", qualifying_games=3)
    figures = {line.player: (line.games, line.points, line.skill_ratio) for line in december.lines}
    assert figures == {
        "X": (6, 8, Fraction(4, 3)),
        "Y": (3, 6, Fraction(2)),
        "Z": (3, 5, Fraction(5, 3)),
        "F1": (9, -1, Fraction(-1, 9)),
        "F2": (8, -7, Fraction(-7, 8)),
        "F3": (8, -11, Fraction(-11, 8)),
    }
    assert [(x.player, x.matrix, x.rank) for x in december.lines] == [
        ("Y", 3, 1),
        ("X", 4, 2),
        ("Z", 5, 3),
        ("F1", 8, 4),
        ("F2", 10, 5),
        ("F3", 12, 6),
    ]
    assert [(x.player, x.matrix, x.rank) for x in january.lines] == [
        ("X", None, 1),
        ("Y", None, 2),
        ("Z", None, 3),
        ("F1", None, 4),
        ("F2", None, 5),
        ("F3", None, 6),
    ]
    assert [x.master_points for x in december.lines] == [30, 27, 24, 21, 18, 15]
    assert december.line("X").master_points == 27
    assert january.line("X").master_points == 30


def test_below_the_cut_off_no_rank_but_listed_in_all_scores() -> None:
    table = month_table(games_in(2019, 12), "2019-12", qualifying_games=4)
    assert [(x.player, x.rank) for x in table.lines] == [
        ("X", 1),
        ("F1", 2),
        ("F2", 3),
        ("F3", 4),
        ("Y", None),
        ("Z", None),
    ]
    assert [x.player for x in table.all_scores()] == ["Y", "Z", "X", "F1", "F2", "F3"]
    assert not table.line("Y").qualified and table.line("Y").master_points == 0


def test_the_default_cut_off_is_30_games() -> None:
    table = month_table(games_in(2019, 12), "2019-12")
    assert table.qualifying_games == 30
    assert all(x.rank is None for x in table.lines)


def test_wins_and_winning_percentage() -> None:
    table = month_table(games_in(2019, 12), "2019-12", qualifying_games=3)
    x = table.line("X")
    assert (x.wins, x.win_percentage) == (4, Fraction(200, 3))
    assert table.line("F1").win_percentage == Fraction(200, 9)


def test_only_the_months_games_count() -> None:
    games = [*games_in(2019, 12), placed("late", date(2020, 1, 1), "X", "Y", "Z")]
    table = month_table(games, parse_month("2019-12"), qualifying_games=3)
    assert table.line("X").games == 6


def test_before_whole_numbers_shared_top_10_keeps_the_fraction() -> None:
    day = date(2008, 3, 1)
    games = [placed("a", day, "P", "Q", "R"), placed("b", day, "Q", "P", "R")]
    old = month_table(games, "2008-03", qualifying_games=2)
    assert [(x.player, x.rank, x.master_points) for x in old.lines] == [
        ("P", 1, Fraction(57, 2)),
        ("Q", 1, Fraction(57, 2)),
        ("R", 3, 24),
    ]
    later = [placed(g.game, date(2012, 3, 1), *g.players) for g in games]
    new = month_table(later, "2012-03", qualifying_games=2)
    assert [x.master_points for x in new.lines] == [29, 29, 24]


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(len(ORDER))), st.integers(0, 5))
def test_the_table_never_depends_on_row_order(order: list[int], rotate: int) -> None:
    base = games_in(2019, 12)
    shuffled = []
    for i in order:
        g = base[i]
        finishes = g.finishes[rotate % len(g.finishes) :] + g.finishes[: rotate % len(g.finishes)]
        shuffled.append(Game(g.game, g.day + timedelta(0), finishes))
    assert month_table(shuffled, "2019-12", qualifying_games=3) == month_table(
        base, "2019-12", qualifying_games=3
    )
