"""`palmares diplomacy board-score` and `standings`: output columns, explanations, and every
malformed input of issue 2 (a clear ``file:line: column: message`` and exit code 2)."""

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from palmares.diplomacy.scoring.registry import all_systems
from tests.conftest import CliResult

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "wdc-2007"
Write = Callable[[str, str], Path]

HEADER = "round,board,power,player,centres,eliminated,final_year,draw,top_board\n"
BOARD = (
    "1,1,A,p1,15,,1908,,\n1,1,E,p2,10,,1908,,\n1,1,F,p3,5,,1908,,\n1,1,G,p4,0,1906,1908,,\n"
    "1,1,I,p5,2,,1908,,\n1,1,R,p6,0,1907,1908,,\n1,1,T,p7,2,,1908,,\n"
)
JSON_BOARD = (
    '[\n {"id": "ex1", "centres": {"Austria": 15, "England": 10, "France": 5, "Germany": 0,\n'
    '  "Italy": 2, "Russia": 0, "Turkey": 2}}\n]\n'
)


def test_board_score_csv_has_board_power_centres_score(cli: Callable[..., CliResult]) -> None:
    result = cli(
        "diplomacy", "board-score", str(EXAMPLE / "examples.json"), "--system",
        "divide-and-conquer", "--format", "csv",
    )  # fmt: skip
    assert result.code == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert list(rows[0]) == ["board", "power", "centres", "f_sc", "score"]
    ex1 = {r["power"]: r["score"] for r in rows if r["board"] == "example-1"}
    assert ex1 == {"Austria": "64.47", "England": "24.11", "France": "7.14", "Germany": "0.0",
                   "Italy": "2.14", "Russia": "0.0", "Turkey": "2.14"}  # fmt: skip
    ex2 = [r["score"] for r in rows if r["board"] == "example-2"][3:]
    assert ex2 == ["17.16", "21.77", "27.27", "33.8"]


def test_board_score_table_and_explain(cli: Callable[..., CliResult]) -> None:
    result = cli("diplomacy", "board-score", str(EXAMPLE / "examples.json"), "--explain")
    assert result.code == 0
    assert "12.45434" in result.out and "64.47" in result.out
    # Seed 002, Appendix A, Example 1, word for word.
    assert "The sum of all 7 f(sc) in this case is 19.31802." in result.out
    assert "Austria = 64.47 (12.45434/19.31802*100)" in result.out
    assert "Germany & Russia = 0" in result.out


def test_board_score_explains_in_french(cli: Callable[..., CliResult]) -> None:
    args = ("diplomacy", "board-score", str(EXAMPLE / "examples.json"), "--explain")
    result = cli(*args, "--language", "fr")
    assert result.code == 0, result.err
    assert "Autriche = 64,47 (12,45434/19,31802*100)" in result.out
    assert "Allemagne et Russie = 0" in result.out
    assert "The sum" not in result.out


