"""Reports from the table through the pages without a script (issue 38): the board's report page
posts to itself (a refusal keeps the input, with its status), the players' call links each
board's report page and, for a director only, prints each player's personal code and each
board's QR code; the board of boards shows the reports side by side with the differing powers
marked and accepts a board in one click; its projector view shows the statuses alone."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.tournaments.models import Board, Entry
from tests.web.open_day import CENTRES, call_round, open_tournament, tournament_director

PLAYERS = [f"Player {chr(65 + i)}" for i in range(14)]


def _form(player: str, code: str, counts: tuple[int, ...] = CENTRES) -> dict[str, str]:
    data = {"player": player, "code": code, "final_year": "1907"}
    for power, n in zip(GREAT_POWERS, counts, strict=True):
        data[f"centres_{power[0]}"] = str(n)
        if n == 0:
            data[f"eliminated_{power[0]}"] = "1905"
    return data


@pytest.mark.django_db
def test_the_report_page_the_call_and_the_board_of_boards() -> None:
    td = tournament_director("tdp", "tdp-password-2026")
    t = open_tournament(td, "Page Cup", PLAYERS, rounds=2)
    seats = call_round(td, t, 1)["1"]
    codes = {e.player.name: e.code for e in Entry.objects.filter(tournament=t)}
    page = f"/diplomacy/{t.pk}/rounds/1/boards/1/report"
    phone = Client()

    shown = phone.get(page)
    assert shown.status_code == 200
    body = shown.content.decode()
    assert "Report board 1, round 1" in body and "waiting for reports" in body
    assert all(name in body for name in seats.values())
    assert not any(code in body for code in codes.values())
    assert phone.get(f"/diplomacy/{t.pk}/rounds/1/boards/9/report").status_code == 404
    assert phone.get(f"/diplomacy/{t.pk}/rounds/2/boards/1/report").status_code == 404  # no call

    wrong = phone.post(page, _form(seats["Austria"], "ZZZZZZ"))
    assert wrong.status_code == 403
    text = wrong.content.decode()
    assert f"this is not {seats['Austria']}&#x27;s personal code" in text
    assert 'value="10"' in text and 'value="ZZZZZZ"' in text  # the input kept

    for power in GREAT_POWERS:
        counts = (10, 8, 6, 4, 4, 2, 0) if power == "Germany" else CENTRES
        sent = phone.post(page, _form(seats[power], codes[seats[power]], counts))
        assert sent.status_code == 200
    assert "reports in conflict" in sent.content.decode()

    anyone = Client()
    call = anyone.get(f"/diplomacy/{t.pk}/rounds/1/call").content.decode()
    assert page in call and "<svg" not in call
    assert not any(code in call for code in codes.values())
    tdc = Client()
    tdc.force_login(td)
    printed = tdc.get(f"/diplomacy/{t.pk}/rounds/1/call").content.decode()
    assert all(code in printed for code in codes.values())
    assert printed.count("<svg") == 2 and "Scan to report board 2" in printed

    boards = tdc.get(f"/diplomacy/{t.pk}/rounds/1/reports/")
    assert boards.status_code == 200
    html = boards.content.decode()
    differing = re.findall(r'<tr id="board-1-(\w)" class="differs"', html)
    assert differing == ["G", "I"]
    assert "Accept board 1" not in html  # not agreed: one player's report may be accepted
    assert anyone.get(f"/diplomacy/{t.pk}/rounds/1/reports/").status_code == 302  # login
    projector = anyone.get(f"/diplomacy/{t.pk}/rounds/1/reports/projector").content.decode()
    assert "reports in conflict" in projector and seats["Austria"] not in projector

    refused = tdc.post(f"/diplomacy/{t.pk}/rounds/1/edit/reports/1/accept")
    assert refused.status_code == 409
    assert "Refused, nothing changed" in refused.content.decode()
    following = tdc.post(
        f"/diplomacy/{t.pk}/rounds/1/edit/reports/1/accept",
        {"following": seats["Austria"]},
        follow=True,
    )
    assert following.status_code == 200
    assert "accepted and stored" in following.content.decode()
    assert "Board 1 of round 1 saved." in following.content.decode()
    board = Board.objects.get(round__tournament=t, round__number=1, label="1")
    assert [s.centres for s in board.seats.order_by("power")] == list(CENTRES)


@pytest.mark.django_db
def test_the_pages_and_refusals_in_french() -> None:
    td = tournament_director("tdf", "tdf-password-2026")
    t = open_tournament(td, "Coupe", PLAYERS, rounds=2)
    seats = call_round(td, t, 1)["1"]
    page = f"/diplomacy/{t.pk}/rounds/1/boards/1/report"
    phone = Client()
    shown = phone.get(page, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Rapporter la table 1, ronde 1" in shown and "en attente des rapports" in shown
    assert "Votre code personnel (sur votre ligne de l’appel imprimé)" in shown
    wrong = phone.post(page, _form(seats["France"], "ZZZZZZ"), HTTP_ACCEPT_LANGUAGE="fr")
    assert f"ce n’est pas le code personnel de {seats['France']}" in wrong.content.decode()
    api = Client().post(
        f"/api/tournaments/{t.pk}/rounds/1/boards/1/reports",
        {"player": seats["France"], "code": "ZZZZZZ", "centres": {"A": 34}},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert api.json()["detail"] == f"ce n’est pas le code personnel de {seats['France']}"
    tdc = Client()
    tdc.force_login(td)
    boards = tdc.get(f"/diplomacy/{t.pk}/rounds/1/reports/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Tableau des tables, ronde 1" in boards.content.decode()
