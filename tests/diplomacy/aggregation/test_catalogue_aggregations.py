"""Worked examples of the catalogue's aggregations on the small tournament of ``small.py``.

Board scores = centres. Per player (R1, R2, R3): A 10 – 6, B 8 9 –, C 6 7 3, D 4 5 8, E 3 5 5,
F 2 4 4, G 1 2 1, H – 2 7 ("–": sat out).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from palmares.core.errors import PalmaresError
from palmares.diplomacy.aggregation import Standings, get_aggregation
from palmares.diplomacy.aggregation._games import Game
from palmares.diplomacy.aggregation.best_games import BestGames
from palmares.diplomacy.aggregation.best_rounds import BestRounds
from palmares.diplomacy.aggregation.best_two_plus import BestTwoPlus
from palmares.diplomacy.aggregation.sit_out import SitOut
from palmares.diplomacy.scoring import get_system
from palmares.explain import explain_text
from tests.diplomacy.aggregation.small import CentresScore, tournament


def run(spec: str, top_board_round: int | None = None) -> Standings:
    return get_aggregation(spec).aggregate(tournament(top_board_round), CentresScore())


def totals(standings: Standings) -> dict[str, Fraction]:
    return {s.player: Fraction(s.score) for s in standings.players}


def ranks(standings: Standings) -> dict[str, int]:
    return {s.player: s.rank for s in standings.players}


def test_sum_of_all_rounds() -> None:
    got = run("sum")
    assert totals(got) == {"A": 16, "B": 17, "C": 16, "D": 17, "E": 13, "F": 10, "G": 4, "H": 9}
    # Without a tie-break chain the ties stand (competition ranks).
    assert ranks(got) == {"B": 1, "D": 1, "A": 3, "C": 3, "E": 5, "F": 6, "H": 7, "G": 8}
    assert got.of("C").after == {1: 6, 2: 13, 3: 16}


def test_tie_break_chain() -> None:
    # best game: B 9 > D 8, A 10 > C 7.
    assert ranks(run("sum:tiebreak=best-game"))["D"] == 2
    got = run("sum:tiebreak=best-game/centres/head-to-head")
    assert [s.player for s in got.players][:4] == ["B", "D", "A", "C"]
    assert any("broken by best-game" in explain_text(n, "en") for n in got.notes)
    # head-to-head alone: B beat D in rounds 1 and 2; A beat C in rounds 1 and 3.
    h2h = ranks(run("sum:tiebreak=head-to-head"))
    assert (h2h["B"], h2h["D"], h2h["A"], h2h["C"]) == (1, 2, 3, 4)


def test_tie_break_by_centres_under_draw_size() -> None:
    # Draw size: every survivor takes 100/7 a game, so players with as many games tie: C D E F G
    # (three games) on 300/7, A B H (two) on 200/7; total centres then order each group.
    got = get_aggregation("sum:tiebreak=centres").aggregate(tournament(), get_system("draw-size"))
    assert [s.player for s in got.players] == ["D", "C", "E", "F", "G", "B", "A", "H"]
    assert [s.rank for s in got.players] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_unknown_tie_break_is_an_error() -> None:
    with pytest.raises(PalmaresError, match="unknown tie-break 'coin'"):
        get_aggregation("sum:tiebreak=best-game/coin")


def test_best_rounds() -> None:
    # Best 2 rounds: A 10 + 6, B 9 + 8, C 7 + 6, D 8 + 5, E 5 + 5, F 4 + 4, G 2 + 1, H 7 + 2.
    got = totals(run("best-rounds"))
    assert got == {"A": 16, "B": 17, "C": 13, "D": 13, "E": 10, "F": 8, "G": 3, "H": 9}
    assert totals(run("best-rounds:n=1"))["D"] == 8


def game(rnd: int, board: str, score: int) -> Game:
    return Game(rnd, board, "Austria", score, Fraction(score), False)


def test_best_rounds_counts_a_round_once_but_best_games_twice() -> None:
    # A two-boarder: round 1 on boards 1 and 2 (9 and 8), round 2 a 3.
    games = [game(1, "1", 9), game(1, "2", 8), game(2, "1", 3)]
    rounds = BestRounds(n=2).select(games)
    assert sum(w * g.score for g, w in rounds) == 9 + 3
    best = BestGames(n=2).select(games)
    assert sum(w * g.score for g, w in best) == 9 + 8


def test_best_games() -> None:
    # Best 3 games of at most 3: the sum; n=1: the best single game.
    assert totals(run("best-games")) == totals(run("sum"))
    assert totals(run("best-games:n=1")) == {
        "A": 10, "B": 9, "C": 7, "D": 8, "E": 5, "F": 4, "G": 2, "H": 7
    }  # fmt: skip


def test_best_two_plus_half_the_average_of_the_rest() -> None:
    # C: 7 + 6 + 1/2 × 3 = 14.5; E: 5 + 5 + 1/2 × 3 = 11.5; A (two games): 16.
    got = totals(run("best-two-plus"))
    assert got["C"] == Fraction(29, 2) and got["E"] == Fraction(23, 2) and got["A"] == 16
    # Four games: D 9, 8, 5, 4 → 17 + 1/4 × (5 + 4)/2.
    games = [game(1, "1", 9), game(2, "1", 8), game(3, "1", 5), game(4, "1", 4)]
    chosen = BestTwoPlus(fraction=Fraction(1, 4)).select(games)
    assert sum(w * g.score for g, w in chosen) == 17 + Fraction(1, 4) * Fraction(9, 2)


def test_sum_of_round_ranks() -> None:
    # Ranks R1: A1 B2 C3 D4 E5 F6 G7 (H missed: 8); R2: B1 C2 D3 E3 F5 G6 H6 (A: 8);
    # R3: D1 H2 A3 E4 F5 C6 G7 (B: 8).
    got = run("round-ranks")
    assert totals(got) == {"A": 12, "B": 11, "C": 11, "D": 8, "E": 12, "F": 16, "G": 20, "H": 16}
    assert ranks(got) == {"D": 1, "B": 2, "C": 2, "A": 4, "E": 4, "F": 6, "H": 6, "G": 8}
    best2 = totals(run("round-ranks:best=2"))
    assert best2 == {"A": 4, "B": 3, "C": 5, "D": 4, "E": 7, "F": 10, "G": 13, "H": 8}
    # Low is best in the tie-break too: B and C tie on 11; best game B 9 > C 7.
    assert ranks(run("round-ranks:tiebreak=best-game"))["C"] == 3


def test_sit_out_bonus() -> None:
    # Each round's average board score is 34/7; H sat out round 1, A round 2, B round 3.
    got = totals(run("sit-out"))
    assert got["H"] == 9 + Fraction(34, 7)
    assert got["A"] == 16 + Fraction(34, 7)
    assert got["C"] == 16
    fixed = run("sit-out:bonus=5")
    assert totals(fixed)["B"] == 22
    line = next(x for x in fixed.of("B").lines if x.kind == "sit-out")
    assert line.round == 3 and "sat out" in explain_text(line, "en")


def test_sit_out_credits_at_most_max_rounds() -> None:
    games = {"X": [game(2, "1", 4)], "Y": [game(1, "1", 6), game(3, "1", 6)]}
    one = SitOut(bonus=Fraction(5)).extra("X", games["X"], games, [1, 2, 3])
    two = SitOut(bonus=Fraction(5), max=2).extra("X", games["X"], games, [1, 2, 3])
    assert [x.round for x in one] == [1] and [x.round for x in two] == [1, 3]


def test_pool_multiplier() -> None:
    # Round 3 is the top board: its scores count × 3/2. A 10 + 9, D 4 + 5 + 12, H 2 + 10.5.
    got = totals(run("pool-multiplier", top_board_round=3))
    assert got["A"] == 19 and got["D"] == 21 and got["H"] == Fraction(25, 2)
    assert totals(run("pool-multiplier:factor=2", top_board_round=3))["D"] == 25


def test_bad_parameters() -> None:
    with pytest.raises(PalmaresError, match="best-rounds: n: expected at least 1"):
        get_aggregation("best-rounds:n=0")
    with pytest.raises(PalmaresError, match="fraction must be between 0 and 1"):
        get_aggregation("best-two-plus:fraction=2")


def test_round_ranks_declares_low_is_best() -> None:
    assert run("round-ranks").low_is_best
    assert not run("sum").low_is_best
