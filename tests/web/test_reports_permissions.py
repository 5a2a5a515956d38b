"""Who may write reports from the table (issue 38): a board's acceptance and the agreement rule
refuse anonymous users (401, the login page), another TD and a ratings officer (403), and record
nothing when they refuse; a player's report needs no login but the player's personal code
(403 without it, nothing recorded). ``test_permissions.test_every_write_is_listed`` checks that
these lists are whole."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from palmares.web.accounts.roles import RATINGS_OFFICERS
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Board
from tests.web.open_day import call_round, open_tournament, tournament_director

T = "/api/tournaments/{tournament_id}"
B = T + "/rounds/{n}/boards/{label}"
#: The directors' writes of the API.
REPORT_API_WRITES = {
    ("POST", B + "/reports/accept"),
    ("PUT", T + "/reports/rule"),
}
#: A player's report: open to anyone who holds that player's personal code.
REPORT_PUBLIC = ("POST", B + "/reports")
REPORT_PAGES = {"diplomacy/<int:tournament_id>/rounds/<int:number>/edit/reports/<str:label>/accept"}
PLAYERS = [f"Player {chr(65 + i)}" for i in range(7)]


def _persona(who: str) -> Client:
    client = Client()
    if who == "anonymous":
        return client
    user = User.objects.create_user(who, password=f"{who}-password-2026")
    if who == "officer":
        user.groups.add(Group.objects.get_or_create(name=RATINGS_OFFICERS)[0])
    else:
        other = tournament_director("elsewhere", "elsewhere-password-2026")
        open_tournament(other, "Other Cup", ["Someone Else"])
        user = other
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anonymous", "other_td", "officer"])
def test_every_reports_write_is_refused(who: str) -> None:
    td = tournament_director("owner", "owner-password-2026")
    t = open_tournament(td, "Guarded Cup", PLAYERS, rounds=1)
    seats = call_round(td, t, 1)["1"]
    client = _persona(who)
    logged = AuditEntry.objects.count()
    bodies = {"/reports/accept": None, "/reports/rule": {"majority": 4}}
    for method, path in sorted(REPORT_API_WRITES):
        url = path.format(tournament_id=t.pk, n=1, label="1")
        body = next(b for end, b in bodies.items() if path.endswith(end))
        answer = getattr(client, method.lower())(url, body, content_type="application/json")
        assert answer.status_code == (401 if who == "anonymous" else 403), (url, answer.content)
        assert "detail" in answer.json()
    for page in REPORT_PAGES:
        url = "/" + page.replace("<int:tournament_id>", str(t.pk)).replace(
            "<int:number>", "1"
        ).replace("<str:label>", "1")
        answer = client.post(url, {"following": seats["Austria"]})
        if who == "anonymous":
            assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
        else:
            assert answer.status_code == 403, url
    method, path = REPORT_PUBLIC
    url = path.format(tournament_id=t.pk, n=1, label="1")
    report = {"player": seats["Austria"], "code": "", "centres": {"A": 34, "E": 0, "F": 0,
              "G": 0, "I": 0, "R": 0, "T": 0}}  # fmt: skip
    answer = client.post(url, report, content_type="application/json")
    assert answer.status_code == 403 and "personal code" in answer.json()["detail"]
    assert AuditEntry.objects.count() == logged
    assert not Board.objects.filter(round__tournament=t).exists()


@pytest.mark.django_db
def test_the_rule_is_audited() -> None:
    td = tournament_director("owner", "owner-password-2026")
    t = open_tournament(td, "Ruled Cup", PLAYERS, rounds=1)
    client = Client()
    client.force_login(td)
    url = f"/api/tournaments/{t.pk}/reports/rule"
    for majority in (5, None):
        answer = client.put(url, {"majority": majority}, content_type="application/json")
        assert answer.status_code == 200
    entries = AuditEntry.objects.filter(action="report rule").order_by("id")
    assert [(e.before, e.after) for e in entries] == [
        ({"majority": None, "auto": False}, {"majority": 5, "auto": False}),
        ({"majority": 5, "auto": False}, {"majority": None, "auto": False}),
    ]
    assert entries.last().said[0]["key"] == "reports.all_survivors"  # type: ignore[union-attr]
