import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliResult
from tests.wizard.test_month import ORDER

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "wizard"
Write = Callable[[str, str], Path]


def games_csv(write: Write, month: str) -> Path:
    lines = ["date,game,player,place"]
    for i, players in enumerate(ORDER):
        for place, player in enumerate(players, start=1):
            lines.append(f"{month}-{i + 1:02d},g{i},{player},{place}")
    return write(f"games-{month}.csv", "\n".join(lines) + "\n")


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_month_csv_before_and_after_2020(cli: Callable[..., CliResult], write: Write) -> None:
    december = cli("wizard", "month", str(games_csv(write, "2019-12")), "--month", "2019-12",
                   "--qualifying-games", "3", "--format", "csv")  # fmt: skip
    assert december.code == 0, december.err
    table = rows(december.out)
    assert list(table[0])[:9] == [
        "rank", "player", "games", "points", "skill_ratio", "wins", "win_percentage", "matrix",
        "master_points",
    ]  # fmt: skip
    assert [(r["rank"], r["player"], r["matrix"], r["master_points"]) for r in table[:3]] == [
        ("1", "Y", "3", "30"),
        ("2", "X", "4", "27"),
        ("3", "Z", "5", "24"),
    ]
    assert table[1]["skill_ratio"] == repr(4 / 3)
    january = cli("wizard", "month", str(games_csv(write, "2020-01")), "--month", "2020-01",
                  "--qualifying-games", "3", "--format", "csv")  # fmt: skip
    table = rows(january.out)
    assert [(r["rank"], r["player"], r["matrix"]) for r in table[:3]] == [
        ("1", "X", ""),
        ("2", "Y", ""),
        ("3", "Z", ""),
    ]


def test_rank_is_empty_below_the_cut_off(cli: Callable[..., CliResult], write: Write) -> None:
    result = cli("wizard", "month", str(games_csv(write, "2019-12")), "--month", "2019-12",
                 "-f", "csv", "--qualifying-games", "4")  # fmt: skip
    table = rows(result.out)
    assert [(r["rank"], r["player"]) for r in table] == [
        ("1", "X"), ("2", "F1"), ("3", "F2"), ("4", "F3"), ("", "Y"), ("", "Z"),
    ]  # fmt: skip


def test_month_table_and_explain(cli: Callable[..., CliResult], write: Write) -> None:
    result = cli("wizard", "month", str(games_csv(write, "2019-12")), "--month", "2019-12",
                 "--qualifying-games", "3", "--explain", "-f", "csv")  # fmt: skip
    assert result.code == 0
    explain = result.err.splitlines()
    assert (
        "X: a player with 8 points in 6 games has an SR of 1.33; 4 wins, a W.P. of 66.67; 1st in "
        "points and 3rd in SR equals a matrix score of 4, rank 2; 27 MP for 2nd of the Top 10: 27"
    ) in explain
    assert (
        "F3: a player with -11 points in 8 games has an SR of -1.38; 1 wins, a W.P. of 12.5; 6th "
        "in points and 6th in SR equals a matrix score of 12, rank 6; 15 MP for 6th of the Top "
        "10: 15"
    ) in explain
    assert explain[0] == "Month 2019-12 (2019-12-01 to 2019-12-31): 6 players; rules of 2019-12-31."
    assert "- number ranking by the matrix" in explain[2]
    table = cli("wizard", "month", str(games_csv(write, "2019-12")), "--month", "2019-12",
                "--qualifying-games", "3")  # fmt: skip
    assert "Wizard 2019-12" in table.out and "│    1 │ Y " in table.out


def test_all_scores_by_skill_ratio(cli: Callable[..., CliResult], write: Write) -> None:
    result = cli("wizard", "all-scores", str(games_csv(write, "2019-12")), "--month", "2019-12",
                 "-f", "json")  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(result.out)["all_scores"]
    assert [(r["position"], r["player"], r["rank"]) for r in data] == [
        (1, "Y", None), (2, "Z", None), (3, "X", None), (4, "F1", None), (5, "F2", None),
        (6, "F3", None),
    ]  # fmt: skip


def test_no_games_in_the_month(cli: Callable[..., CliResult], write: Write) -> None:
    result = cli("wizard", "month", str(games_csv(write, "2019-12")), "--month", "2019-11")
    assert result.code == 2
    assert "no game is dated in 2019-11" in result.err
    bad = cli("wizard", "month", str(games_csv(write, "2019-12")), "--month", "2019/11")
    assert bad.code == 2 and "a month is written YYYY-MM" in bad.err


