"""The four corrupting sequences of issue 32, refused or mended through the JSON API and the
command line, each with a clear reason and nothing changed (the forms: test_day_pages.py):

1. a result whose seats put a player of board 3 on board 2: a swap in the call, refused when
   board 3 has its result; no player on two boards;
2. a result on a draft call, then a new call: refused (409) both, until published / the
   round's results removed;
3. a swap on a published call: the call stays published (the players' call answers 200);
4. the top-board round: the roll call's proposal never makes an invitee sit out, and the call
   seats the seven.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.day import load_day
from palmares.web.tournaments.models import Board, Tournament
from tests.conftest import CliResult
from tests.web.tday_helpers import PLAYERS, create, director, register, result, send

pytestmark = pytest.mark.django_db


def _day(rounds: int = 3, top_board: bool = False) -> tuple[Client, int, str]:
    _, client = director()
    tid = create(client, rounds=rounds, top_board=top_board)
    register(client, tid)
    return client, tid, f"/api/tournaments/{tid}/rounds"


def _called(client: Client, base: str, n: int, *, publish: bool = True) -> dict[str, Any]:
    call = send(client, "POST", f"{base}/{n}/board-call", {"seed": 1})
    assert call.status_code == 200, call.content
    if publish:
        assert send(client, "POST", f"{base}/{n}/board-call/publish").status_code == 200
    return dict(call.json())


def _seats(call: dict[str, Any], i: int) -> dict[str, str]:
    return dict(call["boards"][i]["seats"])


def _unchanged(tid: int) -> tuple[Any, ...]:
    t = Tournament.objects.get(pk=tid)
    return (load_day(t, with_invitations=False), AuditEntry.objects.filter(tournament=t).count())


def test_one_player_on_two_boards_is_a_swap_and_refused_over_a_played_board() -> None:
    client, tid, base = _day()
    call = _called(client, base, 1)
    two, three = _seats(call, 1), _seats(call, 2)
    assert send(client, "PUT", f"{base}/1/boards/3", result(three)).status_code == 200
    before = _unchanged(tid)
    moved = {**two, "England": three["Austria"]}  # board 3's Austria, already played there
    refused = send(client, "PUT", f"{base}/1/boards/2", dict(result(moved), seats=moved))
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "board 3 of round 1 has its result: correct that result with its seats, or undo it, "
        "before its players change"
    )
    assert _unchanged(tid) == before
    assert not Board.objects.filter(round__tournament_id=tid, label="2").exists()
    # Board 1 is not played yet: the same change there is a swap in the call, both boards kept
    one = _seats(call, 0)
    swapped = {**two, "England": one["Austria"]}
    done = send(client, "PUT", f"{base}/1/boards/2", dict(result(swapped), seats=swapped))
    assert done.status_code == 200, done.content
    assert done.json()["said"] == [
        "Board 2 of round 1 saved.",
        f"{two['England']} and {one['Austria']} swapped in round 1.",
    ]
    now = send(client, "GET", f"{base}/1/board-call").json()
    assert now["boards"][0]["seats"]["Austria"] == two["England"]  # the player replaced moved
    assert now["boards"][1]["seats"]["England"] == one["Austria"]
    assert now["published"] is True and now["boards"][0]["changed"] == ["Austria"]
    seated = [p for b in now["boards"] for p in b["seats"].values()]
    assert len(seated) == len(set(seated)) == 21


def test_a_result_on_a_draft_and_a_new_call_over_results_are_refused() -> None:
    client, tid, base = _day()
    call = _called(client, base, 1, publish=False)
    before = _unchanged(tid)
    draft = send(client, "PUT", f"{base}/1/boards/1", result(_seats(call, 0)))
    assert draft.status_code == 409 and draft.json()["detail"] == (
        "the board call of round 1 is a draft: publish it before entering results"
    )
    assert _unchanged(tid) == before
    send(client, "POST", f"{base}/1/board-call/publish")
    assert send(client, "PUT", f"{base}/1/boards/1", result(_seats(call, 0))).status_code == 200
    send(client, "POST", f"{base}/1/board-call/unpublish")  # refused too: it has a result
    before = _unchanged(tid)
    again = send(client, "POST", f"{base}/1/board-call", {"seed": 2})
    assert again.status_code == 409 and again.json()["detail"] == (
        "round 1 has results (boards 1): remove them before a new call"
    )
    assert _unchanged(tid) == before
    removed = send(client, "DELETE", f"{base}/1/results")
    assert removed.json()["said"] == ["Results of round 1 removed: boards 1."]
    assert send(client, "POST", f"{base}/1/board-call/unpublish").status_code == 200
    assert send(client, "POST", f"{base}/1/board-call", {"seed": 2}).status_code == 200


def test_a_swap_keeps_a_published_call_published() -> None:
    client, tid, base = _day()
    call = _called(client, base, 1)
    a, b = _seats(call, 0)["France"], _seats(call, 1)["France"]
    if {a, b} & {"Player A", "Player B", "Player C", "Player D", "Player E"}:
        a, b = _seats(call, 0)["Italy"], _seats(call, 1)["Italy"]
    swapped = send(client, "POST", f"{base}/1/board-call/swap", {"player_a": a, "player_b": b})
    assert swapped.status_code == 200, swapped.content
    assert swapped.json()["published"] is True
    phone = Client(headers={"user-agent": "Mozilla/5.0 (iPhone)"})
    assert phone.get(f"{base}/1/board-call").status_code == 200  # the players still see it
    page = phone.get(f"/diplomacy/{tid}/rounds/1/call")
    assert page.status_code == 200
    audit = AuditEntry.objects.filter(tournament_id=tid).order_by("-id").first()
    assert audit is not None and audit.action == "swap players round 1"


def _play(client: Client, base: str, n: int) -> None:
    call = _called(client, base, n)
    for i, board in enumerate(call["boards"]):
        answer = send(client, "PUT", f"{base}/{n}/boards/{board['label']}",
                      result(board["seats"], shift=(i + n) % 7))  # fmt: skip
        assert answer.status_code == 200, answer.content


def test_the_top_board_round_seats_its_seven() -> None:
    client, tid, base = _day(rounds=3, top_board=True)
    _play(client, base, 1)
    _play(client, base, 2)
    seven = send(client, "GET", f"/api/tournaments/{tid}/top-board").json()["top_board"]
    assert len(seven) == 7
    roll = send(client, "GET", f"{base}/3/roll-call").json()
    assert not set(roll["proposal"]["sit_out"]) & set(seven)
    assert send(client, "POST", f"{base}/3/roll-call/accept").status_code == 200
    sitting = send(client, "PUT", f"{base}/3/roll-call",
                   {"present": PLAYERS, "sit_out": [seven[0]]})  # fmt: skip
    assert sitting.status_code == 409 and sitting.json()["detail"] == (
        f"{seven[0]} is invited to the top board of round 3: record a decline before they sit "
        "out or play two boards"
    )
    call = send(client, "POST", f"{base}/3/board-call", {"seed": 1})
    assert call.status_code == 200, call.content
    top = next(b for b in call.json()["boards"] if b["top_board"])
    assert sorted(top["seats"].values()) == sorted(seven)


def test_the_four_sequences_from_the_command_line(
    cli: Callable[..., CliResult], write: Callable[..., Path]
) -> None:
    client, tid, base = _day()
    call = _called(client, base, 1, publish=False)
    sheet = write("board.json", json.dumps([{"centres": result(_seats(call, 0))["centres"]}]))
    draft = cli("tournament", "result", str(tid), "--round", "1", "--board", "1", str(sheet))
    assert draft.code == 2 and draft.err == (
        "error: the board call of round 1 is a draft: publish it before entering results\n"
    )
    assert cli("tournament", "publish", str(tid), "--round", "1").code == 0
    three = _seats(call, 2)
    played = write("three.json", json.dumps([{"centres": result(three)["centres"]}]))
    assert cli("tournament", "result", str(tid), "--round", "1", "--board", "3",
               str(played)).code == 0  # fmt: skip
    seats = [f"{p}={n}" for p, n in {**_seats(call, 1), "England": three["Austria"]}.items()]
    moved = cli("tournament", "result", str(tid), "--round", "1", "--board", "2", str(sheet),
                *[x for s in seats for x in ("--seat", s)])  # fmt: skip
    assert moved.code == 2 and "board 3 of round 1 has its result" in moved.err
    again = cli("tournament", "board-call", str(tid), "--round", "1")
    assert again.code == 2 and "round 1 has results (boards 3)" in again.err
    a, b = _seats(call, 0)["Italy"], _seats(call, 1)["Italy"]
    swapped = cli("tournament", "swap", str(tid), "--round", "1", a, b, "--format", "csv")
    assert swapped.code == 0 and f"{a} and {b} swapped in round 1." in swapped.out
    t = Tournament.objects.get(pk=tid)
    assert t.rounds.get(number=1).published  # still published for the players
