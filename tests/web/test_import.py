"""`palmares import` / `export`: strict, all-or-nothing, re-import replaces the event."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from palmares.web.events.models import Event, Result
from palmares.web.faces.demo import SAMPLE
from palmares.web.ratinglists.models import RatingEntry
from palmares.web.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

GOOD = "event,date,player,rank,nationality\nTest Cup,2009-05-01,Ann Able,1,Norway\n" + (
    "Test Cup,2009-05-01,Bob Baker,2,Norway\nTest Cup,2009-05-01,Cy Cole,2,Norway\n"
)


def test_import_results_then_reimport_replaces(cli: Any, write: Callable[..., Path]) -> None:
    path = write("results.csv", GOOD)
    first = cli("import", "results", str(path), "--format", "csv")
    assert first.code == 0, first.err
    assert first.out.splitlines()[1] == "results,1,3,0"
    event = Event.objects.get(name="Test Cup")
    assert [r.rank for r in event.results.order_by("rank")] == [1, 2, 2]
    assert RatingEntry.objects.filter(event=event).count() == 3  # ratings recomputed
    again = cli("import", "results", str(write("again.csv", GOOD.replace(",2,", ",3,", 1))))
    assert again.code == 0
    assert Event.objects.filter(name="Test Cup").count() == 1
    assert sorted(r.rank for r in Result.objects.filter(event__name="Test Cup")) == [1, 2, 3]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("event,date,player\nA,2009-01-01,X\n", ":1: rank: required column is missing"),
        ("event,date,player,rank\nA,2009-02-30,X,1\n", ":2: date: expected a date"),
        (
            "event,date,player,rank\nA,2009-01-01,X,1\nA,2009-01-01,x,2\n",
            ":3: player: 'x' appears twice",
        ),
        (
            "event,date,player,rank,players\nA,2009-01-01,X,9,4\n",
            ":2: rank: 9 is above the 4 players",
        ),
        ("event,date,player,rank,colour\nA,2009-01-01,X,1,red\n", ":1: colour: unknown column"),
    ],
)
def test_bad_file_is_rejected_whole(
    cli: Any, write: Callable[..., Path], text: str, message: str
) -> None:
    before = Result.objects.count()
    answer = cli("import", "results", str(write("bad.csv", text)))
    assert answer.code == 2
    assert message in answer.err
    assert Result.objects.count() == before


def test_import_boards_matches_games(cli: Any, write: Callable[..., Path], tmp_path: Path) -> None:
    boards = write(
        "boards.csv",
        "round,board,power,player,centres\n"
        + "".join(
            f"1,1,{p},P{p},{c}\n" for p, c in zip("AEFGIRT", [9, 8, 7, 5, 3, 2, 0], strict=True)
        ),
    )
    done = cli("import", "boards", str(boards), "--event", "Mini", "--date", "2009-06-01")
    assert done.code == 0, done.err
    assert Event.objects.get(name="Mini").tournament.rounds.count() == 1
    bad_date = cli("import", "boards", str(boards), "--event", "Mini", "--date", "June")
    assert bad_date.code == 2 and "--date" in bad_date.err
    matches = cli("import", "matches", str(SAMPLE / "tantrix-nz-2000-matches.csv"))
    assert matches.code == 0 and "24" in matches.out
    games = write(
        "games.csv",
        "date,game,player,score\n2010-04-02,G1,a,10\n2010-04-02,G1,b,20\n2010-04-02,G1,c,0\n",
    )
    assert cli("import", "games", str(games)).code == 0
    two = write("two.csv", "date,game,player,score\n2010-04-02,G2,a,10\n2010-04-02,G2,b,20\n")
    refused_game = cli("import", "games", str(two))
    assert refused_game.code == 2 and "game G2 has 2 players; it needs 3 to 6" in refused_game.err
    cup = write("cup.csv", "tournament,date,player,place\nCup,2010-05-01,a,1\nCup,2010-05-01,b,2\n")
    assert cli("import", "tournaments", str(cup)).code == 0
    bad_tp = write(
        "m.csv",
        "event,date,round,player_a,player_b,games,tp_a,tp_b\nE,2001-01-01,R1,a,b,2,30,20\n",
    )
    refused = cli("import", "matches", str(bad_tp))
    assert refused.code == 2
    assert ":2: tp_b: tp_a + tp_b = 50, but 2 games share 20 × 2 = 40" in refused.err


def test_export_results_round_trips(cli: Any, write: Callable[..., Path]) -> None:
    answer = cli("export", "results", "--format", "csv")
    assert answer.code == 0
    rows = list(csv.DictReader(io.StringIO(answer.out)))
    ocean = [r for r in rows if r["event"] == "Dip in the Ocean 2004"]
    assert len(ocean) == 24 and ocean[0]["player"] == "Edi Birsan" and ocean[0]["rank"] == "1"
    again = cli("import", "results", str(write("back.csv", answer.out)))
    assert again.code == 0, again.err
    assert Result.objects.filter(event__name="Dip in the Ocean 2004").count() == 24


def test_export_wdd_files(cli: Any) -> None:
    classification = cli("export", "wdd", "classification", "Dip in the Ocean 2004")
    assert classification.code == 0
    assert classification.out.splitlines()[0] == (
        "event,date,event_id,player,player_id,rank,nationality,country,place,rounds,players,"
        "world_championship,coefficient"
    )
    assert classification.out.splitlines()[1] == (
        "Dip in the Ocean 2004,2004-08-27,,Edi Birsan,,1,,Canada,Vancouver,3,24,no,18.86"
    )
    boards = cli("export", "wdd", "boards", "World Diplomacy Championship 2007", "-f", "json")
    assert boards.code == 0 and '"power": "Austria"' in boards.out
    assert cli("export", "wdd", "nothing", "Dip in the Ocean 2004").code == 2
    assert cli("export", "wdd", "boards", "No Such Event").code == 2


def test_demo_twice_does_not_duplicate(cli: Any) -> None:
    counts = (Event.objects.count(), Result.objects.count())
    answer = cli("demo", "--no-serve")
    assert answer.code == 0 and "sample data loaded" in answer.out
    assert (Event.objects.count(), Result.objects.count()) == counts


def test_the_demo_prints_how_to_log_in_as_a_td_and_an_officer(cli: Any) -> None:
    from django.contrib.auth.models import User

    from palmares.web.accounts.roles import directs, is_ratings_officer, is_tournament_director

    answer = cli("demo", "--no-serve", "--port", "8123")
    found = re.findall(r"as '(\w+)' \(([^)]+)\) with the password '([^']+)'", answer.out)
    assert [(name, role) for name, role, _ in found] == [
        ("td", "tournament director"),
        ("officer", "ratings officer"),
    ]
    assert "http://127.0.0.1:8123/accounts/login/" in answer.out
    td = User.objects.get(username="td")
    officer = User.objects.get(username="officer")
    assert td.check_password(found[0][2]) and officer.check_password(found[1][2])
    wc = Tournament.objects.get(event__name="World Diplomacy Championship 2007")
    assert is_tournament_director(td) and directs(td, wc)
    assert is_ratings_officer(officer) and not directs(officer, wc)
    again = cli("demo", "--no-serve")
    password = re.findall(r"as 'td' \([^)]+\) with the password '([^']+)'", again.out)[0]
    assert password != found[0][2]  # a new password on every run, none in the repository