def test_tournament_with_a_triad(cli: Callable[..., CliResult], write: Write) -> None:
    players = "".join(f"Open,2015-06-01,p{i},{i},,no\n" for i in range(4, 46))
    t = write("t.csv", "tournament,date,player,place,games_finished,invitational\n"
              "Open,2015-06-01,ann,1,,no\nOpen,2015-06-01,bob,2,,no\n"
              "Open,2015-06-01,cy,3,,no\n" + players)  # fmt: skip
    triad = write("triad.csv", "tournament,player,place\nOpen,ann,2\nOpen,p4,1\nOpen,bob,2\n")
    result = cli("wizard", "tournament", str(t), "--triad", str(triad), "-f", "csv")
    assert result.code == 0, result.err
    table = rows(result.out)
    got = [(r["place"], r["player"], r["master_points"], r["triad"]) for r in table[:5]]
    assert got == [
        ("1", "ann", "45", "1.5"),
        ("2", "bob", "23", "1.5"),
        ("3", "cy", "12", "0"),
        ("4", "p4", "6", "3"),
        ("5", "p5", "0", "0"),
    ]


def test_tournament_explain_and_2020(cli: Callable[..., CliResult], write: Write) -> None:
    t = write("t.csv", "tournament,date,player,place\nNew,2020-01-05,a,1\nNew,2020-01-05,b,2\n"
              "Old,2019-12-05,a,1\nOld,2019-12-05,b,2\nOld,2019-12-05,c,3\n")  # fmt: skip
    result = cli("wizard", "tournament", str(t), "--explain")
    assert result.code == 0
    assert "no master points: none are awarded for tournaments from 2020-01-01" in result.out
    assert "3 places paid: 3, 2, 1 (1st = the number of players;" in result.out
    triad = write("triad.csv", "tournament,player,place\nNew,a,1\nNew,b,2\nNew,x,3\n")
    late = cli("wizard", "tournament", str(t), "--triad", str(triad))
    assert late.code == 2
    assert "x did not play in it" in late.err or "eliminated on January 1, 2020" in late.err


def test_ledger(cli: Callable[..., CliResult], write: Write) -> None:
    games = games_csv(write, "2019-12")
    t = write("t.csv", "tournament,date,player,place\nCup,2019-12-20,X,2\nCup,2019-12-20,Y,1\n"
              "Cup,2019-12-20,Z,3\n")  # fmt: skip
    result = cli("wizard", "ledger", str(games), str(t), "X", "-f", "json")
    assert result.code == 0, result.err
    entries = json.loads(result.out)["ledger"]
    # The default cut-off (30 games) leaves X unranked in December: only the Cup pays.
    assert [(e["source"], e["kind"], e["master_points"], e["total"]) for e in entries] == [
        ("Cup", "tournament", 2, 2)
    ]
    unknown = cli("wizard", "ledger", str(games), str(t), "Nobody")
    assert unknown.code == 2 and "Nobody is in neither" in unknown.err


def test_malformed_games_file_exits_2(cli: Callable[..., CliResult], write: Write) -> None:
    bad = write("bad.csv", "date,game,player,score\n2019-12-01,g1,ann,1\n2019-12-01,g1,bob,2\n")
    result = cli("wizard", "month", str(bad), "--month", "2019-12")
    assert result.code == 2
    assert result.err == f"error: {bad}:2: game g1 has 2 players; it needs 3 to 6\n"
    assert result.out == ""


def test_the_examples_run(cli: Callable[..., CliResult]) -> None:
    games = str(EXAMPLES / "games.csv")
    month = cli("wizard", "month", games, "--month", "2019-12", "-f", "csv")
    assert month.code == 0, month.err
    table = rows(month.out)
    ranked = [r for r in table if r["rank"]]
    assert all(int(r["games"]) >= 30 for r in ranked)
    assert all(int(r["games"]) < 30 for r in table if not r["rank"])
    assert sum(int(r["master_points"]) for r in ranked[:10]) >= sum(range(3, 31, 3))
    tournament = cli("wizard", "tournament", str(EXAMPLES / "tournament.csv"), "--triad",
                     str(EXAMPLES / "triad.csv"), "--games", games, "-f", "csv")  # fmt: skip
    assert tournament.code == 0, tournament.err
    assert "warning" not in tournament.err
    winter = [r for r in rows(tournament.out) if r["tournament"] == "Winter Open"]
    assert [r["master_points"] for r in winter[:5]] == ["45", "18", "18", "6", "0"]


