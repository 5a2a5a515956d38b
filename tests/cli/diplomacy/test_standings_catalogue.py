"""`palmares diplomacy standings` with every scoring system × every aggregation, and the
foundation's example tournament (examples/wdc-2007) under three other pairs."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from palmares.diplomacy.aggregation import all_aggregations
from palmares.diplomacy.scoring import all_systems
from tests.diplomacy.aggregation.small import boards_csv

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "wdc-2007" / "boards.csv"
SYSTEMS = [i.slug + (":solo=100" if i.slug == "cruise-con" else "") for i in all_systems()]


def rows(out: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out)))


@pytest.mark.parametrize("aggregation", [a.slug for a in all_aggregations()])
def test_every_pair_on_a_small_board_file(
    aggregation: str, cli: Callable[..., Any], write: Callable[[str, str], Path]
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
    cli: Callable[..., Any], write: Callable[[str, str], Path]
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
    scoring: str, aggregation: str, leader: str, cli: Callable[..., Any]
) -> None:
    result = cli(
        "diplomacy", "standings", str(EXAMPLE), "--scoring", scoring,
        "--aggregation", aggregation, "--format", "csv",
    )  # fmt: skip
    assert result.code == 0, result.err
    got = rows(result.out)
    assert got[0]["player"] == leader
    assert len(got) == len({r["player"] for r in got}) == 38


def test_example_pool_multiplier_counts_the_top_board_half_again(cli: Callable[..., Any]) -> None:
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


def test_example_round_ranks_after_the_qualifying_rounds(cli: Callable[..., Any]) -> None:
    result = cli(
        "diplomacy", "standings", str(EXAMPLE), "--scoring", "c-diplo-100",
        "--aggregation", "round-ranks:tiebreak=best-game", "--after-round", "5", "--format", "csv",
    )  # fmt: skip
    assert result.code == 0, result.err
    got = rows(result.out)
    assert got[0]["rank"] == "1" and Fraction(got[0]["score"]) <= Fraction(got[1]["score"])


def test_example_sum_of_squares_total_is_the_sum_of_board_scores(cli: Callable[..., Any]) -> None:
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
    total = sum(Fraction(r["score"]) for r in rows(result.out))
    assert abs(total - 100 * len(boards)) < Fraction(1, 10**9)