def test_the_language_defaults_to_the_locale(
    cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    result = cli("diplomacy", "board-score", str(EXAMPLE / "examples.json"), "--explain")
    assert "Autriche = 64,47" in result.out
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    result = cli("diplomacy", "board-score", str(EXAMPLE / "examples.json"), "--explain")
    assert "Austria = 64.47" in result.out


def test_board_score_normalise(cli: Callable[..., CliResult], write: Write) -> None:
    # Rounded raw scores of 16 5 4 4 2 2 1 sum to 100.03; normalised they sum to 100.
    path = write(
        "b.json",
        '[{"id": "x", "centres": {"A": 16, "E": 5, "F": 4, "G": 4, "I": 2, "R": 2, "T": 1}}]',
    )
    plain = json.loads(cli("diplomacy", "board-score", str(path), "-f", "json").out)
    normal = json.loads(cli("diplomacy", "board-score", str(path), "--normalise", "-f", "json").out)
    assert sum(r["score"] for r in plain["scores"]) == pytest.approx(100.03)
    assert sum(r["score"] for r in normal["scores"]) == pytest.approx(100, abs=1e-12)
    assert normal["scores"][0]["score"] == pytest.approx(77.34 * 100 / 100.03)


ZERO = '[{"id": "z", "centres": {"A": 0, "E": 0, "F": 0, "G": 0, "I": 0, "R": 0, "T": 0}}]'
SYSTEMS = [s.slug for s in all_systems()]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_board_where_no_power_holds_a_centre_is_refused(
    cli: Callable[..., CliResult], write: Write, system: str
) -> None:
    # Six systems (sum-of-squares, olympic, tribute …) divided by nothing here: exit 70.
    result = cli("diplomacy", "board-score", str(write("z.json", ZERO)), "--system", system)
    assert result.code == 2, (result.out, result.err)
    assert result.err.startswith("error: ")
    assert "z.json:1: centres: board z: no power holds a centre" in result.err


def example_args(*extra: str) -> list[str]:
    return [
        "diplomacy", "standings", str(EXAMPLE / "boards.csv"),
        "--teams", str(EXAMPLE / "teams.csv"), "--declines", str(EXAMPLE / "declines.csv"),
        *extra,
    ]  # fmt: skip


def test_standings_csv(cli: Callable[..., CliResult]) -> None:
    result = cli(*example_args("--format", "csv"))
    assert result.code == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert list(rows[0])[:4] == ["rank", "player", "score", "games"]
    assert {"r1_stake", "r1_pot_share", "r1_score", "r6_score", "adjustment"} <= set(rows[0])
    assert len(rows) == 38
    ben = next(r for r in rows if r["player"] == "Ben Ortiz")
    assert (ben["rank"], ben["r1_stake"], ben["r1_pot_share"], ben["r1_score"]) == (
        "1",
        "10",
        "70",
        "160",
    )
    ivo = next(r for r in rows if r["player"] == "Ivo Marsh")
    assert float(ivo["adjustment"]) == pytest.approx(-10.399315665)
    assert ivo["r3_stake"] == ""


def test_standings_json_carries_every_table(cli: Callable[..., CliResult]) -> None:
    result = cli(*example_args("--format", "json", "--chaos", str(EXAMPLE / "chaos.csv")))
    data = json.loads(result.out)
    assert set(data) >= {"standings", "top_board", "places", "best_countries", "teams", "chaos"}
    assert data["places"][0]["player"] == "Nadia Petrova"
    assert data["standings"][0]["r1_score"] == 160
    assert any("never scored" in n for n in data["notes"])


def test_standings_after_round_5(cli: Callable[..., CliResult]) -> None:
    data = json.loads(cli(*example_args("--after-round", "5", "-f", "json")).out)
    assert "r6_score" not in data["standings"][0]
    assert "places" not in data  # no top board played yet
    assert [r["player"] for r in data["top_board"] if r["invitation"] == "accepted"] == [
        "Ben Ortiz", "Nadia Petrova", "Dana Fraser", "Marc Dubois", "Ravi Shah",
        "Kim Tanaka", "Chris Martin",
    ]  # fmt: skip


def test_explain_walks_a_player_through_like_the_seed(cli: Callable[..., CliResult]) -> None:
    result = cli(*example_args("--explain", "Ivo Marsh"))
    assert result.code == 0
    text = " ".join(result.out.split())
    assert (
        "Round 1, board 2, Italy (7 centres): stakes 10% of 100 = 10 into a pot of 70; raw score "
        "17.16: takes 17.16% of the pot = 12.012; new score 100 − 10 + 12.012 = 102.012." in text
    )
    assert "Round 3: did not play; score stays 103.993." in text
    assert "After round 5: played in only 2 of rounds 1–5" in text
    assert "103.993 → 93.594 (loses 10.399)" in text


# --- malformed input: every case of issue 2, through the command line --------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("power,player", "power,plyer"), ":1: plyer: unknown column"),
        (("1,1,T,p7,2", "1,1,X,p7,2"), ":8: power: unknown power 'X'"),
        (("1,1,T,p7,2,,1908,,\n", ""), ":2: power: round 1 board 1 has 6 powers, missing Turkey"),
        (("1,1,T,p7,2", "1,1,T,p7,4"), ":2: centres: round 1 board 1: centres sum to 36"),
        (("1,1,T,p7,2", "1,1,A,p7,2"), ":8: power: Austria appears twice on round 1 board 1"),
        (("1,1,T,p7,2", "1,1,T,p1,2"), ":8: player: p1 sits twice on one board in round 1"),
        (("1,1,T,p7,2", "1,1,T,p7,two"), ":8: centres: expected a whole number, got 'two'"),
        (("1,1,A,p1,15", "x,1,A,p1,15"), ":2: round: expected a whole number, got 'x'"),
        (("1,1,T,p7,2,,1908", "1,1,T,p7,2,,19o8"), ":8: final_year: expected a whole number"),
        (("1,1,G,p4,0,1906", "1,1,G,p4,0,1066"), ":5: eliminated: must be at least 1901"),
        (("1,1,T,p7,2,,1908,,", "1,1,T,p7,2,,1908,maybe,"), ":8: draw: expected yes/no"),
    ],
)
def test_bad_boards_csv(
    cli: Callable[..., CliResult], write: Write, change: tuple[str, str], message: str
) -> None:
    path = write("boards.csv", (HEADER + BOARD).replace(*change))
    result = cli("diplomacy", "standings", str(path))
    assert result.code == 2
    assert f"error: {path}{message}" in result.err
    assert "Traceback" not in result.err and result.out == ""


