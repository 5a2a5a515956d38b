"""Reading Tantrix matches.csv and ratings.csv strictly (DESIGN.md, "Tantrix matches")."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.io.tantrix import (
    check_own_rating,
    read_matches_csv,
    read_names_csv,
    read_ratings_csv,
)

HEADER = "event,round,player_a,player_b,games,tp_a,tp_b\n"
RATINGS = "player,rating\nR,1850\n"


def test_reads_the_nz_example() -> None:
    nz = Path(__file__).resolve().parents[2] / "examples" / "tantrix-nz-2000"
    matches = read_matches_csv(nz / "matches.csv")
    assert len(matches) == 24 and sum(m.games for m in matches) == 90
    assert sum(m.illustrative for m in matches) == 4
    assert matches[6].own_rating == "Scarab" and matches[6].line == 8
    ratings = read_ratings_csv(nz / "ratings.csv")
    assert [(r.player, r.rating, r.games, r.official) for r in ratings[:1]] == [
        ("Pekko", 2023.0, None, True)
    ]


def test_per_game_rows_make_one_match(write: Callable[[str, str], Path]) -> None:
    path = write(
        "m.csv",
        "round,player_a,player_b,score_a,score_b,minutes_a,game\n"
        "F,A,B,30,21,,1\n"
        "F,B,A,40,20,,2\n"  # the pair written the other way round
        "F,A,B,25,25,16,3\n",
    )
    (match,) = read_matches_csv(path)
    # 16.0 : 4.0, then 2.0 : 18.0, then 10 : 10 with A passing 2 → A 26.0, B 34.0.
    assert (match.player_a, match.games, match.tp_a, match.tp_b) == (
        "A",
        3,
        Decimal("26.0"),
        Decimal("34.0"),
    )


def rejected(path: Path) -> str:
    with pytest.raises(InputError) as info:
        read_matches_csv(path)
    return str(info.value)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("E,R1,A,B,4,48,30\n", "m.csv:2: tp_b: tp_a + tp_b = 78, but 4 games share 20 × 4 = 80"),
        ("E,R1,A,A,4,40,40\n", "m.csv:2: player_b: A cannot meet themself"),
        ("E,R1,A,B,-4,40,40\n", "m.csv:2: games: must be at least 1, got -4"),
        ("E,R1,A,B,four,40,40\n", "m.csv:2: games: expected a whole number, got 'four'"),
        (
            "E,R1,A,B,4,40,40\nE,R1,B,A,4,40,40\n",
            "m.csv:3: the match B v A in round R1 is listed twice (first at line 2)",
        ),
        ("E,R1,A,B,4,,40\n", "m.csv:2: tp_a: a value is required"),
        ("E,R1,A,B,,,\n", "m.csv:2: needs games, tp_a and tp_b (or score_a and score_b)"),
        ("E,R1,A,B,4,-40,120\n", "m.csv:2: tp_a: must be at least 0, got -40"),
    ],
)
def test_malformed_matches(write: Callable[[str, str], Path], body: str, message: str) -> None:
    assert message in rejected(write("m.csv", HEADER + body))


def test_malformed_game_rows(write: Callable[[str, str], Path]) -> None:
    path = write(
        "m.csv",
        "round,player_a,player_b,score_a,score_b,games,tp_a,tp_b,game,own_rating\n"
        "F,A,B,30,21,,,,1,\n"
        "F,A,B,31,21,,,,1,\n"
        "F,A,B,31,,,,,2,\n"
        "F,A,B,31,20,1,20,0,,\n"
        "F,C,D,31,20,,,,,E\n",
    )
    text = rejected(path)
    assert "m.csv:3: game: game 1 of A v B is listed twice (first at line 2)" in text
    assert "m.csv:4: score_b: a value is required (the other tile score is given)" in text
    assert "m.csv:5: give games/tp_a/tp_b or score_a/score_b, not both" in text
    assert "m.csv:6: own_rating: E did not play this match (C v D)" in text


def test_own_rating_must_be_officially_rated(write: Callable[[str, str], Path]) -> None:
    path = write("m.csv", "player_a,player_b,games,tp_a,tp_b,own_rating\nR,N,1,12,8,N\n")
    ratings = read_ratings_csv(write("r.csv", RATINGS))
    with pytest.raises(InputError, match=r"m.csv:2: own_rating: N has no official"):
        check_own_rating(read_matches_csv(path), ratings, path)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("R,abc\n", "r.csv:2: rating: expected a number, got 'abc'"),
        ("R,1850\nR,1700\n", "r.csv:3: player: R is listed twice (first at line 2)"),
        ("R,1850,-3\n", "r.csv:2: games: must be at least 0, got -3"),
    ],
)
def test_malformed_ratings(write: Callable[[str, str], Path], body: str, message: str) -> None:
    header = "player,rating,games\n" if body.count(",") > body.count("\n") else "player,rating\n"
    with pytest.raises(InputError) as info:
        read_ratings_csv(write("r.csv", header + body))
    assert message in str(info.value)


def test_official_defaults_to_the_established_threshold(write: Callable[[str, str], Path]) -> None:
    ratings = read_ratings_csv(
        write(
            "r.csv",
            "player,rating,games,official\nA,1800,40,\nB,1700,12,\nC,1600,,\nD,1500,5,yes\n",
        )
    )
    assert [r.official for r in ratings] == [True, False, True, True]


def test_names_file(write: Callable[[str, str], Path]) -> None:
    assert read_names_csv(write("p.csv", "player,name\nA,Ann Example\n")) == {"A": "Ann Example"}
    with pytest.raises(InputError, match=r"p.csv:3: player: A is listed twice"):
        read_names_csv(write("p.csv", "player,name\nA,Ann\nA,Anna\n"))