def test_junior_session(cli: Callable[..., CliResult], write: Write) -> None:
    lines = ["date,game,player,place"]
    for i in range(20):
        third = "cy" if i < 19 else "dan"
        day = f"2016-{1 + i // 10:02d}-{1 + i % 10:02d}"
        lines += [f"{day},g{i},ann,1", f"{day},g{i},bob,2", f"{day},g{i},{third},3"]
    games = write("junior.csv", "\n".join(lines) + "\n")
    result = cli("wizard", "junior", str(games), "--session", "2016-02", "-f", "csv")
    assert result.code == 0, result.err
    got = [(r["rank"], r["player"], r["games"], r["master_points"]) for r in rows(result.out)]
    assert got == [("1", "ann", "20", "35"), ("2", "bob", "20", "27"), ("", "dan", "1", "0"),
                   ("", "cy", "19", "0")]  # fmt: skip


def test_fractional_wins(cli: Callable[..., CliResult], write: Write) -> None:
    games = write("g.csv", "date,game,player,score\n2019-12-01,g1,a,90\n2019-12-01,g1,b,90\n"
                  "2019-12-01,g1,c,10\n2019-12-02,g2,a,50\n2019-12-02,g2,b,20\n"
                  "2019-12-02,g2,c,30\n")  # fmt: skip
    whole = rows(cli("wizard", "month", str(games), "--month", "2019-12", "-f", "csv").out)
    half = rows(cli("wizard", "month", str(games), "--month", "2019-12", "-f", "csv",
                    "--fractional-wins").out)  # fmt: skip
    assert {r["player"]: (r["wins"], r["win_percentage"]) for r in whole} == {
        "a": ("2", "100"), "b": ("1", "50"), "c": ("0", "0"),
    }  # fmt: skip
    assert {r["player"]: (r["wins"], r["win_percentage"]) for r in half} == {
        "a": ("1.5", "75"), "b": ("0.5", "25"), "c": ("0", "0"),
    }  # fmt: skip


MALFORMED = [
    ("date,game,player,score\n2019-12-01,g1,a,1\n2019-12-01,g1,b,2\n",
     "bad.csv:2: game g1 has 2 players; it needs 3 to 6"),
    ("date,game,player,score\n" + "".join(f"2019-12-01,g1,p{i},{i}\n" for i in range(1, 8)),
     "bad.csv:2: game g1 has 7 players; it needs 3 to 6"),
    ("date,game,player,place\n2019-12-01,g1,a,1\n2019-12-01,g1,b,2\n2019-12-01,g1,a,3\n"
     "2019-12-01,g1,c,4\n", "bad.csv:4: player: a appears twice in game g1 (first at line 2)"),
    ("date,game,player,score,place\n2019-12-01,g1,a,10,3\n2019-12-01,g1,b,20,\n"
     "2019-12-01,g1,c,5,3\n",
     "bad.csv:2: place: place 3 disagrees with the score 10, which is place 2 in game g1"),
    ("date,game,player,score\n01/12/2019,g1,a,1\n2019-12-01,g1,b,2\n2019-12-01,g1,c,3\n",
     "bad.csv:2: date: expected a date as YYYY-MM-DD, got '01/12/2019'"),
]  # fmt: skip


def test_malformed_games_files(cli: Callable[..., CliResult], write: Write) -> None:
    for text, message in MALFORMED:
        bad = write("bad.csv", text)
        for command in ("month", "all-scores"):
            result = cli("wizard", command, str(bad), "--month", "2019-12")
            assert result.code == 2
            assert result.err == f"error: {bad.parent}/{message}\n"
            assert result.out == ""
        result = cli("wizard", "ledger", str(bad), str(bad), "a")
        assert result.code == 2 and message in result.err


