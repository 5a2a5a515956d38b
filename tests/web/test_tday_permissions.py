"""Every write of the tournament day (issue 12) refuses anonymous users, another TD and a
ratings officer, and records nothing when it refuses; each write a director makes is in the
audit log. (``test_permissions.test_every_write_is_listed`` checks that this list is whole.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from palmares.web.accounts.roles import RATINGS_OFFICERS
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Round
from tests.web.tday_helpers import PLAYERS, create, director, register, result, send

T = "/api/tournaments/{tournament_id}"
R = T + "/rounds/{n}"
#: Each write of the API, in an order a director can make them all, with a body.
WRITES: list[tuple[str, str, Any]] = [
    ("POST", "/api/tournaments", None),
    ("POST", T + "/directors", {"username": "codirector"}),
    ("POST", T + "/players", [{"name": "Late Comer", "nationality": "Italy"}]),
    ("POST", T + "/players/file", "players.csv"),
    ("POST", T + "/keep-apart", [{"player_a": "Player F", "player_b": "Player G"}]),
    ("POST", T + "/attendance", {"player": "Late Comer", "arrives": 2}),
    ("PUT", R + "/roll-call", {"present": [*PLAYERS, "Upload One"]}),
    ("POST", R + "/roll-call/accept", None),
    ("POST", R + "/check-in/open", {"on": True}),
    ("POST", R + "/board-call", {"seed": 3}),
    ("POST", R + "/board-call/swap", {"label": "1", "power_a": "Austria", "power_b": "Turkey"}),
    ("POST", R + "/board-call/publish", None),
    ("PUT", R + "/boards/{label}", "result"),
    ("DELETE", R + "/boards/{label}", None),
    ("PUT", R + "/boards/{label}", "result"),
    ("DELETE", R + "/results", None),
    ("POST", R + "/board-call/unpublish", None),
    ("POST", R + "/board-call/lock", None),
]
#: The self check-in: open to anyone who has the round's code.
PUBLIC = ("POST", R + "/check-in")
TDAY_API_WRITES = {(m, p) for m, p, _ in WRITES} | {PUBLIC}
TDAY_PAGES = {
    "diplomacy/new",
    "diplomacy/<int:tournament_id>/edit/players",
    "diplomacy/<int:tournament_id>/edit/players-file",
    "diplomacy/<int:tournament_id>/edit/keep-apart",
    "diplomacy/<int:tournament_id>/edit/attendance",
    "diplomacy/<int:tournament_id>/edit/directors",
    "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/roll-call",
    "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/accept",
    "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/check-in",
    "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/board-call",
    "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/swap",
    "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/publish",
    "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/unpublish",
}


def _send(client: Client, method: str, path: str, body: Any, tid: int) -> Any:
    url = path.format(tournament_id=tid, n=1, label="1")
    if body == "players.csv":
        upload = SimpleUploadedFile("players.csv", b"player,nationality\nUpload One,Spain\n")
        return client.post(url, {"file": upload})
    if body == "result":
        seats = send(client, "GET", f"/api/tournaments/{tid}/rounds/1/board-call").json()
        body = result(seats["boards"][0]["seats"]) if "boards" in seats else {"centres": {}}
    if path == "/api/tournaments":
        body = {"name": f"Cup {tid}", "date": "2026-06-01", "rounds": 2,
                "scoring": "carnage", "aggregation": "sum", "team_size": None}  # fmt: skip
    return send(client, method, url, body)


@pytest.fixture
def day(db: None) -> int:
    """A tournament of 21 registered players, its director's client kept aside."""
    _, client = director()
    tid = create(client)
    register(client, tid)
    User.objects.create_user("codirector", password="co-password-2026")
    return tid


def _persona(who: str) -> Client:
    if who == "anonymous":
        return Client()
    user = User.objects.create_user(who, password=f"{who}-password-2026")
    if who == "officer":
        group, _ = Group.objects.get_or_create(name=RATINGS_OFFICERS)
        user.groups.add(group)
    if who == "other_td":  # a director, of another tournament
        _, other = director("elsewhere")
        create(other, name="Other Cup")
        user = User.objects.get(username="elsewhere")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("who", ["anonymous", "other_td", "officer"])
