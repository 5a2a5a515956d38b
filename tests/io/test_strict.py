"""Issue 13 at the boundary: strict cells, column limits, NUL and long cells, one spelling per
player, and issue 16's competition ranks, each refused with file:line: column."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.core.ranking import ranking_problem
from palmares.io import limits
from palmares.io.boards import read_boards_csv
from palmares.io.fields import decimal, integer, iso_date, proper_name
from palmares.io.results import read_results
from palmares.io.tables import MAX_CELL
from palmares.io.tantrix import read_matches_csv, read_ratings_csv
from palmares.io.wizard import read_games, read_tournaments

Write = Callable[[str, str], Path]


def _refused(call: Callable[[], object], *fragments: str) -> str:
    with pytest.raises(InputError) as caught:
        call()
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


@pytest.mark.parametrize(
    "cell", ["1_000", "١٢", "1e3", "1e309", "0x10", "NaN", "inf", "12 13", "+-1", "²"]
)
def test_whole_numbers_are_ascii_digits(cell: str) -> None:
    with pytest.raises(ValueError, match="expected a whole number"):
        integer()(cell)


def test_whole_numbers_written_by_spreadsheets() -> None:
    assert integer()(" 12 ") == 12
    assert integer()("12.0") == 12
    assert integer()("-3") == -3
    with pytest.raises(ValueError, match="must be at most 32767, got 65537"):
        integer(1, limit=limits.ROUNDS)("65537")
    with pytest.raises(ValueError, match="too large"):
        integer()("9" * 5000)


@pytest.mark.parametrize("cell", ["1_0.5", "1e309", "NaN", "-inf", "١٫٥", "Infinity", "1,5"])
def test_decimals_are_plain(cell: str) -> None:
    with pytest.raises(ValueError, match="expected a number"):
        decimal()(cell)


def test_decimals_fit_their_column() -> None:
    parse = decimal(limit=limits.COEFFICIENT)
    assert parse("123456.123456") == Decimal("123456.123456")
    assert parse("1.5000000000") == Decimal("1.5")
    with pytest.raises(ValueError, match="at most 6 decimal places"):
        parse("1.1234567")
    with pytest.raises(ValueError, match="must be below 1000000 in size"):
        parse("1000000")


@pytest.mark.parametrize(
    "cell", ["20040227", "2004-W35", "2004-W35-1", "2004-059", "٢٠٠٤-٠٢-٢٧", "2004-2-3"]
)
def test_dates_are_yyyy_mm_dd(cell: str) -> None:
    with pytest.raises(ValueError, match="expected a date as YYYY-MM-DD"):
        iso_date(cell)


def test_date_with_a_spreadsheet_midnight() -> None:
    assert iso_date("2004-02-27 00:00:00").isoformat() == "2004-02-27"


def test_names_fit_the_column_and_keep_a_letter() -> None:
    parse = proper_name(limits.PLAYER_NAME)
    assert parse(" Édi Birsan ") == "Édi Birsan"
    with pytest.raises(ValueError, match="at most 200 characters, got 201"):
        parse("x" * 201)
    # One character whose key (NFKD) is 18 characters long: the key must fit too.
    with pytest.raises(ValueError, match="its form without accents has 216 characters"):
        parse("\ufdfa" * 12)
    with pytest.raises(ValueError, match="no letter or digit left"):
        parse("\u0301")


@pytest.mark.parametrize(
    ("ranks", "field", "wrong"),
    [
        ([1, 2, 2, 4], None, None),
        ([1, 1, 1], None, None),
        ([1, 3, 3], None, 1),
        ([2, 2], None, 0),
        ([3, 3, 3], None, 0),
        ([1, 2, 4], None, 2),
        ([1, 3], 5, None),
        ([2, 2], 5, None),
        ([1, 3, 3, 4], 6, 3),
        ([5, 5], 5, 0),
        ([1, 2], 2, None),
        ([1, 3], 2, 1),
    ],
)
def test_ranking_problem(ranks: list[int], field: int | None, wrong: int | None) -> None:
    found = ranking_problem(ranks, field)
    assert (found[0] if found else None) == wrong


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (
            "A,2004-01-01,Ann,1\nA,2004-01-01,Bob,3\nA,2004-01-01,Cy,3\n",
            ":3: rank: 'A': ranks 1, 3, 3",
        ),
        ("A,2004-01-01,Ann,2\nA,2004-01-01,Bob,2\n", ":2: rank: 'A': ranks 2, 2 are not a comp"),
        ("A,2004-01-01,Ann,3\nA,2004-01-01,Bob,3\nA,2004-01-01,Cy,3\n", ":2: rank: 'A': ranks 3"),
    ],
)
def test_results_ranks_form_a_competition_ranking(write: Write, body: str, fragment: str) -> None:
    path = write("results.csv", "event,date,player,rank\n" + body)
    _refused(lambda: read_results(path), fragment)


def test_results_with_a_players_column_may_list_part_of_the_field(write: Write) -> None:
    head = "event,date,player,rank,players\n"
    ok = write("ok.csv", head + "A,2004-01-01,Ann,1,9\nA,2004-01-01,Bob,3,9\n")
    assert [p.rank for p in read_results(ok).events[0].placements] == [1, 3]
    tie = write(
        "tie.csv", head + "A,2004-01-01,Ann,2,9\nA,2004-01-01,Bob,2,9\nA,2004-01-01,Cy,3,9\n"
    )
    _refused(lambda: read_results(tie), "tie.csv:4: rank:", "a tie takes its places")


def test_results_values_past_their_columns(write: Write) -> None:
    head = "event,date,player,rank,rounds,players\n"
    path = write("big.csv", head + "A,2004-01-01,Ann,1,65537,4294967298\n")
    _refused(
        lambda: read_results(path),
        "big.csv:2: rounds: must be at most 32767, got 65537",
        "big.csv:2: players: must be at most 2147483647, got 4294967298",
    )
    long = write("long.csv", "event,date,player,rank,place\n" + f"A,2004-01-01,Ann,1,{'p' * 121}\n")
    _refused(lambda: read_results(long), "long.csv:2: place: at most 120 characters, got 121")


def test_two_events_of_one_name_and_date(write: Write) -> None:
    path = write(
        "twins.csv",
        "event,date,player,rank,event_id\nA,2004-01-01,Ann,1,e1\nA,2004-01-01,Bob,1,e2\n",
    )
    _refused(lambda: read_results(path), "twins.csv:3: event_id: 'A' on 2004-01-01 is also")


def test_nul_and_cells_past_the_csv_limit(write: Write, tmp_path: Path) -> None:
    nul = write("nul.csv", "event,date,player,rank\nA,2004-01-01,An\x00n,1\n")
    _refused(lambda: read_results(nul), "nul.csv:2: player: contains a NUL character")
    huge = tmp_path / "huge.csv"
    huge.write_text("event,date,player,rank\nA,2004-01-01," + "y" * (MAX_CELL + 1) + ",1\n")
    _refused(lambda: read_results(huge), "huge.csv:2: a cell longer than 131072 characters")


def test_one_spelling_per_player_in_a_board_file(write: Write) -> None:
    rows = "".join(
        f"1,1,{p},{n},{c}\n"
        for p, n, c in zip(
            "AEFGIRT",
            ["Ann A", "ANN A", "Cy", "Di", "Ed", "Flo", "Gus"],
            [9, 8, 7, 5, 3, 2, 0],
            strict=True,
        )
    )
    path = write("boards.csv", "round,board,power,player,centres\n" + rows)
    _refused(lambda: read_boards_csv(path), "boards.csv:3: player: 'ANN A' is 'Ann A' of line 2")


def test_one_spelling_per_player_elsewhere(write: Write) -> None:
    matches = write(
        "matches.csv",
        "player_a,player_b,games,tp_a,tp_b\nAnn,Bob,1,10,10\nbob,Cy,1,10,10\n",
    )
    _refused(lambda: read_matches_csv(matches), "matches.csv:3: player_a: 'bob' is 'Bob'")
    ratings = write("ratings.csv", "player,rating\nAnn,1500\nANN,1600\n")
    _refused(lambda: read_ratings_csv(ratings), "ratings.csv:3: player: 'ANN' is 'Ann'")
    games = write(
        "games.csv",
        "date,game,player,score\n2005-03-01,g,Ann,1\n2005-03-01,g,Bob,2\n2005-03-01,g,ann,3\n",
    )
    _refused(lambda: read_games(games), "games.csv:4: player: 'ann' is 'Ann'")
    tournament = write(
        "t.csv",
        "tournament,date,player,place\nT,2005-03-01,Édi,1\nT,2005-03-01,Edi,2\n",
    )
    _refused(lambda: read_tournaments(tournament), "t.csv:3: player: 'Edi' is 'Édi'")


def test_header_only_boards_are_refused(write: Write) -> None:
    path = write("boards.csv", "round,board,power,player,centres\n")
    _refused(lambda: read_boards_csv(path), "boards.csv: no boards: the file has a header row only")


def test_fractional_tournament_points_within_the_column(write: Write) -> None:
    path = write(
        "m.csv",
        "player_a,player_b,games,tp_a,tp_b\nAnn,Bob,1,13.3,6.7\nCy,Di,1,1.0000001,18.9999999\n",
    )
    _refused(lambda: read_matches_csv(path), "m.csv:3: tp_a: at most 6 decimal places")


def test_ratings_spell_players_as_the_matches_do(write: Write) -> None:
    matches = read_matches_csv(
        write("m.csv", "player_a,player_b,games,tp_a,tp_b\nAnn,Bob,1,10,10\n")
    )
    ratings = write("r.csv", "player,rating\nANN,1500\nBob,1600\n")
    _refused(
        lambda: read_ratings_csv(ratings, matches=matches),
        "r.csv:2: player: 'ANN' is 'Ann' of the matches spelled otherwise",
    )
    assert len(read_ratings_csv(ratings)) == 2
