"""The top board on the TD's desk (issue 12, step 6; seed 002 "Top Board", "Team Tournament"):
invitations after round 5, declines (the next ranked is invited), the team option, the top board
seated on board 1 of round 6's call and marked, the champion computed by the engine."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from palmares.web.audit.models import AuditEntry
from palmares.web.players.models import Player
from palmares.web.tournaments import adapters
from palmares.web.tournaments.exports import wdd_board_rows
from palmares.web.tournaments.models import Board, Team, Tournament
from palmares.web.tournaments.models_prizes import TopBoardDecline
from palmares.web.tournaments.services import import_boards

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(wc: Tournament, tmp_path: Path) -> Tournament:
    """The WC 2007's first five rounds as a new tournament with the top-board rule, six rounds."""
    path = tmp_path / "boards.csv"
    rows = [r for r in wdd_board_rows(wc.event) if r["round"] <= 5]
    with path.open("w", newline="", encoding="utf-8") as out:
        w = csv.DictWriter(out, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows({k: ("" if v is None else v) for k, v in r.items()} for r in rows)
    from datetime import date

    t = import_boards(path, event="Top Cup", day=date(2011, 5, 1))
    t.top_board_rule = True
    t.save()
    t.event.rounds = 6
    t.event.save()
    return t


@pytest.fixture
def cup_td(cup: Tournament) -> Client:
    user = User.objects.create_user("top-td", password="top-password-2011")
    cup.directors.add(user)
    client = Client()
    client.force_login(user)
    return client


def _ranking(cup: Tournament) -> list[str]:
    """The players by their standing after round 5 (the invitation order, ties by name)."""
    after = adapters.standings(cup, up_to_round=5)
    return [
        s.player
        for s in sorted(after.players, key=lambda s: (after.order_key(s.score_after(5)), s.player))
    ]


def _post(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, data=json.dumps(body), content_type="application/json")


def test_invitations_follow_the_standings_after_round_5(
    client: Client, cup: Tournament, wc: Tournament
) -> None:
    answer = client.get(f"/api/tournaments/{cup.pk}/top-board").json()
    assert answer["after_round"] == 5
    assert answer["top_board"] == _ranking(cup)[:7]
    seated = Board.objects.get(round__tournament=wc, top_board=True)
    assert set(answer["top_board"]) == set(seated.seats.values_list("player__name", flat=True))
    assert all(i["accepted"] for i in answer["invitations"])


def test_a_decline_invites_the_next_ranked_player(cup: Tournament, cup_td: Client) -> None:
    order = _ranking(cup)
    url = f"/api/tournaments/{cup.pk}/top-board/declines"
    answer = _post(cup_td, url, {"player": order[0].upper(), "reason": "tired"})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["top_board"] == order[1:8]
    declined = [i for i in body["invitations"] if not i["accepted"]]
    assert [(i["player"], i["rank"], i["reason"]) for i in declined] == [(order[0], 1, "tired")]
    logged = AuditEntry.objects.get(tournament=cup, action="top-board decline")
    assert logged.before == {"invited": order[:7], "declined": {}}
    assert logged.after == {"invited": order[1:8], "declined": {order[0]: "tired"}}
    twice = _post(cup_td, url, {"player": order[0]})
    assert twice.status_code == 409 and twice.json()["field"] == "player"
    stranger = _post(cup_td, url, {"player": order[20]})
    assert (
        stranger.status_code == 400
        and "is not among the invited players" in stranger.json()["detail"]
    )
    page = cup_td.get(f"/diplomacy/{cup.pk}/?tab=prizes").content.decode()
    assert "tired" in page
    back = cup_td.delete(f"{url}/{order[0]}")
    assert back.status_code == 200 and back.json()["top_board"] == order[:7]
    assert not TopBoardDecline.objects.filter(tournament=cup).exists()
    assert AuditEntry.objects.filter(tournament=cup, action="top-board decline withdrawn").exists()
    missing = cup_td.delete(f"{url}/{order[0]}")
    assert missing.status_code == 404


def test_the_team_option_keeps_one_member(cup: Tournament, cup_td: Client) -> None:
    order = _ranking(cup)
    team = Team.objects.create(tournament=cup, name="Trio")
    team.members.set(Player.objects.filter(name__in=[order[1], order[3], order[30]]))
    url = f"/api/tournaments/{cup.pk}/top-board/team-option"
    wrong = _post(cup_td, url, {"team": "Trio", "keep": order[30]})
    assert wrong.status_code == 400 and wrong.json()["field"] == "keep"
    answer = _post(cup_td, url, {"team": "trio", "keep": order[3]})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["top_board"] == [order[0], order[2], order[3], *order[4:8]]
    assert [(i["player"], i["reason"]) for i in body["invitations"] if not i["accepted"]] == [
        (order[1], "team")
    ]
    logged = AuditEntry.objects.get(tournament=cup, action="top-board team option")
    assert logged.after is not None and logged.after["kept"] == order[3]
    alone = _post(cup_td, url, {"team": "Trio", "keep": order[3]})
    assert alone.status_code == 400 and "only one member" in alone.json()["detail"]


def test_round_6_seats_the_top_board_on_board_1_and_marks_it(
    cup: Tournament, cup_td: Client
) -> None:
    order = _ranking(cup)
    url = f"/api/tournaments/{cup.pk}/top-board/declines"
    assert _post(cup_td, url, {"player": order[2], "reason": "plays for fun"}).status_code == 200
    seven = [p for p in order if p != order[2]][:7]
    call = _post(cup_td, f"/api/tournaments/{cup.pk}/rounds/6/board-call", {"seed": 1})
    assert call.status_code == 200, call.content
    boards = {b["label"]: b["seats"] for b in call.json()["boards"]}
    assert sorted(boards["1"].values()) == sorted(seven)
    published = _post(cup_td, f"/api/tournaments/{cup.pk}/rounds/6/board-call/publish", {})
    assert published.status_code == 200, published.content
    centres = dict(zip(boards["1"], [11, 9, 6, 4, 3, 1, 0], strict=True))
    entered = cup_td.put(
        f"/api/tournaments/{cup.pk}/rounds/6/boards/1",
        data=json.dumps({"centres": centres, "eliminated": {}, "draw": None, "final_year": 1909}),
        content_type="application/json",
    )
    assert entered.status_code == 200, entered.content
    assert Board.objects.get(round__tournament=cup, round__number=6, label="1").top_board
    prizes = adapters.tournament_prizes(cup)
    assert prizes.top_board_problems == ()
    assert prizes.champion is not None
    winner = next(name for power, name in boards["1"].items() if centres[power] == 11)
    assert prizes.champion.players == (winner,)
    page = cup_td.get(f"/diplomacy/{cup.pk}/?tab=prizes").content.decode()
    assert 'id="champion"' in page and winner in page
    late = _post(cup_td, url, {"player": seven[0]})
    assert late.status_code == 409 and "already played" in late.json()["detail"]


def test_before_round_5_there_is_nothing_to_decline(cup: Tournament, cup_td: Client) -> None:
    Board.objects.filter(round__tournament=cup, round__number=5).delete()
    answer = _post(cup_td, f"/api/tournaments/{cup.pk}/top-board/declines", {"player": "x"})
    assert answer.status_code == 409 and "round 5 is not played yet" in answer.json()["detail"]


@pytest.mark.parametrize("who", ["anonymous", "other_td", "officer"])
def test_only_the_director_records_declines(
    who: str, request: pytest.FixtureRequest, cup: Tournament
) -> None:
    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    order = _ranking(cup)
    status = 401 if who == "anonymous" else 403
    base = f"/api/tournaments/{cup.pk}/top-board"
    assert _post(client, f"{base}/declines", {"player": order[0]}).status_code == status
    assert client.delete(f"{base}/declines/{order[0]}").status_code == status
    assert _post(client, f"{base}/team-option", {"team": "x", "keep": "y"}).status_code == status
    page = client.post(f"/diplomacy/{cup.pk}/edit/top-board", {"player": order[0]})
    assert page.status_code == (302 if who == "anonymous" else 403)
    assert not TopBoardDecline.objects.filter(tournament=cup).exists()
    assert not AuditEntry.objects.filter(tournament=cup).exists()
