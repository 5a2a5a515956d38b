"""The TD's board form: elimination years and the agreed draw, checked as ``io.boards`` checks
boards.csv, and the standings the engine computes from what was entered."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from palmares.web.players.models import Player
from palmares.web.tournaments.models import Board, Tournament


@pytest.fixture(autouse=True)
def _open(open_wc: Tournament) -> None:
    """These tests enter and correct the WC's boards: the tournament open, not filed yet."""


CENTRES = [12, 9, 6, 4, 3, 0, 0]  # A E F G I R T


def _form(wc: Tournament, **extra: object) -> dict[str, object]:
    seven = (
        Player.objects.filter(seats__board__round__tournament=wc, seats__board__round__number=1)
        .distinct()
        .order_by("key")[:7]
    )
    data: dict[str, object] = {"round": 7, "board": "C", "final_year": 1907}
    for power, player, centres in zip("AEFGIRT", seven, CENTRES, strict=True):
        data[f"player_{power}"] = player.name
        data[f"centres_{power}"] = centres
    data.update(extra)
    return data


def _row(page: str, name: str) -> str:
    return page.split(f"<summary>{html.escape(name)}</summary>")[1].split("</tr>")[0]


def _score(client: Client, wc: Tournament, name: str) -> float:
    page = client.get(f"/diplomacy/{wc.pk}/?round=7").content.decode()
    return float(_row(page, name).rsplit('<td class="num">', 1)[1].split("<")[0])


def test_eliminated_and_draw_are_stored(td: Client, wc: Tournament) -> None:
    answer = td.post(
        f"/diplomacy/{wc.pk}/boards/new",
        _form(wc, eliminated_R=1905, eliminated_T=1906, draw_A="on", draw_E="on"),
    )
    # The last board of round 7 to report: the grid goes back to the round's desk.
    assert answer.status_code == 302 and answer["Location"].endswith(f"/{wc.pk}/rounds/7/")
    board = Board.objects.get(round__tournament=wc, round__number=7, label="C")
    assert board.final_year == 1907
    stored = {s.power: (s.eliminated, s.in_draw) for s in board.seats.all()}
    assert stored["R"] == (1905, False) and stored["T"] == (1906, False)
    assert stored["A"] == (None, True) and stored["E"] == (None, True)
    assert stored["F"] == (None, False)


def test_a_one_power_draw_is_a_concession(td: Client, wc: Tournament) -> None:
    data = _form(wc)
    england = str(data["player_E"])
    td.post(f"/diplomacy/{wc.pk}/boards/new", data)
    shared = _score(td, wc, england)
    page = td.get(f"/diplomacy/{wc.pk}/?round=7&tab=boards").content.decode()
    card = page.split("<strong>Round 7, board C</strong>")[1].split("</table>")[0]
    # Divide and Conquer: f(9) = 2^(9/4) − 1 = 3.7568 of Σ f = 14.2671 (12, 9, 6, 4, 3, 0, 0).
    assert f'>{html.escape(england)}</a></td><td class="num">9</td><td class="num">26.33<' in card

    td.post(f"/diplomacy/{wc.pk}/boards/new", _form(wc, draw_E="on"))
    page = td.get(f"/diplomacy/{wc.pk}/?round=7&tab=boards").content.decode()
    card = page.split("<strong>Round 7, board C</strong>")[1].split("</table>")[0]
    assert card.count(">100.00<") == 1 and card.count(">0.00<") == 6
    assert f'>{html.escape(england)}</a></td><td class="num">9</td><td class="num">100.00<' in card
    assert _score(td, wc, england) > shared  # the concession takes the whole pot


def _errors(td: Client, wc: Tournament, **extra: object) -> str:
    answer = td.post(f"/diplomacy/{wc.pk}/boards/new", _form(wc, **extra))
    assert answer.status_code == 400  # bad input: refused on the same grid
    assert not wc.rounds.filter(number=7).exists()
    page = html.unescape(answer.content.decode())
    assert "Refused, nothing changed:" in page
    return page


def test_eliminated_with_centres_is_an_error(td: Client, wc: Tournament) -> None:
    assert "Austria has 12 centres" in _errors(td, wc, eliminated_A=1904)


def test_eliminated_after_the_final_year_is_an_error(td: Client, wc: Tournament) -> None:
    assert "1908 is after the final year 1907" in _errors(td, wc, eliminated_R=1908)


def test_a_power_without_centres_cannot_draw(td: Client, wc: Tournament) -> None:
    page = _errors(td, wc, draw_R="on", draw_A="on")
    assert "Russia has no centres and cannot be in the draw" in page


def test_a_board_where_no_power_holds_a_centre_is_refused(td: Client, wc: Tournament) -> None:
    # Six systems shared 100 by the centres held and divided by nothing: exit 70, a 500.
    nothing = {f"centres_{p}": 0 for p in "AEFGIRT"}
    page = _errors(td, wc, **nothing)
    assert "no power holds a centre: a finished board has at least one survivor" in page


def test_more_centres_than_the_map_holds(td: Client, wc: Tournament) -> None:
    # _form's board holds 34 centres (12 9 6 4 3 0 0); Germany with 6 instead of 4 makes 36.
    assert "centres sum to 36, more than the 34 on the map" in _errors(td, wc, centres_G=6)
