"""The tournament day through the JSON API (issue 12): set-up, registration, roll call, board
calls, results, a correction, the standings (checked against ``palmares diplomacy standings``
on the same boards) and the audit log."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from palmares.io.boards import read_boards_csv
from palmares.web.audit.models import AuditEntry
from palmares.web.players.models import Player
from palmares.web.tournaments.models import Board, Tournament
from tests.conftest import CliResult
from tests.web.tday_helpers import APART, PLAYERS, TEAM, create, director, register, result, send


def _play_round(client: Client, tid: int, n: int) -> dict[str, Any]:
    """Roll call (everyone), board call, publish, and every board's result."""
    roll = send(client, "PUT", f"/api/tournaments/{tid}/rounds/{n}/roll-call", {"present": PLAYERS})
    assert roll.status_code == 200, roll.content
    call = send(client, "POST", f"/api/tournaments/{tid}/rounds/{n}/board-call", {"seed": 1})
    assert call.status_code == 200, call.content
    published = send(client, "POST", f"/api/tournaments/{tid}/rounds/{n}/board-call/publish")
    assert published.status_code == 200, published.content
    body = call.json()
    for i, board in enumerate(body["boards"]):
        url = f"/api/tournaments/{tid}/rounds/{n}/boards/{board['label']}"
        answer = send(client, "PUT", url, result(board["seats"], shift=(i + n) % 7))
        assert answer.status_code == 200, answer.content
        assert answer.json()["changed"] is True
    return dict(body)