def test_a_player_on_three_boards_of_a_round(cli: Callable[..., CliResult], write: Write) -> None:
    """p1 plays Austria on boards 1, 2 and 3 of round 1 (everyone else is new on each)."""
    boards = [BOARD.replace("1,1,", f"1,{b},") for b in (2, 3)]
    for b in (2, 3):
        for i in range(2, 8):
            boards[b - 2] = boards[b - 2].replace(f",p{i},", f",b{b}p{i},")
    two = write("two.csv", HEADER + BOARD + boards[0])
    assert cli("diplomacy", "standings", str(two)).code == 0  # two boards are allowed
    path = write("boards.csv", HEADER + BOARD + boards[0] + boards[1])
    result = cli("diplomacy", "standings", str(path))
    assert result.code == 2
    assert f"{path}:16: player: p1 plays 3 boards in round 1 (at most two)" in result.err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[{"id": 1, "centres": {"A": 1}, "colour": 2}]', ":1: colour: unknown field"),
        ('[{"id": 1, "centres": {"A": 1, "Q": 2}}]', ":1: centres: unknown power 'Q'"),
        ('[{"id": 1, "centres": {"A": 1}}]', ":1: centres: board 1 has no count for England"),
        (
            '[{"id": 1, "centres": {"A": 20, "E": 15, "F": 0, "G": 0, "I": 0, "R": 0, "T": 0}}]',
            ":1: centres: board 1: centres sum to 35, more than the 34 on the map",
        ),
        ('[{"id": 1, "centres": {"A": -1}}]', ":1: centres: Austria: expected a whole number"),
        ('[\n{"id": 1,\n "centres": }]', ":3: not valid JSON"),
        ("{}", ":1: expected a JSON list of boards"),
    ],
)
def test_bad_boards_json(
    cli: Callable[..., CliResult], write: Write, text: str, message: str
) -> None:
    path = write("boards.json", text)
    result = cli("diplomacy", "board-score", str(path))
    assert result.code == 2
    assert f"error: {path}{message}" in result.err


@pytest.mark.parametrize(
    ("name", "text", "option", "message"),
    [
        ("teams.csv", "team,player\nRed,p1\nBlue,p1\n", "--teams",
         ":3: player: p1 is already in team Red (line 2)"),
        ("teams.csv", "team,player\nRed,p1\nRed,nobody\n", "--teams",
         ":3: player: nobody (team Red) plays no board"),
        ("teams.csv", "team,player\nRed,p1\nRed,p2\nRed,p3\nRed,p4\n", "--teams",
         ":5: team: Red has 4 players (teams are three)"),
        ("teams.csv", "team,name\nRed,p1\n", "--teams", ":1: name: unknown column"),
        ("declines.csv", "player\nnobody\n", "--declines", ":2: player: nobody plays no board"),
        ("declines.csv", "player\np1\np1\n", "--declines", ":3: player: p1 already declined"),
        ("chaos.csv", "player,centres\na,20\nb,15\n", "--chaos",
         ":2: centres: centres sum to 35, more than the 34 on the map"),
        ("chaos.csv", "player,centres\na,2\na,3\n", "--chaos",
         ":3: player: a appears twice (first at line 2)"),
        ("chaos.csv", "player,centres\na,lots\n", "--chaos",
         ":2: centres: expected a whole number, got 'lots'"),
    ],
)  # fmt: skip
def test_bad_side_files(
    cli: Callable[..., CliResult], write: Write, name: str, text: str, option: str, message: str
) -> None:
    boards = write("boards.csv", HEADER + BOARD)
    path = write(name, text)
    result = cli("diplomacy", "standings", str(boards), option, str(path))
    assert result.code == 2
    assert f"error: {path}{message}" in result.err


