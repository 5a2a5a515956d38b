"""The pages tell the TD what happened (issue 32): a write confirms what it did; a refusal stays
on the page of its form with its status, the reason at the top and beside its field, the form
filled; the audit page in words, paged; the rounds' pages read-only after close."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import CalledSeat, Tournament
from palmares.web.ui.views.said import field_of
from tests.web.tday_helpers import PLAYERS, TEAM, create, director, register, send

pytestmark = pytest.mark.django_db


def _day() -> tuple[Client, Tournament]:
    _, client = director()
    tid = create(client)
    register(client, tid)
    return client, Tournament.objects.get(pk=tid)


def test_the_field_a_page_shows_has_no_row_index() -> None:
    assert field_of(FieldError("x", "0.team")) == "team"
    assert field_of(FieldError("x", "present.3")) == "present"
    assert field_of(FieldError("x", "players.2.name")) == "name"
    assert field_of(FieldError("x", "player_a")) == "player_a"
    assert field_of(FieldError("x", None)) is None


def test_a_refusal_stays_on_its_page_with_the_form_filled() -> None:
    client, t = _day()
    entries = AuditEntry.objects.count()
    answer = client.post(
        f"/diplomacy/{t.pk}/edit/players", {"name": PLAYERS[5], "team": "Trio"}
    )  # a fourth member of a team of three
    page = answer.content.decode()
    assert answer.status_code == 400 and AuditEntry.objects.count() == entries
    assert "Refused, nothing changed: team Trio would have 4 players" in page
    assert 'id="refused-team"' in page and "0.team" not in page
    assert f'value="{PLAYERS[5]}"' in page  # the form as it was posted
    pasted = client.post(
        f"/diplomacy/{t.pk}/rounds/1/edit/roll-call", {"pasted": "Nobody One\nNobody Two"}
    )
    page = pasted.content.decode()
    assert pasted.status_code == 400 and "Round 1" in page
    assert "&#x27;Nobody One&#x27;" in page and "&#x27;Nobody Two&#x27;" in page
    assert "Nobody One\nNobody Two</textarea>" in page


def test_writes_confirm_and_a_state_refusal_is_409_on_the_rounds_page() -> None:
    client, t = _day()
    base = f"/diplomacy/{t.pk}/rounds/1/edit"
    made = client.post(f"{base}/board-call", {"seed": "1"})
    assert made.status_code == 302
    told = [str(m) for m in get_messages(made.wsgi_request)]
    assert told == ["Board call of round 1 made: 3 boards, a draft."]
    published = client.post(f"{base}/publish", {"lock": "0"}, follow=True)
    assert "Board call of round 1 published: players see it." in published.content.decode()
    taken_back = client.post(f"{base}/unpublish", follow=True)
    told_back = "Board call of round 1 taken back: players no longer see it."
    assert told_back in taken_back.content.decode()
    assert not t.rounds.get(number=1).published
    send(client, "POST", f"/api/tournaments/{t.pk}/rounds/1/board-call/lock")
    seats = CalledSeat.objects.filter(round__tournament=t).count()
    again = client.post(f"{base}/board-call", {"seed": "2"})
    assert again.status_code == 409 and "Round 1" in again.content.decode()
    assert "Refused, nothing changed" in again.content.decode()
    assert "is locked" in again.content.decode().split('id="refused-make-call"')[1][:80]
    assert CalledSeat.objects.filter(round__tournament=t).count() == seats


def test_the_audit_page_is_told_in_words_and_paged() -> None:
    client, t = _day()
    for i in range(55):  # one player's arrival moved back and forth: 55 writes
        body = {"player": PLAYERS[0], "arrives": 2 - i % 2, "withdrawn_after": None}
        assert send(client, "POST", f"/api/tournaments/{t.pk}/attendance", body).status_code == 200
    total = AuditEntry.objects.filter(tournament=t).count()
    assert total > 50
    first = client.get(f"/diplomacy/{t.pk}/audit").content.decode()
    assert first.count("<tr>") == 50 + 1 and "{&#x27;" not in first
    assert f"Attendance of {PLAYERS[0]}" in first and "page 1 of 2" in first
    second = client.get(f"/diplomacy/{t.pk}/audit?page=2").content.decode()
    assert second.count("<tr>") == total - 50 + 1 and "Tournament created" in second
    french = client.get(f"/diplomacy/{t.pk}/audit?page=2", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Tournoi créé" in french.content.decode()
    assert TEAM[0] in client.get(f"/diplomacy/{t.pk}/desk").content.decode()
