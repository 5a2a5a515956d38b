"""`palmares dip-pouch`: ranking, player page, event report, events; bad input exits 2."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult
from tests.io.test_results import MALFORMED
from tests.ratings.seed000 import DIP_IN_THE_OCEAN, DIP_IN_THE_OCEAN_2004, HISTORY

Cli = Callable[..., CliResult]


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_event_report_reproduces_dip_in_the_ocean_2004(cli: Cli) -> None:
    res = cli("dip-pouch", "event", str(DIP_IN_THE_OCEAN), "dip in the ocean 2004", "-f", "csv")
    assert res.code == 0, res.err
    rows = _csv(res.out)
    assert list(rows[0])[:4] == ["rank", "player", "nationality", "score"]
    shown = [(int(r["rank"]), r["player"]) for r in rows]
    assert shown == [(rank, name) for rank, name, _ in DIP_IN_THE_OCEAN_2004]
    table = cli("dip-pouch", "event", str(DIP_IN_THE_OCEAN), "Dip in the Ocean 2004")
    assert table.code == 0
    for rank, name, score in DIP_IN_THE_OCEAN_2004:
        assert any(name in line and score in line for line in table.out.splitlines()), name
        assert f"{rank} " in table.out
    header = table.out.splitlines()[2].split("┃")
    facts = table.out.splitlines()[4].split("│")
    assert [h.strip() for h in header[1:-1]] == [
        "Date",
        "Place",
        "Number of players",
        "Number of rounds",
        "Coeff",
    ]
    assert [f.strip() for f in facts[1:-1]] == ["2004-08-27", "Vancouver", "24", "3", "18.86"]
    assert "flag: stored coefficient 18.86 is above the cap of 15 (the formula gives 8.86)" in (
        table.out
    )


def test_event_csv_carries_full_precision(cli: Cli) -> None:
    rows = _csv(
        cli("dip-pouch", "event", str(DIP_IN_THE_OCEAN), "Dip in the Ocean 2004", "-f", "csv").out
    )
    assert float(rows[0]["score"]) == pytest.approx(97.91666666666667, abs=1e-12)


def test_event_json_carries_the_event_facts(cli: Cli) -> None:
    res = cli("dip-pouch", "event", str(DIP_IN_THE_OCEAN), "Dip in the Ocean 2004", "-f", "json")
    data = json.loads(res.out)
    assert data["facts"] == [
        {
            "event_id": None,
            "event": "Dip in the Ocean 2004",
            "date": "2004-08-27",
            "country": None,
            "place": "Vancouver",
            "players": 24,
            "rounds": 3,
            "world_championship": False,
            "coefficient": 18.86,
            "rule": "stored",
            "formula": pytest.approx(24 / 3.5 + 2),
            "flagged": True,
        }
    ]
    assert len(data["event"]) == 24
    assert data["notes"] == [
        "flag: stored coefficient 18.86 is above the cap of 15 (the formula gives 8.86)"
    ]


def test_player_page_table_csv_and_explain(cli: Cli) -> None:
    table = cli("dip-pouch", "player", str(HISTORY), "anne  DUPRE")
    assert table.code == 0, table.err
    assert "Anne Dupré (CA): rating 48.42, rank 3, national rank 1" in table.out
    assert "9/40" in table.out
    lines = [ln for ln in table.out.splitlines() if "20" in ln and "│" in ln]
    assert "2017-01-07" in lines[0] and "2000-05-20" in lines[-1]  # newest first
    res = cli("dip-pouch", "player", str(HISTORY), "101", "-f", "csv")
    rows = _csv(res.out)
    assert list(rows[0])[:8] == [
        "date",
        "country",
        "event",
        "rank",
        "players",
        "coefficient",
        "score",
        "rating",
    ]
    assert (rows[1]["rank"], rows[1]["players"]) == ("9", "40")
    assert float(rows[1]["score"]) == pytest.approx((40.5 - 9) / 40 * 100)
    explained = cli(
        "dip-pouch", "player", str(DIP_IN_THE_OCEAN), "matt shields", "--explain", "-f", "json"
    )
    data = json.loads(explained.out)
    assert data["summary"][0]["rank"] == 9
    assert data["summary"][0]["rating"] == pytest.approx(40 + 0.1886 * (1550 / 24 - 40))
    steps = data["explain"]
    assert steps[0] == (
        "Matt SHIELDS starts at 40 (seed 000: each player begins with an initial rating of 40 "
        "before their first tournament)."
    )
    assert steps[1] == (
        "Dip in the Ocean 2004 (2004-08-27): the player enters with a rating of 40 and finishes "
        "in 9th place out of 24 players."
    )
    assert steps[2] == (
        "The player's percentile score is (24 + 0.5 - 9)/24 * 100 = 64.58. The event's stored "
        "tournament value is 18.86; the formula gives 8.86. It is above the maximum tournament "
        "value of 15, and it is used as stored. Therefore, this player's rating will move "
        "18.86% of the distance from 40 to 64.58. The difference between 64.58 and 40 is 24.58. "
        "18.86% of 24.58 is 4.636. Therefore, we add 4.636 points to this player's rating as a "
        "results of this event, meaning their rating increases from 40 to 44.636."
    )
    french = cli(
        "dip-pouch", "player", str(DIP_IN_THE_OCEAN), "matt shields", "--explain", "-f", "json",
        "--language", "fr",
    )  # fmt: skip
    assert json.loads(french.out)["explain"][2].endswith(
        "18,86\u202f% de 24,58 font 4,636. Par conséquent, nous ajoutons 4,636 points à la cote "
        "de ce joueur à l'issue de ce tournoi : sa cote passe de 40 à 44,636."
    )


def test_ranking_permanent_year_end_and_nationality(cli: Cli) -> None:
    res = cli("dip-pouch", "ranking", str(HISTORY), "-f", "csv")
    assert res.code == 0, res.err
    rows = _csv(res.out)
    assert list(rows[0])[:6] == [
        "rank",
        "national_rank",
        "player",
        "nationality",
        "rating",
        "events",
    ]
    assert [r["player"] for r in rows][:3] == ["Dan O'Leary", "Chloé Martin", "Anne Dupré"]
    year = _csv(
        cli(
            "dip-pouch",
            "ranking",
            str(HISTORY),
            "--year",
            "2016",
            "--nationality",
            "CA",
            "-f",
            "csv",
        ).out
    )
    assert [(r["rank"], r["national_rank"], r["player"], r["events"]) for r in year] == [
        ("4", "1", "Anne Dupré", "3"),
        ("7", "2", "Bill Ng", "2"),
    ]
    as_of = json.loads(
        cli("dip-pouch", "ranking", str(HISTORY), "--as-of", "2000-12-31", "-f", "json").out
    )
    # Only the 2000 World Championship counts before 2001.
    assert [r["player"] for r in as_of["ranking"]] == [
        "Chloé Martin",
        "Dan O'Leary",
        "Anne Dupré",
        "Eve Kowalski",
        "Frank Li",
    ]


def test_events_list(cli: Cli) -> None:
    rows = _csv(cli("dip-pouch", "events", str(HISTORY), "-f", "csv").out)
    assert [(r["event"], r["rule"]) for r in rows] == [
        ("Harbour Open 2000", "before-2001"),
        ("World Championship 2000", "world-championship"),
        ("Lakeside One-Nighter 2003", "one-round"),
        ("Coastal Classic 2004", "more-rounds"),
        ("Southern Cross 2016", "stored"),
        ("New Year Open 2017", "more-rounds"),
    ]
    assert float(rows[3]["coefficient"]) == pytest.approx(40 / 3.5 + 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["player", str(HISTORY), "Nobody"], "no player named 'Nobody'"),
        (["event", str(HISTORY), "Nothing"], "no event named 'Nothing'"),
        (["ranking", str(HISTORY), "--as-of", "2004-02-30"], "--as-of: expected a date"),
        (["ranking", str(HISTORY), "--as-of", "2004-01-01", "--year", "2004"], "not both"),
        (["ranking", str(HISTORY), "--year", "0"], "Invalid value for '--year'"),
    ],
)
def test_bad_requests_exit_2(cli: Cli, args: list[str], message: str) -> None:
    res = cli("dip-pouch", *args)
    assert res.code == 2
    assert message in res.err


def test_a_name_shared_by_two_ids_is_refused_naming_both(
    cli: Cli, write: Callable[[str, str], Path]
) -> None:
    path = write(
        "results.csv",
        "event,date,player,player_id,rank\nA,2004-01-01,Ann Lee,7,1\nB,2005-01-01,Ann Lee,9,1\n",
    )
    res = cli("dip-pouch", "player", str(path), "ann lee")
    assert res.code == 2
    assert "matches more than one player (7, 9)" in res.err


@pytest.mark.parametrize(("case", "content", "expected"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_files_exit_2_naming_file_and_line(
    cli: Cli, write: Callable[[str, str], Path], case: str, content: str, expected: str
) -> None:
    path = write("results.csv", content)
    for command in (["ranking"], ["events"], ["player", "x"], ["event", "x"]):
        res = cli("dip-pouch", command[0], str(path), *command[1:])
        assert res.code == 2, case
        assert f"error: {path}{expected}" in res.err
        assert res.out == ""


def test_a_stored_coefficient_before_2001_is_flagged_and_the_seed_wins(
    cli: Cli, write: Callable[[str, str], Path]
) -> None:
    # 1998, 2 players, stored 10: the winner's percentile 75 would take 40 to 43.50.
    path = write(
        "results.csv",
        "event,date,coefficient,player,rank\n"
        "Old Cup,1998-06-01,10,Ann Lee,1\nOld Cup,1998-06-01,10,Bo Ek,2\n",
    )
    warning = (
        "warning: Old Cup (1998-06-01): stored coefficient 10 on an event before 2001 that is "
        "not a World Championship (the seed's rule wins: tournament value 0)"
    )
    ranking = cli("dip-pouch", "ranking", str(path), "-f", "csv")
    assert ranking.code == 0
    assert warning in ranking.err.splitlines()
    assert _csv(ranking.out) == []  # an event of value 0 counts for nobody
    page = cli("dip-pouch", "player", str(path), "Ann Lee", "--explain", "-f", "json")
    assert page.code == 0
    assert json.loads(page.out)["summary"][0]["rating"] == 40
    explained = "\n".join(json.loads(page.out)["explain"])
    assert "The stored tournament value 10 is not used: seed 000's pre-2001 rule wins" in explained
    assert "Therefore, this player's rating stays at 40." in explained
    event = cli("dip-pouch", "event", str(path), "Old Cup", "-f", "json")
    notes = json.loads(event.out)["notes"]
    assert notes == [warning.replace("warning: Old Cup (1998-06-01): ", "flag: ")]
