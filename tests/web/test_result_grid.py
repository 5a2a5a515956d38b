"""The result grid on the server (issue 32): prefilled from the published call, Enter saves and
moves to the next board of the round that has not reported with what the lifecycle said, a
refusal keeps every input as typed with the reason at the top and the field marked (400 for
input, 409 for the day's state) and writes nothing, and the 34 centres are checked by the
server whatever the page's script showed."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Board
from tests.web.tday_helpers import APART, PLAYERS, TEAM, create, director, register, send

pytestmark = pytest.mark.django_db

POWERS = "AEFGIRT"
CENTRES = [10, 8, 6, 5, 3, 2, 0]


@pytest.fixture
def day() -> tuple[Client, int, dict[str, dict[str, str]]]:
    """A TD, a 21-player tournament and round 1's call, published: label → power → player."""
    _user, client = director()
    tid = create(client)
    register(client, tid)
    send(client, "PUT", f"/api/tournaments/{tid}/rounds/1/roll-call", {"present": PLAYERS})
    call = send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call", {"seed": 1}).json()
    published = send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call/publish")
    assert published.status_code == 200
    return client, tid, {b["label"]: b["seats"] for b in call["boards"]}


def _data(seats: dict[str, str], label: str, **extra: object) -> dict[str, Any]:
    data: dict[str, Any] = {"round": 1, "board": label, "final_year": 1907}
    for initial, (player, centres) in zip(
        POWERS, zip(seats.values(), CENTRES, strict=True), strict=True
    ):
        data[f"player_{initial}"] = player
        data[f"centres_{initial}"] = centres
    data["eliminated_T"] = 1905
    data.update(extra)
    return data