def test_invitational_checked_against_the_previous_month(
    cli: Callable[..., CliResult], write: Write
) -> None:
    lines = ["date,game,player,place"]
    for n in range(10):  # ORDER ten times: everyone plays at least 30 games and is ranked
        for i, players in enumerate(ORDER):
            lines += [f"2019-11-{n + 1:02d},g{n}-{i},{p},{k}" for k, p in enumerate(players, 1)]
    games = write("games.csv", "\n".join(lines) + "\n")
    rows_ = ["tournament,date,player,place,invitational"]
    rows_ += [f"Inv,2019-12-07,{p},{i},yes" for i, p in enumerate(["X", "Zed", "Y"], start=1)]
    t = write("t.csv", "\n".join(rows_) + "\n")
    result = cli("wizard", "tournament", str(t), "--games", str(games), "-f", "csv")
    assert result.code == 0
    assert result.err.splitlines() == [
        "warning: Zed played the invitational Inv but was not in the top 25 of 2019-11"
    ]
    assert [r["master_points"] for r in rows(result.out)] == ["3", "2", "1"]


def test_ledger_with_junior_sessions(cli: Callable[..., CliResult], write: Write) -> None:
    # X wins all 20 Junior games of January-February 2016: 30 (1st) + 5 (W.P., 20-44 games).
    lines = ["date,game,player,place"]
    for i in range(20):
        day = f"2016-{1 + i // 10:02d}-{1 + i % 10:02d}"
        lines += [f"{day},j{i},X,1", f"{day},j{i},Y,2", f"{day},j{i},Z,3"]
    junior = write("junior.csv", "\n".join(lines) + "\n")
    games = games_csv(write, "2019-12")
    t = write("t.csv", "tournament,date,player,place\n")
    result = cli("wizard", "ledger", str(games), str(t), "X", "--junior", str(junior), "-f", "json")
    assert result.code == 0, result.err
    entries = json.loads(result.out)["ledger"]
    assert [(e["source"], e["kind"], e["master_points"], e["total"]) for e in entries] == [
        ("Junior 2016-01/02", "top-10", 30, 30),
        ("Junior 2016-01/02", "wp", 5, 35),
    ]


def test_ledger_shows_the_level_on_the_award_that_reached_it(
    cli: Callable[..., CliResult], write: Write
) -> None:
    # p1 wins a 520-player tournament in 2019 (520 MP): Earth (500) reached there; p2 has 260.
    field = [f"Big,2019-06-01,p{i},{i}" for i in range(1, 521)]
    t = write("t.csv", "tournament,date,player,place\n" + "\n".join(field) + "\n")
    games = games_csv(write, "2019-12")
    result = cli("wizard", "ledger", str(games), str(t), "p1", "-f", "json")
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    assert [(e["source"], e["total"], e["level"]) for e in payload["ledger"]] == [
        ("Big", 520, "Earth")
    ]
    assert payload["notes"] == [
        "p1: 520 master points in all",
        "p1: level Earth, 520 lifetime master points; next Water at 1000 (480 to go)",
        "Earth (500) reached in Big (2019-06-01), 520 master points",
    ]
    second = cli("wizard", "ledger", str(games), str(t), "p2", "-f", "json")
    assert json.loads(second.out)["notes"][1] == (
        "p2: no level yet, 260 lifetime master points; next Earth at 500 (240 to go)"
    )


def test_month_after_the_2023_procedure_explains_its_rules_and_sources(
    cli: Callable[..., CliResult], write: Write
) -> None:
    from tests.wizard.test_after_2020 import PLAN, month_games

    lines = ["date,game,player,place"]
    for g in month_games(2023, 9, PLAN):
        lines += [f"{g.day},{g.game},{f.player},{f.place}" for f in g.finishes]
    games = write("games.csv", "\n".join(lines) + "\n")
    result = cli("wizard", "month", str(games), "--month", "2023-09", "-f", "json", "--explain")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    paid = {r["player"]: r["master_points"] for r in data["month"] if r["master_points"]}
    assert paid == {"ann": 45, "cy": 39}  # 40 games: ann 15 x 3; cy 13 x 3
    text = "\n".join(data["explain"])
    assert "Rule set in force from 2023-09-23:" in text
    assert "for players with at least 40 games" in text
    assert "15, 13, 11, 9, 8, 7, 6, 5, 4, 3 (243 a month without ties)" in text
    assert "- 2021-02-01: Wizard league Master Point Plan, 2021-02-01" in text
    assert "- 2023-09-23: Wizard league monthly procedure posted 2023-09-23" in text
    assert "1st of the S.R. Top 10: 15" in text
