"""Accounts and API tokens (issue 12, step 10): `palmares users add|token`, Bearer writes."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from palmares.web.accounts.models import ApiToken
from palmares.web.accounts.roles import is_ratings_officer, is_tournament_director
from palmares.web.accounts.services import hash_token
from palmares.web.players.models import Player
from palmares.web.tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=False)

PASSWORD = "a-long-enough-password-2007"


def _add(cli: Any, monkeypatch: pytest.MonkeyPatch, name: str, role: str, pw: str) -> Any:
    monkeypatch.setattr("sys.stdin", io.StringIO(pw + "\n"))
    return cli("users", "add", name, "--role", role)


@pytest.mark.parametrize(
    ("role", "director", "officer", "superuser"),
    [("td", True, False, False), ("officer", False, True, False), ("admin", True, True, True)],
)
def test_users_add_reads_the_password_from_stdin(
    cli: Any,
    monkeypatch: pytest.MonkeyPatch,
    role: str,
    director: bool,
    officer: bool,
    superuser: bool,
) -> None:
    answer = _add(cli, monkeypatch, "ann", role, PASSWORD)
    assert answer.code == 0, answer.err
    assert answer.out == f"user ann added ({role})\n"
    user = User.objects.get(username="ann")
    assert user.check_password(PASSWORD)
    assert not user.check_password(PASSWORD + "\n")
    assert is_ratings_officer(user) is officer
    assert is_tournament_director(user) is director
    assert (user.is_superuser, user.is_staff) == (superuser, superuser)
    assert PASSWORD not in answer.out + answer.err


def test_users_add_refusals(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _add(cli, monkeypatch, "bob", "td", PASSWORD).code == 0
    again = _add(cli, monkeypatch, "Bob", "td", PASSWORD)
    assert again.code == 2 and "a user named 'Bob' already exists" in again.err
    empty = _add(cli, monkeypatch, "cy", "td", "")
    assert empty.code == 2 and "an empty password is refused" in empty.err
    weak = _add(cli, monkeypatch, "cy", "td", "1234")
    assert weak.code == 2 and "password refused" in weak.err
    role = _add(cli, monkeypatch, "cy", "king", PASSWORD)
    assert role.code == 2 and "king" in role.err
    assert not User.objects.filter(username="cy").exists()


def test_users_add_prompts_twice_on_a_terminal(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    answers = iter([PASSWORD, PASSWORD + "x", PASSWORD, PASSWORD])
    monkeypatch.setattr("sys.stdin", Terminal(""))
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    differ = cli("users", "add", "dee", "--role", "td")
    assert differ.code == 2 and "the two passwords differ" in differ.err
    same = cli("users", "add", "dee", "--role", "td")
    assert same.code == 0 and User.objects.get(username="dee").check_password(PASSWORD)


def test_users_token_stores_only_a_hash(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _add(cli, monkeypatch, "eve", "td", PASSWORD).code == 0
    first = cli("users", "token", "eve")
    assert first.code == 0
    token = first.out.strip()
    assert len(token) >= 40 and first.out == token + "\n"
    stored = ApiToken.objects.get(user__username="eve")
    assert stored.digest == hash_token(token) and token not in stored.digest
    second = cli("users", "token", "eve").out.strip()
    assert second != token
    assert ApiToken.objects.get(user__username="eve").digest == hash_token(second)
    missing = cli("users", "token", "nobody")
    assert missing.code == 2 and "no user named 'nobody'" in missing.err


def _token_for(name: str) -> str:
    from palmares.web.accounts.services import issue_token

    return issue_token(name)


def _board(player_id: int) -> str:
    seats = [
        {"power": p, "player_id": player_id + i, "centres": 1} for i, p in enumerate("AEFGIRT")
    ]
    return json.dumps({"round": 9, "board": "9", "seats": seats})


def _csrf_client() -> Client:
    """A real client: no CSRF exemption (scripts do not have one either)."""
    return Client(enforce_csrf_checks=True)


def test_a_bearer_token_writes_without_a_session(wc: Tournament, open_wc: Tournament) -> None:
    user = User.objects.create_user("td-token", password=PASSWORD)
    wc.directors.add(user)
    token = _token_for("td-token")
    first = min(Player.objects.values_list("pk", flat=True))
    answer = _csrf_client().post(
        f"/api/tournaments/{wc.pk}/boards",
        data=_board(first),
        content_type="application/json",
        headers={"authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.content
    assert wc.rounds.filter(number=9).exists()
    assert ApiToken.objects.get(user=user).last_used is not None


@pytest.mark.parametrize("header", [None, "Bearer wrong-token", "Bearer ", "Basic eDp5"])
def test_a_wrong_or_absent_token_is_401(wc: Tournament, header: str | None) -> None:
    headers = {"authorization": header} if header is not None else {}
    answer = _csrf_client().post(
        f"/api/tournaments/{wc.pk}/boards",
        data=_board(1),
        content_type="application/json",
        headers=headers,
    )
    assert answer.status_code == 401
    assert answer.json()["detail"] in ("log in first", "invalid API token")
    assert not wc.rounds.filter(number=9).exists()


def test_a_retired_token_or_inactive_user_is_401(wc: Tournament) -> None:
    user = User.objects.create_user("td-old", password=PASSWORD)
    wc.directors.add(user)
    old = _token_for("td-old")
    new = _token_for("td-old")
    headers = {"authorization": f"Bearer {old}"}
    url = f"/api/tournaments/{wc.pk}/boards"
    body = _board(1)
    refused = _csrf_client().post(url, data=body, content_type="application/json", headers=headers)
    assert refused.status_code == 401 and refused.json()["detail"] == "invalid API token"
    user.is_active = False
    user.save()
    headers = {"authorization": f"Bearer {new}"}
    refused = _csrf_client().post(url, data=body, content_type="application/json", headers=headers)
    assert refused.status_code == 401
    assert not wc.rounds.filter(number=9).exists()


def test_a_token_of_another_tournaments_td_is_403(wc: Tournament) -> None:
    User.objects.create_user("td-elsewhere", password=PASSWORD)
    token = _token_for("td-elsewhere")
    answer = _csrf_client().post(
        f"/api/tournaments/{wc.pk}/boards",
        data=_board(1),
        content_type="application/json",
        headers={"authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 403
    assert not wc.rounds.filter(number=9).exists()


def test_a_wrong_token_is_not_rescued_by_a_session(wc: Tournament) -> None:
    user = User.objects.create_user("td-session", password=PASSWORD)
    wc.directors.add(user)
    client = Client(enforce_csrf_checks=False)
    client.force_login(user)
    answer = client.post(
        f"/api/tournaments/{wc.pk}/boards",
        data=_board(1),
        content_type="application/json",
        headers={"authorization": "Bearer not-a-token"},
    )
    assert answer.status_code == 401
    assert not wc.rounds.filter(number=9).exists()