def _value(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert found, name
    value = re.search(r'value="([^"]*)"', found.group(0))
    return html.unescape(value.group(1)) if value else ""


def _url(tid: int, label: str) -> str:
    return f"/diplomacy/{tid}/boards/new?round=1&board={label}"


def test_the_grid_is_prefilled_from_the_call(day: Any) -> None:
    client, tid, boards = day
    label, seats = next(iter(boards.items()))
    page = client.get(_url(tid, label)).content.decode()
    assert f"Round 1, board {label}" in page
    for initial, player in zip(POWERS, seats.values(), strict=True):
        assert _value(page, f"player_{initial}") == player
        assert _value(page, f"centres_{initial}") == ""
    assert page.count('<tr id="power-') == 7  # one line per power, in the board's order
    order = [m.group(1) for m in re.finditer(r'name="(\w+_[A-Z])"', page)]
    assert order[:8] == [
        "player_A",
        "centres_A",
        "eliminated_A",
        "draw_A",
        "player_E",
        "centres_E",
        "eliminated_E",
        "draw_E",
    ]
    assert '<output id="total"' in page and "grid.js" in page


def test_enter_saves_and_moves_to_the_next_board_that_has_not_reported(day: Any) -> None:
    client, tid, boards = day
    first, second, third = boards
    answer = client.post(f"/diplomacy/{tid}/boards/new", _data(boards[first], first))
    assert answer.status_code == 302 and answer["Location"] == _url(tid, second)
    page = html.unescape(client.get(answer["Location"]).content.decode())
    assert f"Board {first} of round 1 saved." in page  # what the lifecycle said
    assert _value(page, "player_A") == boards[second]["Austria"]

    # The third board next: the one left is the second, going round.
    answer = client.post(f"/diplomacy/{tid}/boards/new", _data(boards[third], third))
    assert answer["Location"] == _url(tid, second)
    answer = client.post(f"/diplomacy/{tid}/boards/new", _data(boards[second], second))
    assert answer["Location"] == f"/diplomacy/{tid}/rounds/1/"  # every board has reported
    desk = html.unescape(client.get(answer["Location"]).content.decode())
    assert f"Board {second} of round 1 saved." in desk
    stored = Board.objects.get(round__tournament_id=tid, round__number=1, label=first)
    assert {s.power: s.centres for s in stored.seats.all()} == dict(
        zip(POWERS, CENTRES, strict=True)
    )

    # The same result again: nothing changes, and the grid says so.
    answer = client.post(f"/diplomacy/{tid}/boards/new", _data(boards[first], first), follow=True)
    assert "already had this result" in html.unescape(answer.content.decode())


def _refused(client: Client, tid: int, data: dict[str, Any], status: int) -> str:
    audit = AuditEntry.objects.count()
    answer = client.post(f"/diplomacy/{tid}/boards/new", data)
    assert answer.status_code == status
    assert AuditEntry.objects.count() == audit  # nothing written
    assert not Board.objects.filter(
        round__tournament_id=tid, round__number=1, seats__isnull=False
    ).exists()
    page = html.unescape(answer.content.decode())
    assert 'id="refusal"' in page and "Refused, nothing changed: " in page
    for name, value in data.items():  # every input as typed
        if name.startswith(("player_", "centres_", "eliminated_")):
            assert _value(page, name) == str(value), name
    return page


def test_a_bad_result_is_refused_on_the_grid_with_every_input_kept(day: Any) -> None:
    client, tid, boards = day
    label = next(iter(boards))
    page = _refused(client, tid, _data(boards[label], label, eliminated_A=1904), 400)
    assert "Refused, nothing changed: Austria has 10 centres" in page
    marked = re.search(r'<td class="num refused"><input[^>]*name="(\w+)"', page)
    assert marked and marked.group(1) == "eliminated_A"


def test_the_34_centres_are_checked_by_the_server(day: Any) -> None:
    client, tid, boards = day
    label = next(iter(boards))
    page = _refused(client, tid, _data(boards[label], label, centres_G=7), 400)
    assert "centres sum to 36, more than the 34 on the map" in page
    assert re.search(r'<output id="total"[^>]*class="over">36</output>', page)


def _other(boards: dict[str, dict[str, str]], first: str, team: bool) -> str:
    """A player of another board than ``first``: a team-mate of the team, or one neither of
    the team nor of the keep-apart pair."""
    return next(
        p
        for label, seats in boards.items()
        if label != first
        for p in seats.values()
        if (p in TEAM) == team and p not in APART
    )


def _free_power(seats: dict[str, str]) -> str:
    """A power of the board whose player is neither of the team nor of the kept-apart pair."""
    return next(
        i for i, p in zip(POWERS, seats.values(), strict=True) if p not in TEAM and p not in APART
    )


def test_a_team_mate_named_at_result_entry_is_refused(day: Any) -> None:
    """The swap in the call would seat two team-mates on one board: refused (409), nothing
    written, the player changed marked."""
    client, tid, boards = day
    first = next(iter(boards))
    intruder = _other(boards, first, team=True)
    power = _free_power(boards[first])
    page = _refused(client, tid, _data(boards[first], first, **{f"player_{power}": intruder}), 409)
    assert "would share board" in page.split("Refused, nothing changed: ")[1].split("</p>")[0]
    marked = re.search(r'<td class="refused"><input[^>]*name="(\w+)"', page)
    assert marked and marked.group(1) == f"player_{power}"


def test_a_player_of_another_board_named_at_result_entry_is_a_swap_in_the_call(day: Any) -> None:
    client, tid, boards = day
    first = next(iter(boards))
    intruder = _other(boards, first, team=False)
    power = _free_power(boards[first])
    replaced = dict(zip(POWERS, boards[first].values(), strict=True))[power]
    answer = client.post(
        f"/diplomacy/{tid}/boards/new",
        _data(boards[first], first, **{f"player_{power}": intruder}),
        follow=True,
    )
    page = html.unescape(answer.content.decode())
    assert f"Board {first} of round 1 saved." in page
    said = page.split('id="messages">')[1].split("</ul>")[0]
    assert intruder in said and replaced in said, said  # the swap is told
    seated = {
        s.player.name
        for s in Board.objects.get(
            round__tournament_id=tid, round__number=1, label=first
        ).seats.select_related("player")
    }
    assert intruder in seated and replaced not in seated


def test_a_result_on_a_draft_call_is_a_conflict(day: Any) -> None:
    client, tid, _boards = day
    send(client, "PUT", f"/api/tournaments/{tid}/rounds/2/roll-call", {"present": PLAYERS})
    call = send(client, "POST", f"/api/tournaments/{tid}/rounds/2/board-call", {"seed": 1}).json()
    label = call["boards"][0]["label"]
    data = _data(call["boards"][0]["seats"], label, round=2)
    audit = AuditEntry.objects.count()
    answer = client.post(f"/diplomacy/{tid}/boards/new", data)
    assert answer.status_code == 409 and AuditEntry.objects.count() == audit
    page = html.unescape(answer.content.decode())
    assert "Refused, nothing changed: the board call of round 2 is a draft" in page
    assert _value(page, "centres_A") == "10"


def test_the_grid_in_french(day: Any) -> None:
    client, tid, boards = day
    label = next(iter(boards))
    page = html.unescape(client.get(_url(tid, label), HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert f"Ronde 1, table {label}" in page and "Autriche" in page and "Centres" in page
    answer = client.post(
        f"/diplomacy/{tid}/boards/new",
        _data(boards[label], label, centres_G=7),
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    page = html.unescape(answer.content.decode())
    assert "Refusé, rien n’a changé : les centres font 36 en tout" in page


def test_after_close_the_grid_is_read_only_and_a_save_is_refused(day: Any) -> None:
    client, tid, boards = day
    for label, seats in boards.items():
        assert client.post(f"/diplomacy/{tid}/boards/new", _data(seats, label)).status_code == 302
    assert send(client, "POST", f"/api/tournaments/{tid}/close").status_code == 200
    label = next(iter(boards))
    page = html.unescape(client.get(_url(tid, label)).content.decode())
    assert "The tournament is closed: its results are filed and nothing changes." in page
    assert "<fieldset disabled>" in page and "Save and go to the next board" not in page
    assert _value(page, "centres_A") == "10"  # the board as filed, shown
    entries = AuditEntry.objects.count()
    refused = client.post(f"/diplomacy/{tid}/boards/new", _data(boards[label], label))
    assert refused.status_code == 409
    assert AuditEntry.objects.count() == entries