def test_every_tournament_day_write_is_refused(who: str, day: int) -> None:
    # The director makes the call first, so that the writes after it have something to change.
    owner = Client()
    owner.force_login(User.objects.get(username="director"))
    send(owner, "POST", f"/api/tournaments/{day}/rounds/1/board-call", {"seed": 1})
    send(owner, "POST", f"/api/tournaments/{day}/rounds/1/board-call/publish")
    client = _persona(who)
    logged = AuditEntry.objects.count()
    for method, path, body in WRITES:
        if path == "/api/tournaments" and who == "other_td":
            continue  # another TD may create their own tournament
        answer = _send(client, method, path, body, day)
        expected = 401 if who == "anonymous" else 403
        assert answer.status_code == expected, (path, answer.content)
        assert set(answer.json()) >= {"detail"}
    assert AuditEntry.objects.count() == logged
    for page in TDAY_PAGES:
        if page == "diplomacy/new" and who == "other_td":
            continue
        url = "/" + page.replace("<int:tournament_id>", str(day)).replace("<int:number>", "1")
        answer = client.post(url, {"name": "Intruder", "player_a": "Player A"})
        if who == "anonymous":
            assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
        else:
            assert answer.status_code == 403, url
    assert AuditEntry.objects.count() == logged
    assert not Round.objects.filter(tournament_id=day, locked=True).exists()


def test_each_accepted_write_is_in_the_audit_log(day: int) -> None:
    owner = Client()
    owner.force_login(User.objects.get(username="director"))
    for method, path, body in WRITES:
        logged = AuditEntry.objects.count()
        answer = _send(owner, method, path, body, day)
        assert answer.status_code in (200, 201), (path, answer.content)
        assert AuditEntry.objects.count() == logged + 1, path
        entry = AuditEntry.objects.order_by("-id").first()
        assert entry is not None and entry.user is not None and entry.user.username == "director"
    # A refused write records nothing: the locked call refuses a new one.
    logged = AuditEntry.objects.count()
    again = _send(owner, "POST", R + "/board-call", {"seed": 1}, day)
    assert again.status_code == 409 and again.json()["detail"].endswith("is locked")
    assert AuditEntry.objects.count() == logged


def test_self_check_in_needs_the_code(day: int) -> None:
    owner = Client()
    owner.force_login(User.objects.get(username="director"))
    opened = send(owner, "POST", f"/api/tournaments/{day}/rounds/1/check-in/open", {"on": True})
    code = opened.json()["code"]
    assert len(code) == 6
    phone = Client()
    url = f"/api/tournaments/{day}/rounds/1/check-in"
    logged = AuditEntry.objects.count()
    wrong = send(phone, "POST", url, {"code": "AAAAAA" if code != "AAAAAA" else "BBBBBB",
                                      "name": "Player A"})  # fmt: skip
    assert wrong.status_code == 400 and wrong.json()["field"] == "code"
    stranger = send(phone, "POST", url, {"code": code, "name": "Nobody Known"})
    assert stranger.status_code == 400 and stranger.json()["field"] == "name"
    assert AuditEntry.objects.count() == logged
    done = send(phone, "POST", url, {"code": code.lower(), "name": "player a"})
    assert done.status_code == 200 and done.json()["player"] == "Player A"
    roll = send(owner, "GET", f"/api/tournaments/{day}/rounds/1/roll-call").json()
    assert roll["present"] == ["Player A"] and roll["checked_in"] == ["Player A"]
    # The page a phone opens from the QR code does the same.
    page = phone.get(f"/diplomacy/{day}/check-in?round=1&code={code}")
    assert page.status_code == 200 and f'value="{code}"' in page.content.decode()
    form = phone.post(f"/diplomacy/{day}/check-in", {"round": 1, "code": code, "name": "Player B"})
    assert (
        form.status_code == 200 and "Player B, you are present for round 1" in form.content.decode()
    )
    desk = owner.get(f"/diplomacy/{day}/rounds/1/")
    assert "<svg" in desk.content.decode() and code in desk.content.decode()
    assert json.loads(send(owner, "GET", url.replace("check-in", "roll-call")).content)[
        "checked_in"
    ] == ["Player A", "Player B"]
