"""Reports from the table through the JSON API (issue 38): each player of a board reports with
their personal code, a disagreement shows as a conflict with the differing powers, a change of
mind agrees the board, the TD accepts it and the board is stored through the day's own result
transition, audited with who reported what. Refused: a wrong code, a player of another board,
someone not registered, a bad result, a report after acceptance, a board not in the call, a
round not published, a reader who does not direct — each a JSON error, never a 500. A director
reads the personal codes in ``GET …/players``; nobody else does."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Board, Entry, Tournament
from tests.web.open_day import CENTRES, call_round, open_tournament, tournament_director

PLAYERS = [f"Player {chr(65 + i)}" for i in range(14)]


def _report(counts: tuple[int, ...] = CENTRES, year: int = 1907) -> dict[str, Any]:
    centres = dict(zip(GREAT_POWERS, counts, strict=True))
    out = {p: 1905 for p, n in centres.items() if n == 0}
    return {"centres": centres, "eliminated": out, "final_year": year}


def _code(t: Tournament, name: str) -> str:
    return Entry.objects.get(tournament=t, player__name=name).code


@pytest.mark.django_db
def test_a_board_reported_agreed_and_accepted_through_the_api() -> None:
    td = tournament_director("tdr", "tdr-password-2026")
    t = open_tournament(td, "Report Cup", PLAYERS, rounds=2)
    boards = call_round(td, t, 1)
    seats = boards["1"]
    other = boards["2"]["Austria"]
    anyone = Client()
    url = f"/api/tournaments/{t.pk}/rounds/1/boards/1/reports"

    def send(player: str, body: dict[str, Any], code: str | None = None) -> Any:
        payload = {"player": player, "code": code if code is not None else _code(t, player)}
        return anyone.post(url, {**payload, **body}, content_type="application/json")

    codes = {e.player.name: e.code for e in Entry.objects.filter(tournament=t)}
    assert len(set(codes.values())) == len(PLAYERS) and all(len(c) == 6 for c in codes.values())

    # refusals: a wrong code, another board's player, someone unknown, a bad result
    wrong = send(seats["Austria"], _report(), code="XXXXXX")
    assert wrong.status_code == 403
    assert wrong.json()["detail"] == f"this is not {seats['Austria']}'s personal code"
    theirs = send(other, _report())
    assert theirs.status_code == 403
    assert theirs.json()["detail"] == f"{other} does not play board 1 of round 1"
    unknown = send("Nobody Here", _report(), code="ABCDEF")
    assert unknown.status_code == 403
    over = send(seats["Austria"], _report((11, 8, 6, 5, 3, 2, 0)))
    assert over.status_code == 400 and over.json()["field"] == "centres"
    text = anyone.post(url, {"player": seats["Austria"]}, content_type="application/json")
    assert text.status_code == 422
    nowhere = anyone.post(
        f"/api/tournaments/{t.pk}/rounds/1/boards/9/reports",
        {"player": seats["Austria"], "code": codes[seats["Austria"]], **_report()},
        content_type="application/json",
    )
    assert nowhere.status_code == 400
    draft = anyone.post(
        f"/api/tournaments/{t.pk}/rounds/2/boards/1/reports",
        {"player": seats["Austria"], "code": codes[seats["Austria"]], **_report()},
        content_type="application/json",
    )
    assert draft.status_code == 409
    assert not AuditEntry.objects.filter(action__startswith="report").exists()

    # six report alike, one (Germany's player) disagrees
    for power in GREAT_POWERS:
        counts = (10, 8, 6, 4, 4, 2, 0) if power == "Germany" else CENTRES
        answer = send(seats[power], _report(counts))
        assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["status"] == "conflict" and len(body["reports"]) == 7

    tdc = Client()
    tdc.force_login(td)
    listed = tdc.get(f"/api/tournaments/{t.pk}/rounds/1/reports").json()
    assert [(b["label"], b["status"]) for b in listed] == [("1", "conflict"), ("2", "waiting")]
    assert listed[0]["differing"] == ["Germany", "Italy"]
    assert listed[0]["status_text"] == "reports in conflict"
    assert anyone.get(f"/api/tournaments/{t.pk}/rounds/1/reports").status_code in (401, 403)
    shown = anyone.get(f"/api/tournaments/{t.pk}/rounds/1/reports/status").json()
    assert shown == [{"label": "1", "status": "conflict"}, {"label": "2", "status": "waiting"}]
    refused = tdc.post(f"{url}/accept")
    assert refused.status_code == 409 and "do not agree" in refused.json()["detail"]

    fixed = send(seats["Germany"], _report())
    assert fixed.json()["status"] == "agreed"
    assert fixed.json()["said"] == [f"{seats['Germany']}'s report of board 1, round 1, changed"]
    assert anyone.post(f"{url}/accept").status_code == 401
    accepted = tdc.post(f"{url}/accept")
    assert accepted.status_code == 200, accepted.content
    assert accepted.json()["status"] == "accepted"
    assert accepted.json()["said"] == [
        "board 1 of round 1 accepted as reported by " + ", ".join(seats.values()),
        "Board 1 of round 1 saved.",
    ]
    board = Board.objects.get(round__tournament=t, round__number=1, label="1")
    stored = {s.get_power_display(): (s.player.name, s.centres) for s in board.seats.all()}
    assert stored == {p: (seats[p], n) for p, n in zip(GREAT_POWERS, CENTRES, strict=True)}
    assert board.final_year == 1907
    audit = AuditEntry.objects.get(action="accept reports round 1 board 1")
    assert audit.user == td and audit.before is not None and len(audit.before["reports"]) == 7
    assert AuditEntry.objects.filter(action="report round 1 board 1").count() == 8
    log = tdc.get(f"/api/tournaments/{t.pk}/audit").json()
    told = [(e["what"], e["user"]) for e in log if e["action"].endswith("board 1")]
    assert told[0] == (f"{seats['Austria']}'s report of board 1, round 1", "")
    assert told[-1] == ("Board 1 of round 1 accepted from the players' reports", "tdr")
    french = tdc.get(f"/api/tournaments/{t.pk}/audit", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert french[-1]["what"] == "Table 1 de la ronde 1 acceptée d’après les rapports des joueurs"
    late = send(seats["Turkey"], _report())
    assert late.status_code == 409 and "only the tournament director" in late.json()["detail"]

    # the personal codes: a director reads them, nobody else does
    mine = tdc.get(f"/api/tournaments/{t.pk}/players").json()
    assert {r["name"]: r["code"] for r in mine} == codes
    assert all("code" not in r for r in anyone.get(f"/api/tournaments/{t.pk}/players").json())


@pytest.mark.django_db
def test_a_majority_the_td_sets_agrees_a_board() -> None:
    td = tournament_director("tdm", "tdm-password-2026")
    t = open_tournament(td, "Majority Cup", PLAYERS, rounds=2)
    seats = call_round(td, t, 1)["1"]
    tdc = Client()
    tdc.force_login(td)
    rule = f"/api/tournaments/{t.pk}/reports/rule"
    bad = tdc.put(rule, {"majority": 3}, content_type="application/json")
    assert bad.status_code == 400
    assert bad.json() == {
        "detail": "a board's majority is 4 to 7 players, got 3",
        "field": "majority",
    }
    assert Client().put(rule, {"majority": 4}, content_type="application/json").status_code == 401
    done = tdc.put(rule, {"majority": 4}, content_type="application/json")
    assert done.json() == {
        "said": [
            "a board agrees when 4 of its players report the same result",
            "the tournament director accepts each agreed board",
        ]
    }
    url = f"/api/tournaments/{t.pk}/rounds/1/boards/1/reports"
    statuses = []
    for power in ("Austria", "England", "France", "Germany", "Italy"):
        counts = WRONG_ONE if power == "Austria" else CENTRES
        body = {"player": seats[power], "code": _code(t, seats[power]), **_report(counts)}
        statuses.append(Client().post(url, body, content_type="application/json").json()["status"])
    assert statuses == ["reported", "conflict", "conflict", "conflict", "agreed"]
    accepted = tdc.post(f"{url}/accept")
    assert accepted.json()["status"] == "accepted"
    board = Board.objects.get(round__tournament=t, round__number=1, label="1")
    assert board.seats.get(power="A").centres == 10


WRONG_ONE = (10, 8, 6, 4, 4, 2, 0)


@pytest.mark.django_db
def test_an_agreed_board_stored_at_once_when_the_td_allows_it() -> None:
    td = tournament_director("tda", "tda-password-2026")
    t = open_tournament(td, "Auto Cup", PLAYERS, rounds=2)
    seats = call_round(td, t, 1)["1"]
    tdc = Client()
    tdc.force_login(td)
    rule = {"majority": None, "auto": True}
    done = tdc.put(f"/api/tournaments/{t.pk}/reports/rule", rule, content_type="application/json")
    assert done.json()["said"][1] == (
        "an agreed board is stored at once, without waiting for the tournament director"
    )
    url = f"/api/tournaments/{t.pk}/rounds/1/boards/1/reports"
    answers = []
    for power in GREAT_POWERS[:6]:  # the six survivors; Turkey (no centre) need not report
        body = {"player": seats[power], "code": _code(t, seats[power]), **_report()}
        answers.append(Client().post(url, body, content_type="application/json").json())
    assert [a["status"] for a in answers] == ["reported"] * 5 + ["accepted"]
    assert answers[-1]["said"][1:] == [
        "board 1 of round 1 accepted as reported by " + ", ".join(list(seats.values())[:6]),
        "Board 1 of round 1 saved.",
    ]
    board = Board.objects.get(round__tournament=t, round__number=1, label="1")
    assert [s.centres for s in board.seats.order_by("power")] == list(CENTRES)
    entry = AuditEntry.objects.get(action="accept reports round 1 board 1")
    assert entry.user is None and entry.before is not None and len(entry.before["reports"]) == 6
