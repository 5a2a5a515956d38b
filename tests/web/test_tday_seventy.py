"""Issue 12's big API test: 70 players, six rounds, teams of three, two-boarders and sitters,
a declined top-board seat and seed 002's team option, the top board seated in round 6's call,
then closed — and the standings checked against ``palmares diplomacy standings`` run on the
boards file the close exports."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from palmares.web.events.models import Result
from palmares.web.tournaments.models import Board
from tests.conftest import CliResult
from tests.web.tday_helpers import director, send

PLAYERS = [f"Entrant {i:02d}" for i in range(1, 73)]  # 72 registered
TEAMS = {f"Team {k}": PLAYERS[3 * k : 3 * k + 3] for k in range(6)}  # 18 players in 6 teams
#: Entrants who are always given the most centres: two of them share Team 0, so the top board
#: invites two team-mates and the team option applies.
STARS = [PLAYERS[0], PLAYERS[1], PLAYERS[20], PLAYERS[30], PLAYERS[40], PLAYERS[50], PLAYERS[60]]
CENTRES = [12, 8, 6, 4, 3, 1, 0]


def _presence(n: int) -> dict[str, list[str]]:
    """Round ``n``'s roll call: 70 seats each round, with sitters or two-boarders."""
    if n in (1, 4):
        return {"present": PLAYERS[:70], "sit_out": [], "two_boards": []}
    if n in (2, 5):  # 68 present, two of them on two boards
        doubled = [PLAYERS[60 + n], PLAYERS[61 + n]]
        return {"present": PLAYERS[:68], "sit_out": [], "two_boards": doubled}
    # 71 present, one sits out (the 72nd is absent).
    return {"present": PLAYERS[:71], "sit_out": [PLAYERS[10]], "two_boards": []}


def _result(seats: dict[str, str]) -> dict[str, Any]:
    """The stars first, then by name: the most centres to the best."""
    order = sorted(seats, key=lambda p: (seats[p] not in STARS, seats[p]))
    centres = {p: CENTRES[i] for i, p in enumerate(order)}
    out = {p: 1906 for p, c in centres.items() if c == 0}
    return {"centres": centres, "eliminated": out, "draw": None, "final_year": 1908}


def _play(client: Client, tid: int, n: int) -> list[dict[str, Any]]:
    base = f"/api/tournaments/{tid}/rounds/{n}"
    roll = send(client, "PUT", f"{base}/roll-call", _presence(n))
    assert roll.status_code == 200, roll.content
    call = send(client, "POST", f"{base}/board-call", {"seed": 1})
    assert call.status_code == 200, call.content
    assert send(client, "POST", f"{base}/board-call/publish").status_code == 200
    boards = list(call.json()["boards"])
    for board in boards:
        answer = send(client, "PUT", f"{base}/boards/{board['label']}", _result(board["seats"]))
        assert answer.status_code == 200, (n, board["label"], answer.content)
    return boards


@pytest.mark.slow
@pytest.mark.django_db
def test_seventy_players_six_rounds_through_the_api(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    _, client = director()
    body = {"name": "Seventy Cup", "date": "2026-06-05", "rounds": 6, "team_size": 3,
            "scoring": "divide-and-conquer", "aggregation": "ante", "top_board": True}  # fmt: skip
    made = send(client, "POST", "/api/tournaments", body)
    assert made.status_code == 201, made.content
    tid = int(made.json()["id"])
    team_of = {p: name for name, members in TEAMS.items() for p in members}
    rows = [{"name": p, "nationality": "Norway", **({"team": team_of[p]} if p in team_of else {})}
            for p in PLAYERS]  # fmt: skip
    assert send(client, "POST", f"/api/tournaments/{tid}/players", rows).status_code == 200

    calls = [_play(client, tid, n) for n in range(1, 6)]
    for n, boards in enumerate(calls, start=1):
        assert len(boards) == 10
        seated = [p for b in boards for p in b["seats"].values()]
        if n in (2, 5):
            assert seated.count(PLAYERS[60 + n]) == seated.count(PLAYERS[61 + n]) == 2
            assert PLAYERS[69] not in seated
        if n in (3, 6):
            assert PLAYERS[10] not in seated
        for b in boards:  # team-mates never meet
            names = list(b["seats"].values())
            assert all(sum(team_of.get(x) == t for x in names) <= 1 for t in TEAMS)

    top = send(client, "GET", f"/api/tournaments/{tid}/top-board").json()
    assert top["after_round"] == 5
    invited = top["top_board"]
    assert PLAYERS[1] in invited and PLAYERS[0] in invited  # two team-mates of Team 0
    declined = next(p for p in invited if p not in TEAMS["Team 0"])
    url = f"/api/tournaments/{tid}/top-board"
    answer = send(client, "POST", f"{url}/declines", {"player": declined, "reason": "prefers not"})
    assert answer.status_code == 200, answer.content
    option = send(client, "POST", f"{url}/team-option", {"team": "Team 0", "keep": PLAYERS[0]})
    assert option.status_code == 200, option.content
    seven = option.json()["top_board"]
    assert len(seven) == 7 and PLAYERS[0] in seven
    assert declined not in seven and PLAYERS[1] not in seven
    reasons = {i["player"]: i["reason"] for i in option.json()["invitations"] if not i["accepted"]}
    assert reasons == {declined: "prefers not", PLAYERS[1]: "team"}

    final = _play(client, tid, 6)
    top_seats = next(b for b in final if b["label"] == "1")
    assert sorted(top_seats["seats"].values()) == sorted(seven)
    assert Board.objects.get(round__tournament_id=tid, round__number=6, label="1").top_board

    closed = send(client, "POST", f"/api/tournaments/{tid}/close")
    assert closed.status_code == 200, closed.content
    exported = cli("export", "wdd", "boards", "Seventy Cup", "--format", "csv")
    assert exported.code == 0, exported.err
    path = write("boards.csv", exported.out)
    teams = write("teams.csv", "team,player\n" + "".join(
        f"{t},{p}\n" for t, members in TEAMS.items() for p in members))  # fmt: skip
    for after in (5, 6):
        api = send(client, "GET", f"/api/tournaments/{tid}/standings?after_round={after}").json()
        run = cli("diplomacy", "standings", str(path), "--teams", str(teams), "--after-round",
                  str(after), "--format", "csv")  # fmt: skip
        assert run.code == 0, run.err
        engine = [r for r in csv.DictReader(io.StringIO(run.out)) if r.get("player")]
        by_cli = {r["player"]: (int(r["rank"]), Fraction(r["score"])) for r in engine}
        assert len(api) == 72 - 1  # the 72nd never came
        for row in api:
            rank, score = by_cli[row["player"]]
            assert row["rank"] == rank, row
            assert abs(Fraction(row["score"]) - score) < Fraction(1, 10**5)
    filed = dict(
        Result.objects.filter(event__name="Seventy Cup").values_list("player__name", "rank")
    )
    assert len(filed) == 71 and sorted(filed.values())[:7] == [1, 2, 3, 4, 5, 6, 7]
    winner = next(n for p, n in top_seats["seats"].items() if _result(top_seats["seats"])[
        "centres"][p] == 12)  # fmt: skip
    assert filed[winner] == 1
