"""Undo the last result entry (issue 12, step 9): from the audit log's before-state, audited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import Board, Seat, Tournament
from palmares.web.tournaments.results import board_snapshot
from tests.web.test_closing import _copy_of_the_wc

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(wc: Tournament, tmp_path: Path) -> Tournament:
    from datetime import date

    return _copy_of_the_wc(wc, tmp_path, date(2011, 3, 5))


@pytest.fixture
def cup_td(cup: Tournament) -> Client:
    user = User.objects.create_user("undo-td", password="undo-password-2011")
    cup.directors.add(user)
    client = Client()
    client.force_login(user)
    return client


def _put(client: Client, cup: Tournament, number: int, label: str, body: dict[str, Any]) -> Any:
    return client.put(
        f"/api/tournaments/{cup.pk}/rounds/{number}/boards/{label}",
        data=json.dumps(body),
        content_type="application/json",
    )


def _top(cup: Tournament) -> Board:
    return Board.objects.get(round__tournament=cup, top_board=True)


def test_a_correction_is_undone_then_nothing_is_left(cup: Tournament, cup_td: Client) -> None:
    original = board_snapshot(_top(cup))
    assert original is not None
    ranks = [(s.player, s.rank, s.score) for s in adapters.standings(cup).players]
    champion = adapters.tournament_prizes(cup).champion
    swapped = dict(original["centres"])
    swapped["Austria"], swapped["England"] = swapped["England"], swapped["Austria"]
    fixed = _put(cup_td, cup, 6, "Top", {"centres": swapped, "eliminated": original["eliminated"]})
    assert fixed.status_code == 200, fixed.content
    assert board_snapshot(_top(cup)) != original
    undone = cup_td.post(f"/api/tournaments/{cup.pk}/undo")
    assert undone.status_code == 200, undone.content
    assert undone.json()["undone"] == "result round 6 board Top"
    assert board_snapshot(_top(cup)) == original
    assert [(s.player, s.rank, s.score) for s in adapters.standings(cup).players] == ranks
    assert adapters.tournament_prizes(cup).champion == champion
    logged = AuditEntry.objects.filter(tournament=cup).order_by("-id").first()
    assert logged is not None and logged.action == "undo result round 6 board Top"
    assert logged.user is not None and logged.user.get_username() == "undo-td"
    assert logged.after == {"undoes": undone.json()["entry"], "board": original}
    again = cup_td.post(f"/api/tournaments/{cup.pk}/undo")
    assert again.status_code == 409 and again.json()["detail"] == "there is no result entry to undo"


def test_undoing_a_new_board_removes_it_and_undo_walks_back(
    cup: Tournament, cup_td: Client
) -> None:
    seats = {s.power: s.player.name for s in _top(cup).seats.all()}
    centres = {"A": 10, "E": 8, "F": 6, "G": 4, "I": 3, "R": 2, "T": 1}
    assert _put(cup_td, cup, 6, "Extra", {"centres": centres, "seats": seats}).status_code == 200
    later = dict(centres, A=9, E=9)
    assert _put(cup_td, cup, 6, "Extra", {"centres": later}).status_code == 200
    assert cup_td.post(f"/api/tournaments/{cup.pk}/undo").status_code == 200
    board = Board.objects.get(round__tournament=cup, label="Extra")
    assert sorted(board.seats.values_list("centres", flat=True)) == [1, 2, 3, 4, 6, 8, 10]
    assert cup_td.post(f"/api/tournaments/{cup.pk}/undo").status_code == 200
    assert not Board.objects.filter(round__tournament=cup, label="Extra").exists()


def test_a_board_changed_since_is_not_undone(cup: Tournament, cup_td: Client) -> None:
    original = board_snapshot(_top(cup))
    assert original is not None
    bumped = dict(original["centres"], Turkey=original["centres"]["Turkey"])
    body = {"centres": bumped, "eliminated": original["eliminated"], "final_year": 1910}
    assert _put(cup_td, cup, 6, "Top", body).status_code == 200
    Seat.objects.filter(board=_top(cup), power="A").update(centres=0)
    refused = cup_td.post(f"/api/tournaments/{cup.pk}/undo")
    assert refused.status_code == 409 and "changed since that entry" in refused.json()["detail"]
    assert not AuditEntry.objects.filter(tournament=cup, action__startswith="undo").exists()


def test_a_closed_tournament_is_not_undone(cup: Tournament, cup_td: Client) -> None:
    original = board_snapshot(_top(cup))
    assert original is not None
    body = {"centres": original["centres"], "eliminated": original["eliminated"],
            "final_year": 1910}  # fmt: skip
    assert _put(cup_td, cup, 6, "Top", body).status_code == 200
    assert cup_td.post(f"/api/tournaments/{cup.pk}/close").status_code == 200
    refused = cup_td.post(f"/api/tournaments/{cup.pk}/undo")
    assert refused.status_code == 409 and "is closed" in refused.json()["detail"]


@pytest.mark.parametrize("who", ["anonymous", "other_td", "officer"])
def test_only_the_director_undoes(
    who: str, request: pytest.FixtureRequest, cup: Tournament
) -> None:
    owner = User.objects.create_user("owner", password="owner-password-2011")
    cup.directors.add(owner)
    original = board_snapshot(_top(cup))
    assert original is not None
    from palmares.web.tournaments.results import BoardResult, enter_result

    enter_result(owner, cup, 6, "Top", BoardResult(centres=original["centres"],
                 eliminated=original["eliminated"], final_year=1910))  # fmt: skip
    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    answer = client.post(f"/api/tournaments/{cup.pk}/undo")
    assert answer.status_code == (401 if who == "anonymous" else 403)
    page = client.post(f"/diplomacy/{cup.pk}/edit/undo")
    assert page.status_code == (302 if who == "anonymous" else 403)
    assert _top(cup).final_year == 1910
    assert not AuditEntry.objects.filter(tournament=cup, action__startswith="undo").exists()


def test_the_undo_page(cup: Tournament, cup_td: Client) -> None:
    assert 'id="nothing"' in cup_td.get(f"/diplomacy/{cup.pk}/edit/undo").content.decode()
    original = board_snapshot(_top(cup))
    assert original is not None
    body = {"centres": original["centres"], "eliminated": original["eliminated"],
            "final_year": 1910}  # fmt: skip
    assert _put(cup_td, cup, 6, "Top", body).status_code == 200
    page = cup_td.get(f"/diplomacy/{cup.pk}/edit/undo").content.decode()
    assert "Correction of board Top, round 6" in page and 'id="undo-form"' in page
    undone = cup_td.post(f"/diplomacy/{cup.pk}/edit/undo", follow=True)
    assert undone.redirect_chain == [(f"/diplomacy/{cup.pk}/?round=6", 302)]
    assert "Board Top of round 6 put back as it was." in undone.content.decode()
    assert 'id="undo-form"' not in undone.content.decode()  # no second click offered
    assert _top(cup).final_year == 1909
