"""The last round's outlook on the site and in the API (issue 38): the WC 2007's first five
rounds, round 6 called with its top board; ``GET /api/tournaments/{id}/outlook`` and the
standings page show every player's verdicts, in the request's language, and they move when a
board of round 6 reports."""

from __future__ import annotations

import csv
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from palmares.web.tournaments import adapters
from palmares.web.tournaments.exports import wdd_board_rows
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.services import import_boards

# One worker runs the outlook's tests (``make test``'s loadgroup): the first outlook a process
# computes builds the catalogue and the boards' bounds (about 5 s), which the others reuse.
pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.xdist_group("outlook")]

VERDICTS = {"clinched", "possible", "out"}


@pytest.fixture
def cup(wc: Tournament, tmp_path: Path) -> Tournament:
    """The WC 2007's first five rounds as a new tournament of six rounds, top-board rule on."""
    path = tmp_path / "boards.csv"
    rows = [r for r in wdd_board_rows(wc.event) if r["round"] <= 5]
    with path.open("w", newline="", encoding="utf-8") as out:
        w = csv.DictWriter(out, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows({k: ("" if v is None else v) for k, v in r.items()} for r in rows)
    t = import_boards(path, event="Outlook Cup", day=date(2011, 5, 1))
    t.top_board_rule = True
    t.planned_rounds = 6
    t.save()
    t.event.rounds = 6
    t.event.save()
    return t


@pytest.fixture
def td(cup: Tournament) -> Client:
    user = User.objects.create_user("outlook-td", password="outlook-password-2011")
    cup.directors.add(user)
    client = Client()
    client.force_login(user)
    return client


def _post(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, data=json.dumps(body), content_type="application/json")


def _call(cup: Tournament, td: Client) -> dict[str, dict[str, str]]:
    call = _post(td, f"/api/tournaments/{cup.pk}/rounds/6/board-call", {"seed": 1})
    assert call.status_code == 200, call.content
    assert (
        _post(td, f"/api/tournaments/{cup.pk}/rounds/6/board-call/publish", {}).status_code == 200
    )
    return {b["label"]: b["seats"] for b in call.json()["boards"]}


def test_before_the_call_there_is_no_outlook(cup: Tournament) -> None:
    answer = Client().get(f"/api/tournaments/{cup.pk}/outlook")
    assert answer.status_code == 200
    assert answer.json() == []
    assert "round 6" in answer["Outlook-Reason"]


def test_the_outlook_of_the_final_round(cup: Tournament, td: Client) -> None:
    boards = _call(cup, td)
    top = set(boards["1"].values())
    answer = Client().get(f"/api/tournaments/{cup.pk}/outlook")
    assert answer.status_code == 200
    rows = answer.json()
    before = adapters.standings(cup, up_to_round=5)
    assert {r["player"] for r in rows} == {s.player for s in before.players if s.games}
    first = rows[0]
    assert set(first) >= {"player", "place", "championship", "places", "explanation"}
    assert first["place"] == 1 and sorted(first["places"]) == ["2", "3", "4", "5", "6", "7"]
    for r in rows:
        assert r["championship"] in VERDICTS and set(r["places"].values()) <= VERDICTS
        # Seed 002: only the top board's winner is champion; a solo there wins it.
        assert r["championship"] == ("possible" if r["player"] in top else "out")
        if r["player"] in top:
            assert "out" not in r["places"].values()
        for k in range(2, 7):  # place k or better: clinching k clinches k + 1
            if r["places"][str(k)] == "clinched":
                assert r["places"][str(k + 1)] == "clinched"
            if r["places"][str(k + 1)] == "out":
                assert r["places"][str(k)] == "out"
        for k, verdict in r["places"].items():
            said = r["explanation"]["places"][k]
            if verdict == "out":
                assert f"place {k} is out of reach" in said
            elif verdict == "clinched":
                assert f"place {k} or better is theirs" in said
            else:
                assert f"place {k} or better is still open" in said or "solo on the top" in said
    # The ante keeps the field close: a solo in round 6 lifts even the last player to 2nd.
    last = rows[-1]
    assert (last["best"], last["places"]["2"]) == (2, "possible")
    french = Client().get(f"/api/tournaments/{cup.pk}/outlook", HTTP_ACCEPT_LANGUAGE="fr")
    assert "reste ouverte à" in french.json()[-1]["explanation"]["places"]["2"]


def test_the_outlook_moves_when_the_top_board_reports(cup: Tournament, td: Client) -> None:
    boards = _call(cup, td)
    centres = dict(zip(boards["1"], [11, 9, 6, 4, 3, 1, 0], strict=True))
    entered = td.put(
        f"/api/tournaments/{cup.pk}/rounds/6/boards/1",
        data=json.dumps({"centres": centres, "eliminated": {}, "draw": None, "final_year": 1909}),
        content_type="application/json",
    )
    assert entered.status_code == 200, entered.content
    winner = next(name for power, name in boards["1"].items() if centres[power] == 11)
    rows = {r["player"]: r for r in Client().get(f"/api/tournaments/{cup.pk}/outlook").json()}
    assert rows[winner]["championship"] == "clinched"
    assert set(rows[winner]["places"].values()) == {"clinched"}
    others = [p for p in boards["1"].values() if p != winner]
    assert all(rows[p]["championship"] == "out" for p in others)
    assert "won the top board" in rows[winner]["explanation"]["championship"]


def test_the_standings_page_and_the_players_outlook(cup: Tournament, td: Client) -> None:
    boards = _call(cup, td)
    page = Client().get(f"/diplomacy/{cup.pk}/?tab=standings").content.decode()
    assert 'id="outlook-table"' in page
    player = next(iter(boards["1"].values()))
    assert f'data-player="{player}"' in page
    one = Client().get(f"/diplomacy/{cup.pk}/outlook/", {"player": player})
    assert one.status_code == 200
    text = one.content.decode()
    assert 'id="outlook-why"' in text and "plays the top board (1)" in text
    assert text.count("data-player=") == 1
    french = (
        Client()
        .get(f"/diplomacy/{cup.pk}/outlook/", {"player": player}, HTTP_ACCEPT_LANGUAGE="fr")
        .content.decode()
    )
    assert "joue la table finale (1)" in french


def test_a_players_fewest_centres(cup: Tournament, td: Client) -> None:
    boards = _call(cup, td)
    player = next(iter(boards["1"].values()))
    answer = Client().get(f"/api/tournaments/{cup.pk}/outlook", {"player": player})
    rows = answer.json()
    assert [r["player"] for r in rows] == [player]
    centres = rows[0]["centres"]
    assert sorted(centres) == ["1", "2", "3", "4", "5", "6", "7"]
    # A solo (18 centres) on the top board makes them champion, whatever the others do.
    assert centres["1"] is not None and centres["1"] <= 18
    assert all(c is None or c <= centres["1"] for c in centres.values())
    everyone = Client().get(f"/api/tournaments/{cup.pk}/outlook").json()
    assert all(r["centres"] is None for r in everyone)
