"""The room's projector screens (issue 14): the board call by board and by player, the live
standings with the places moved since the previous round and the top board, the round's
status; no login; each fragment answers 304 to its ETag until a result is entered."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import Tournament
from tests.web.tday_helpers import PLAYERS, create, director, register, result, send

pytestmark = pytest.mark.django_db


def _call(client: Client, tid: int, n: int) -> list[dict[str, Any]]:
    roll = send(client, "PUT", f"/api/tournaments/{tid}/rounds/{n}/roll-call", {"present": PLAYERS})
    assert roll.status_code == 200, roll.content
    call = send(client, "POST", f"/api/tournaments/{tid}/rounds/{n}/board-call", {"seed": 1})
    assert call.status_code == 200, call.content
    published = send(client, "POST", f"/api/tournaments/{tid}/rounds/{n}/board-call/publish")
    assert published.status_code == 200, published.content
    return list(call.json()["boards"])


def _enter(client: Client, tid: int, n: int, board: dict[str, Any], shift: int) -> None:
    url = f"/api/tournaments/{tid}/rounds/{n}/boards/{board['label']}"
    answer = send(client, "PUT", url, result(board["seats"], shift=shift))
    assert answer.status_code == 200, answer.content


@pytest.fixture
def day() -> tuple[Client, int, list[dict[str, Any]]]:
    """Round 1 played on its three boards; round 2 called and published, two boards entered."""
    _, td = director()
    tid = create(td)
    register(td, tid)
    for i, board in enumerate(_call(td, tid, 1)):
        _enter(td, tid, 1, board, i + 1)
    second = _call(td, tid, 2)
    for i, board in enumerate(second[:2]):
        _enter(td, tid, 2, board, i + 3)
    return td, tid, second


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_round_status_and_its_etag(day: tuple[Client, int, list[dict[str, Any]]]) -> None:
    td, tid, second = day
    screen = Client()  # a projector: nobody logged in
    page = screen.get(f"/diplomacy/{tid}/projector/status/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "2 of 3 boards reported" in _text(body)
    labels = [b["label"] for b in second]
    for label, state in zip(labels, ("done", "done", "playing"), strict=True):
        assert f'class="card {state}" data-board="{label}"' in body
    live = f"/diplomacy/{tid}/projector/status/fragment"
    first = screen.get(live)
    etag = first["ETag"]
    assert first.status_code == 200 and etag and "no-cache" in first["Cache-Control"]
    assert f'data-etag="{html.escape(etag)}"' in body  # the page starts from the fragment it embeds
    assert first.content.decode() in body
    again = screen.get(live, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert screen.get(live, HTTP_IF_NONE_MATCH=f"W/{etag}").status_code == 304  # after gzip
    _enter(td, tid, 2, second[2], 5)
    changed = screen.get(live, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    text = _text(changed.content.decode())
    assert "3 of 3 boards reported" in text and "every board has reported" in text
    earlier = _text(screen.get(f"{live}?round=1").content.decode())
    assert "Round 1" in earlier and "3 of 3 boards reported" in earlier


def test_live_standings_mark_the_places_moved(
    day: tuple[Client, int, list[dict[str, Any]]],
) -> None:
    _, tid, _ = day
    t = Tournament.objects.get(pk=tid)
    before = {s.player: s.rank for s in adapters.standings(t, up_to_round=1).players}
    now = adapters.standings(t)
    page = Client().get(f"/diplomacy/{tid}/projector/standings/?per=30").content.decode()
    assert "Standings, round 2" in _text(page) and "places since round 1" in _text(page)
    line = r"<tr><td class=\"num\">(\d+)</td><td class=\"move\">(.*?)</td><td>(.*?)</td>"
    rows = re.findall(line, page)
    shown = [(int(r), html.unescape(p)) for r, _, p in rows]
    assert shown == [(s.rank, s.player) for s in now.players]
    ups = downs = 0
    for _, mark, player in rows:
        gained = before[html.unescape(player)] - now.of(html.unescape(player)).rank
        if gained > 0:
            assert f">▲{gained}<" in mark and f"up {gained} place" in mark
            ups += 1
        elif gained < 0:
            assert f">▼{-gained}<" in mark and f"down {-gained} place" in mark
            downs += 1
        else:
            assert mark == '<span class="same">=</span>'
    assert ups and downs  # the second round moved players both ways
    paged = Client().get(f"/diplomacy/{tid}/projector/standings/?per=10").content.decode()
    assert paged.count('<section class="page standings"') == 3  # 21 players, 10 a page
    assert 'id="top-board"' not in page  # a 3-round day has no top board


def test_the_board_call_by_board_and_by_player(
    day: tuple[Client, int, list[dict[str, Any]]],
) -> None:
    _, tid, second = day
    screen = Client()
    by_board = screen.get(f"/diplomacy/{tid}/projector/boards/?per=1&every=4").content.decode()
    assert "Board call, round 2" in _text(by_board) and 'data-every="4"' in by_board
    assert by_board.count('<section class="page boards"') == 3
    for board in second:
        card = by_board.split(f"<h2>Board {board['label']}</h2>")[1].split("</table>")[0]
        for power, player in board["seats"].items():
            assert f'<td class="power">{power}</td><td>{html.escape(player)}</td>' in card
    by_player = screen.get(f"/diplomacy/{tid}/projector/boards/?by=player&per=10").content
    text = by_player.decode()
    assert text.count('<section class="page players"') == 3
    names = re.findall(r"<tr><td>(Player [A-U])</td>", text)
    assert names == sorted(PLAYERS)
    one = screen.get(f"/diplomacy/{tid}/projector/boards/fragment?round=1").content.decode()
    assert "Board call, round 1" in _text(one)


def test_wrong_options_are_refused_with_their_field(
    day: tuple[Client, int, list[dict[str, Any]]],
) -> None:
    _, tid, _ = day
    screen = Client()
    for query, words in (
        ("every=1", "every: expected a whole number from 3 to 600, got 1"),
        ("per=abc", "per: expected a whole number from 1 to 200, got abc"),
        ("by=power", "by: expected board or player, got power"),
        ("round=0", "round: expected a whole number from 1 to 99, got 0"),
    ):
        answer = screen.get(f"/diplomacy/{tid}/projector/boards/fragment?{query}")
        assert answer.status_code == 400 and words in _text(answer.content.decode()), query
    assert screen.get("/diplomacy/999999/projector/standings/").status_code == 404


def test_the_wc_standings_show_the_top_board_after_round_5(wc: Tournament) -> None:
    top = adapters.tournament_prizes(wc, up_to_round=5).top_board
    assert top is not None
    page = Client().get(f"/diplomacy/{wc.pk}/projector/standings/").content.decode()
    text = _text(page)
    assert "Standings, round 6" in text and "Top board, invited after round 5" in text
    aside = page.split('id="top-board"')[1].split("</aside>")[0]
    assert re.findall(r"<li>(.*?) <span", aside) == [html.escape(p) for p in top.players]
    assert "Provisional" not in aside  # round 5 has every board reported
    index = Client().get(f"/diplomacy/{wc.pk}/projector/").content.decode()
    for screen in ("boards/", "boards/?by=player", "standings/", "status/"):
        assert f'href="/diplomacy/{wc.pk}/projector/{screen}"' in index


def test_the_wc_has_no_published_call_and_every_board_reported(wc: Tournament) -> None:
    boards = Client().get(f"/diplomacy/{wc.pk}/projector/boards/").content.decode()
    assert "No board call is published yet." in boards
    status = _text(Client().get(f"/diplomacy/{wc.pk}/projector/status/").content.decode())
    n = wc.rounds.get(number=6).boards.count()
    assert f"Round 6 {n} of {n} boards reported" in status