def test_a_top_board_that_does_not_follow_the_invitations(
    cli: Callable[..., CliResult], write: Write
) -> None:
    """declines.csv records only Oscar Lind: the walk then invites Anna Keller (8th) for the
    last seat, but Chris Martin (9th) sits there: the seating is rejected, naming both."""
    declines = write("declines.csv", "player,reason\nOscar Lind,flight\n")
    result = cli("diplomacy", "standings", str(EXAMPLE / "boards.csv"), "--declines", str(declines))
    assert result.code == 2
    where = f"error: {EXAMPLE / 'boards.csv'}:183: top_board:"
    assert f"{where} Chris Martin is on the top board but was not invited" in result.err
    assert (
        f"{where} Anna Keller was invited to the top board (rank 8 after round 5) but is not on "
        "it and has no decline recorded" in result.err
    )


def test_without_declines_csv_the_declines_are_read_off_the_top_board(
    cli: Callable[..., CliResult],
) -> None:
    result = cli("diplomacy", "standings", str(EXAMPLE / "boards.csv"), "-f", "json")
    assert result.code == 0, result.err
    declined = [
        (r["player"], r["reason"])
        for r in json.loads(result.out)["top_board"]
        if r["invitation"] == "declined"
    ]
    assert declined == [
        ("Oscar Lind", "not on the top board (inferred)"),
        ("Anna Keller", "not on the top board (inferred)"),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--after-round", "9"), "error: --after-round 9:"),
        (("--explain", "Nobody"), "error: --explain: no player 'Nobody'"),
        (("--scoring", "no-such-system"), "error: unknown scoring system 'no-such-system'"),
        (("--scoring", "divide-and-conquer:rounded=maybe"), "rounded: expected yes or no"),
        (("--aggregation", "ante:stake=2"), "error: ante: the stake must be between 0 and 1"),
        (("--aggregation", "ante:bet=2"), "error: ante: bad parameter 'bet=2'"),
    ],
)
def test_bad_options(cli: Callable[..., CliResult], args: tuple[str, ...], message: str) -> None:
    result = cli(*example_args(*args))
    assert result.code == 2
    assert message in result.err


def test_a_missing_file(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    result = cli("diplomacy", "standings", str(tmp_path / "none.csv"))
    assert result.code == 2
    assert f"error: {tmp_path / 'none.csv'}: no such file" in result.err


def test_standings_table_view_shows_each_round_in_a_second_table(
    cli: Callable[..., CliResult],
) -> None:
    result = cli(*example_args())
    assert result.code == 0
    assert "Each round: stake (−), pot share taken (+), score after" in result.out
    block = result.out.split("Each round")[1].split("Ben Ortiz")[1].splitlines()[:3]
    cells = [[c.strip() for c in line.split("│") if c.strip()] for line in block]
    assert [row[0] for row in cells] == ["−10.000", "+70.000", "160.000"]  # round 1
    assert [row[5] for row in cells] == ["−24.774", "+18.191", "241.153"]  # round 6
    assert max(len(line) for line in result.out.splitlines()) <= 100


def test_explain_board_tells_the_pot_like_the_seed(cli: Callable[..., CliResult]) -> None:
    result = cli(*example_args("--explain-board", "1/1"))
    assert result.code == 0, result.err
    text = " ".join(result.out.split())
    assert (
        "Round 1, board 1: each of the 7 powers antes 10 points, creating a pot of 70 points."
        in (text)
    )
    assert (
        "Turkey then receives 64.47% of the pot. 64.47% of 70 is 45.129. So, he started with 100 "
        "points, put 10 points into the pot, and took 45.129 points out of the pot, meaning that "
        "his score after round 1 is 135.129. In the next round, he will ante 10% of this new "
        "score, or 13.5129 points." in text
    )
    bad = cli(*example_args("--explain-board", "one"))
    assert bad.code == 2 and "--explain-board: expected ROUND/BOARD, got 'one'" in bad.err


def test_standings_explain_in_french(cli: Callable[..., CliResult]) -> None:
    result = cli(*example_args("--explain", "Nadia Petrova", "--language", "fr"))
    assert result.code == 0, result.err
    text = " ".join(result.out.split())
    assert "Table finale : invité en numéro 2 après la ronde 5 (203,183)" in text  # folded
    assert "prend le plus de points du pot de la table finale, 37,381" in text
    assert "Top board: invited" not in text and "takes the most points" not in text