@pytest.mark.django_db
def test_a_whole_day_through_the_api(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    _, client = director()
    tid = create(client)
    t = Tournament.objects.get(pk=tid)
    assert t.event.rounds == 3 and t.team_size == 3 and t.directors.get().username == "director"

    registered = register(client, tid)
    assert [r["name"] for r in registered] == PLAYERS
    assert [r["new"] for r in registered] == [True] * 21
    again = send(client, "POST", f"/api/tournaments/{tid}/players", [{"name": "PLAYER a"}]).json()
    assert again == [{"name": "Player A", "player_id": registered[0]["player_id"], "new": False}]
    Player.objects.create(name="Zoë Varga", nationality="Hungary")  # in the database before
    known = send(client, "POST", f"/api/tournaments/{tid}/players", [{"name": "ZOE varga"}])
    assert known.json() == [
        {"name": "Zoë Varga", "player_id": Player.objects.get(name="Zoë Varga").pk, "new": False}
    ]
    gone = {"player": "zoe varga", "withdrawn_after": 0}
    assert send(client, "POST", f"/api/tournaments/{tid}/attendance", gone).status_code == 200

    calls = [_play_round(client, tid, n) for n in (1, 2, 3)]
    for call in calls:
        assert len(call["boards"]) == 3
        report = call["report"]
        assert report["objective"] >= report["lower_bound"] >= 0
        for board in call["boards"]:
            names = set(board["seats"].values())
            assert len(names) == 7 and len(names & set(TEAM)) <= 1
            assert not set(APART) <= names
    assert calls[0]["report"]["objective"] == 0  # nobody has met before round 1
    # Round 2 after one round of 21: the pigeonhole bound is 15 (seeding's lower_bound).
    assert calls[1]["report"]["lower_bound"] == 15

    # A correction: round 1's first board, Austria and England exchange their centres.
    first = calls[0]["boards"][0]
    url = f"/api/tournaments/{tid}/rounds/1/boards/{first['label']}"
    board = Board.objects.get(round__tournament=t, round__number=1, label=first["label"])
    before = {s.power: s.centres for s in board.seats.all()}
    fixed = result(first["seats"], shift=1)
    fixed["centres"]["Austria"], fixed["centres"]["England"] = (
        fixed["centres"]["England"],
        fixed["centres"]["Austria"],
    )
    fixed["eliminated"] = {p: 1905 for p, n in fixed["centres"].items() if n == 0}
    corrected = send(client, "PUT", url, fixed)
    assert corrected.status_code == 200, corrected.content
    body = corrected.json()
    assert body["changed"] is True and body["correction"] is True
    assert body["moved"], "swapping 8 and 10 centres moves someone"
    board.refresh_from_db()
    assert {s.power: s.centres for s in board.seats.all()}["A"] == before["E"]
    # The same data again changes nothing and records nothing.
    entries = AuditEntry.objects.filter(tournament=t).count()
    same = send(client, "PUT", url, fixed).json()
    assert same["changed"] is False and same["moved"] == []
    assert AuditEntry.objects.filter(tournament=t).count() == entries

    # The standings of the API are the command line's on the same boards.
    lines = ["round,board,power,player,centres,eliminated,final_year"]
    for b in Board.objects.filter(round__tournament=t).prefetch_related("seats__player"):
        for s in b.seats.all():
            lines.append(
                f"{b.round.number},{b.label},{s.power},{s.player.name},{s.centres},"
                f"{s.eliminated or ''},{b.final_year}"
            )
    path = write("boards.csv", "\n".join(lines) + "\n")
    for after in (2, 3):
        api = send(client, "GET", f"/api/tournaments/{tid}/standings?after_round={after}").json()
        run = cli("diplomacy", "standings", str(path), "--after-round", str(after),
                  "--format", "csv")  # fmt: skip
        assert run.code == 0, run.err
        engine = [r for r in csv.DictReader(io.StringIO(run.out)) if r.get("player")]
        by_cli = {r["player"]: (int(r["rank"]), Fraction(r["score"])) for r in engine[:21]}
        assert len(api) == 21
        for row in api:
            rank, score = by_cli[row["player"]]
            assert row["rank"] == rank
            assert abs(Fraction(row["score"]) - score) < Fraction(1, 10**5)
        assert {r["games"] for r in api} == {after}

    # Every accepted write is in the audit log, oldest first.
    log = send(client, "GET", f"/api/tournaments/{tid}/audit").json()
    actions = [e["action"] for e in log]
    assert actions[0] == "create tournament"
    assert actions.count("board call round 1") == 1
    assert actions.count("publish board call round 3") == 1
    assert sum(a.startswith("result round 1 board") for a in actions) == 4  # 3 + 1 correction
    assert {e["user"] for e in log} == {"director"}
    correction = [e for e in log if e["action"] == f"result round 1 board {first['label']}"][-1]
    assert correction["before"]["centres"]["Austria"] == before["A"]
    assert correction["after"]["centres"]["Austria"] == before["E"]


@pytest.mark.django_db
def test_the_call_downloads_as_boards_csv(write: Callable[[str, str], Path]) -> None:
    _, client = director()
    tid = create(client)
    register(client, tid)
    call = send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call", {}).json()
    anonymous = Client()
    assert anonymous.get(f"/api/tournaments/{tid}/rounds/1/board-call").status_code == 404
    send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call/publish")
    seen = anonymous.get(f"/api/tournaments/{tid}/rounds/1/board-call").json()
    assert seen["boards"] == call["boards"]
    text = anonymous.get(f"/diplomacy/{tid}/rounds/1/call.csv").content.decode()
    played = read_boards_csv(write("call.csv", text), results=False).boards
    assert {(b.board, s.power, s.player) for b in played for s in b.seats} == {
        (b["label"], power, name) for b in call["boards"] for power, name in b["seats"].items()
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        # a new tournament's name (PostgreSQL answered 500 here before: it stores no NUL)
        ("/api/tournaments", {"name": "Day\u0000Cup"}, "name"),
        # text inside a list, and a mapping's key
        ("/rounds/1/roll-call", {"present": ["Player A", "B\u0000"]}, "present"),
        ("/rounds/1/boards/1", {"centres": {"E\u0000": 3}}, "centres"),
    ],
)
def test_a_nul_anywhere_in_a_body_is_refused_naming_its_field(
    path: str, body: dict[str, Any], field: str
) -> None:
    """Every request body is an ``In`` schema: a NUL at any depth is a 422 naming the field,
    and nothing is written (the same on SQLite and PostgreSQL)."""
    _, client = director()
    tid = create(client)
    before = (Tournament.objects.count(), AuditEntry.objects.count())
    if path == "/api/tournaments":
        full = {
            "name": "x",
            "date": "2026-05-01",
            "rounds": 3,
            "scoring": "divide-and-conquer",
            "aggregation": "ante",
            **body,
        }
        answer = send(client, "POST", path, full)
    else:
        method = "PUT"
        answer = send(client, method, f"/api/tournaments/{tid}{path}", body)
    assert answer.status_code == 422, answer.content
    assert answer.json()["field"] == field
    assert "NUL" in answer.json()["detail"]
    assert (Tournament.objects.count(), AuditEntry.objects.count()) == before
