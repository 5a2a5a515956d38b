"""`palmares diplomacy standings` with every scoring system × every aggregation, and the
foundation's example tournament (examples/wdc-2007) under three other pairs."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from palmares.diplomacy.aggregation import all_aggregations
from palmares.diplomacy.scoring import all_systems
from tests.conftest import CliResult
from tests.diplomacy.aggregation.small import boards_csv

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "wdc-2007" / "boards.csv"
SYSTEMS = [i.slug + (":solo=100" if i.slug == "cruise-con" else "") for i in all_systems()]


def rows(out: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out)))


@pytest.mark.parametrize("aggregation", [a.slug for a in all_aggregations()])
def test_every_pair_on_a_small_board_file(
    aggregation: str, cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    path = write("boards.csv", boards_csv())
    for system in SYSTEMS:
        result = cli(
            "diplomacy", "standings", str(path), "--scoring", system,
            "--aggregation", aggregation, "--format", "csv",
        )  # fmt: skip
        assert result.code == 0, (system, aggregation, result.err)
        got = rows(result.out)
        assert {r["player"] for r in got} == set("ABCDEFGH"), (system, aggregation)
        assert got[0]["rank"] == "1"


def test_pool_multiplier_with_a_top_board(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    # Round 3 is the top board; after round 2 (sum) B, C, A, D, E, F, G are invited, B declines
    # and H takes the seat. Under c-diplo-100 … the multiplier: round 3 counts × 3/2.
    path = write("boards.csv", boards_csv(top_board_round=3))
    declines = write("declines.csv", "player,reason\nB,declined\n")
    result = cli(
        "diplomacy", "standings", str(path), "--scoring", "draw-size",
        "--aggregation", "pool-multiplier", "--qualifying-round", "2",
        "--declines", str(declines), "--format", "csv",
    )  # fmt: skip
    assert result.code == 0, result.err
    score = {r["player"]: Fraction(r["score"]) for r in rows(result.out)}
    # Every game is a 7-way draw: 100/7 each; C played rounds 1, 2 and the top board.
    # (CSV carries the exact fractions to 15 decimals.)
    assert abs(score["C"] - Fraction(100, 7) * Fraction(7, 2)) < Fraction(1, 10**12)
    assert abs(score["B"] - Fraction(200, 7)) < Fraction(1, 10**12)


@pytest.mark.parametrize(
    ("scoring", "aggregation", "leader"),
    [
        ("sum-of-squares", "sum", "Ben Ortiz"),
        ("carnage", "best-rounds:n=3", "Ben Ortiz"),
        ("draw-size", "pool-multiplier", "Ben Ortiz"),
    ],
)
def test_example_tournament_under_three_pairs(
    scoring: str, aggregation: str, leader: str, cli: Callable[..., CliResult]
) -> None:
    result = cli(
        "diplomacy", "standings", str(EXAMPLE), "--scoring", scoring,
        "--aggregation", aggregation, "--format", "csv",
    )  # fmt: skip
    assert result.code == 0, result.err
    got = rows(result.out)
    assert got[0]["player"] == leader
    assert len(got) == len({r["player"] for r in got}) == 38


def test_example_pool_multiplier_counts_the_top_board_half_again(
    cli: Callable[..., CliResult],
) -> None:
    # Ben Ortiz under draw size: rounds 1–5 bring 176.667 (100 + 20 + 20 + 20 + 16.667); the
    # round-6 top board is a 6-way draw, 100/6, counted × 3/2 = 25: 201.667.
    result = cli(
        "diplomacy", "standings", str(EXAMPLE), "--scoring", "draw-size",
        "--aggregation", "pool-multiplier", "--explain", "Ben Ortiz",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert (
        "Round 6, board 1, Turkey (6 centres): board score 16.667; top board × 1.5; total "
        "201.667." in result.out
    )
    assert "Final score 201.667, rank 1 of 38." in result.out


def test_example_round_ranks_after_the_qualifying_rounds(cli: Callable[..., CliResult]) -> None:
    result = cli(
        "diplomacy", "standings", str(EXAMPLE), "--scoring", "c-diplo-100",
        "--aggregation", "round-ranks:tiebreak=best-game", "--after-round", "5", "--format", "csv",
    )  # fmt: skip
    assert result.code == 0, result.err
    got = rows(result.out)
    assert got[0]["rank"] == "1" and Fraction(got[0]["score"]) <= Fraction(got[1]["score"])


def test_example_sum_of_squares_total_is_the_sum_of_board_scores(
    cli: Callable[..., CliResult],
) -> None:
    # Every board of sum-of-squares totals 100 (or a solo's 100): the first five rounds' boards
    # give 100 points each.
    result = cli(
        "diplomacy", "standings", str(EXAMPLE), "--scoring", "sum-of-squares",
        "--aggregation", "sum", "--after-round", "5", "--format", "csv",
    )  # fmt: skip
    assert result.code == 0, result.err
    boards = {
        (r["round"], r["board"]) for r in csv.DictReader(EXAMPLE.open()) if int(r["round"]) <= 5
    }
    total = sum((Fraction(r["score"]) for r in rows(result.out)), start=Fraction(0))
    assert abs(total - 100 * len(boards)) < Fraction(1, 10**9)


def example(cli: Callable[..., CliResult], *args: str) -> CliResult:
    result = cli("diplomacy", "standings", str(EXAMPLE), *args)
    assert result.code == 0, result.err
    return result


@pytest.mark.parametrize(
    ("aggregation", "columns"),
    [
        ("ante", ["stake", "pot_share", "score"]),
        ("sum", ["points", "score"]),
        ("best-rounds", ["points", "counted", "score"]),
        ("best-games", ["points", "counted", "score"]),
        ("best-two-plus", ["points", "weighted", "score"]),
        ("pool-multiplier", ["points", "weighted", "score"]),
        ("sit-out", ["points", "bonus", "score"]),
        ("round-ranks", ["round_score", "rank", "score"]),
        ("round-ranks:best=4", ["round_score", "rank", "counted", "score"]),
    ],
)
def test_per_round_columns_follow_the_aggregation(
    aggregation: str, columns: list[str], cli: Callable[..., CliResult]
) -> None:
    header = example(cli, "--aggregation", aggregation, "--format", "csv").out.splitlines()[0]
    per_round = [f"r{r}_{c}" for r in range(1, 7) for c in columns]
    tail = ["adjustment"] if aggregation == "ante" else []
    assert header.split(",") == ["rank", "player", "score", "games", *per_round, *tail]


def test_sum_per_round_points_and_running_total(cli: Callable[..., CliResult]) -> None:
    """Ben Ortiz under sum of Divide and Conquer: 100 (his round-1 solo), 33.52, 64.78, 64.78,
    55.34, 15.47; running 100, 133.52, 198.3, 263.08, 318.42, 333.89."""
    got = rows(example(cli, "--aggregation", "sum", "--format", "csv").out)[0]
    assert got["player"] == "Ben Ortiz"
    assert [got[f"r{r}_points"] for r in range(1, 7)] == [
        "100", "33.52", "64.78", "64.78", "55.34", "15.47",
    ]  # fmt: skip
    assert [got[f"r{r}_score"] for r in range(1, 7)] == [
        "100", "133.52", "198.3", "263.08", "318.42", "333.89",
    ]  # fmt: skip


def test_best_rounds_says_which_rounds_count(cli: Callable[..., CliResult]) -> None:
    """Best 2 rounds: Ben Ortiz keeps round 1 (100) and round 3 (64.78, the earlier of two)."""
    got = rows(example(cli, "--aggregation", "best-rounds", "--format", "csv").out)[0]
    assert [got[f"r{r}_counted"] for r in range(1, 7)] == ["yes", "no", "yes", "no", "no", "no"]
    assert got["score"] == "164.78"


def test_table_view_names_the_aggregations_figures(cli: Callable[..., CliResult]) -> None:
    out = example(cli, "--aggregation", "sum").out
    assert "Each round: board score, score after" in out
    assert "stake" not in out and "pot share" not in out and "adjustment" not in out
    assert "takes the most points from the top-board pot" not in out
    ante = example(cli).out
    assert "Each round: stake (−), pot share taken (+), score after" in ante


def test_best_games_champion_is_the_best_top_board_score_not_a_dropped_game(
    cli: Callable[..., CliResult],
) -> None:
    """Under best 3 games the top board (round 6) is dropped by every player on it (each has
    three better games), so every take counted is 0 and Ben Ortiz won on the score going in.
    The champion is who scored most on the top board: Dana Fraser and Nadia Petrova both end
    with 9 centres (31.79); Dana went in with more (her best 3 games after round 5: 64.47 +
    64.47 + 38.8 = 167.74, against Nadia's 64.78 + 52.11 + 41.22 = 158.11)."""
    got = json.loads(example(cli, "--aggregation", "best-games", "--format", "json").out)
    champion = got["places"][0]
    assert champion["place"] == 1 and champion["player"] == "Dana Fraser"
    assert "has the best board score on the top board, 31.79" in champion["note"]
    assert "payout" not in got["best_countries"][0]


def test_round_ranks_prizes_honour_low_is_best(cli: Callable[..., CliResult]) -> None:
    """Sum of round ranks (lowest best): after round 5 Ben Ortiz (8) and Nadia Petrova (14)
    lead and are invited first; places 2–7 are the lowest sums, not the highest; teams sum
    their members' ranks; best countries exist (round ranks keep no per-game lines)."""
    got = json.loads(
        example(
            cli, "--aggregation", "round-ranks", "--teams", str(EXAMPLE.parent / "teams.csv"),
            "--format", "json",
        ).out
    )  # fmt: skip
    top = got["top_board"]
    assert [(t["player"], t["score"]) for t in top[:2]] == [
        ("Ben Ortiz", 8),
        ("Nadia Petrova", 14),
    ]
    assert len(top) == 9  # two inferred declines (Oscar Lind, Anna Keller), seven accepted
    places = got["places"]
    assert [p["player"] for p in places[:3]] == ["Nadia Petrova", "Ben Ortiz", "Dana Fraser"]
    assert [p["score"] for p in places[1:]] == sorted(p["score"] for p in places[1:])
    assert len(got["best_countries"]) == 7
    teams = got["teams"]
    assert teams[0]["score"] <= teams[-1]["score"]


def test_a_player_never_shares_a_best_country_with_himself(cli: Callable[..., CliResult]) -> None:
    """Under sum, Ben Ortiz played Germany twice with 14 centres (64.78); the award is his."""
    got = json.loads(example(cli, "--aggregation", "sum", "--format", "json").out)
    germany = next(b for b in got["best_countries"] if b["power"] == "Germany")
    assert germany["player"] == "Ben Ortiz" and germany["shared_with"] == ""


def test_round_ranks_explain_says_ranks_not_scores(cli: Callable[..., CliResult]) -> None:
    """Under round ranks the team line counts a rank (Liam O'Neill is 12th: Cascadia counts
    Ben Ortiz 1 and Kim Tanaka 7 after round 5, both on the top board, and his 12: 20)."""
    out = example(
        cli, "--aggregation", "round-ranks", "--teams", str(EXAMPLE.parent / "teams.csv"),
        "--explain", "Liam O'Neill",
    ).out  # fmt: skip
    assert "Final score 77, rank 12 of 38." in out
    assert "Team Cascadia (rank 1, 20): counts rank 12." in out


def test_a_two_boarders_round_under_best_games(cli: Callable[..., CliResult]) -> None:
    """Gwen Hollis plays boards 3 (England, 8 centres: 25.00) and 5 (France, 6: 13.16) in round
    3. Best 3 games: 25.00, 21.77 (round 6) and 20.38 (round 5) count, 67.15; the round shows
    both boards' points, 38.16, and which of its games count, board 3 yes, board 5 no."""
    got = {r["player"]: r for r in rows(example(cli, "--aggregation", "best-games", "--format",
                                                "csv").out)}["Gwen Hollis"]  # fmt: skip
    assert (got["score"], got["games"]) == ("67.15", "7")
    assert (got["r3_points"], got["r3_counted"]) == ("38.16", "yes+no")
    assert [got[f"r{r}_counted"] for r in (5, 6)] == ["yes", "yes"]
