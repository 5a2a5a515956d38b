"""Issue 32's eight findings replayed through the site's pages in a real browser (Debian's
chromium), each refused or mended: a TD runs a three-round tournament with a top board, 23
players (a team of three, one withdrawal after round 1), and tries what the issue's TD did.

1. a player already on board 3 named on board 2's form: refused, nothing stored;
2. a result on a draft call: refused; a new call over a round with a result: refused (409) on
   the round's page, the call unchanged;
3. a swap on a published call: confirmed, the call stays published, the players' page (a
   phone, no login) marks the changed seats; a refused swap stays on the round's page;
4. the top-board round: the roll call proposes no invitee to sit out, the call is made;
5. standings list every registered player, sit-outs and the withdrawal marked; the players'
   call lists who sits out; names in reading order (Å with A, É with E);
6. the public board call shows only the real rounds and never the withdrawn player; a
   tournament never played is not a Dip Pouch event;
7. every write says what it did; undo says what it undid and lands on the standings; after
   close no Undo, no write forms, the clock names round 3 and is stopped;
8. a refusal without its ``0.team:`` prefix, beside its field, the form filled; every unknown
   name of a pasted list reported; the audit page in words (English and French), paged.

The screenshots of docs/tournament-day.md's lifecycle section are taken here at 1280 and 390 px
(``PALMARES_SCREENSHOTS=docs/img/tournament-day``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from palmares.core.names import reading_key
from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.audit.models import AuditEntry
from palmares.web.events.models import Result
from palmares.web.tournaments import registration
from palmares.web.tournaments.boardcall import get_call
from palmares.web.tournaments.models import Board, Tournament
from palmares.web.tournaments.results import BoardResult, enter_result
from palmares.web.tournaments.topboard import invitations
from tests.web.open_day import CENTRES, open_tournament, tournament_director
from tests.web.test_browser import browser_page  # noqa: F401 - the shared fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    "Åsa Berg", "Émile Roux", "Zack Young", "Anna Abel", "Bruno Bell", "Carla Cruz", "Dirk Dahl",
    "Eva Evers", "Femke Fox", "Gijs Graaf", "Hana Holt", "Ivo Iles", "Jan Jonk", "Kees Kok",
    "Lotte Lam", "Mila Mol", "Noor Nap", "Otto Ooms", "Pim Pol", "Quinn Quist", "Rosa Ruiz",
    "Sven Smit", "Tess Tol",
]  # fmt: skip
TEAM = ("Carla Cruz", "Dirk Dahl", "Eva Evers")
GONE = "Zack Young"  # withdraws after round 1
WIDTHS = (1280, 390)


def _go(page: Any, action: Any) -> int:
    """Run ``action`` (a click) and return the status of the page it loads."""
    with page.expect_navigation() as loaded:
        action()
    return int(loaded.value.status)


def _shoot(page: Any, shots: Path, name: str) -> None:
    """The page as it is, at a desk's and a phone's width (no reload: its message stays)."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(shots / f"lifecycle-{name}-{width}.png"), full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})


def _messages(page: Any) -> str:
    return str(page.inner_text("#messages"))


def _enter(user: Any, t: Tournament, number: int, label: str) -> None:
    """One board's result through the service (the grid is tried by its own tests)."""
    counts = CENTRES[int(label) % 7 :] + CENTRES[: int(label) % 7]
    centres = dict(zip(GREAT_POWERS, counts, strict=True))
    out = {p: 1905 for p, n in centres.items() if n == 0}
    enter_result(user, t, number, label, BoardResult(centres, out, final_year=1907))


def _fill_board(page: Any) -> None:
    """The board form's centres (34 in all) and the eliminated power's year."""
    for initial, n in zip("AEFGIRT", CENTRES, strict=True):
        page.fill(f"#id_centres_{initial}", str(n))
    page.fill("#id_eliminated_T", "1905")


def _accept_and_call(page: Any, base: str, t: Tournament, number: int) -> None:
    """At round ``number``'s desk: accept the engine's proposal if it makes one, make the
    call; each confirmed."""
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/{number}/")
    if page.locator("#accept-proposal").count():
        assert _go(page, lambda: page.click("#accept-proposal")) == 200
        assert f"Roll call of round {number} saved" in _messages(page)
    assert _go(page, lambda: page.click("#make-call button[type=submit]")) == 200
    assert f"Board call of round {number} made" in _messages(page)


def _publish(page: Any, number: int) -> None:
    assert _go(page, lambda: page.click("#publish button[value='0']")) == 200
    assert f"Board call of round {number} published" in _messages(page)
    assert "Published" in page.inner_text("#call-state")


def test_the_eight_findings_of_issue_32_through_the_pages(
    live_server: Any,
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    connection.close()  # test_browser's fixture may have ended the connection we had
    shots = Path(os.environ.get("PALMARES_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    td = tournament_director("anna", "anna-password-2026")
    t = open_tournament(td, "Findings Cup 2026", PLAYERS, top_board=True, team_size=3)
    registration.register_players(
        td, t, [registration.PlayerIn(p, "", "Les Lyonnais") for p in TEAM]
    )
    never = open_tournament(td, "Empty Open 2026", PLAYERS[:7])
    page = browser_page
    page.set_viewport_size({"width": 1280, "height": 900})
    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/diplomacy/{t.pk}/desk")
    page.fill("#id_username", "anna")
    page.fill("#id_password", "anna-password-2026")
    _go(page, lambda: page.click("main button[type=submit]"))

    # 8: a team refusal on the desk, without its row prefix, beside its field, the form filled.
    page.fill("#register input[name=name]", "Femke Fox")
    page.fill("#register input[name=team]", "Les Lyonnais")
    entries = AuditEntry.objects.count()
    assert _go(page, lambda: page.click("#register button[type=submit]")) == 400
    told = _messages(page)
    assert told.startswith("Refused, nothing changed: team Les Lyonnais would have 4 players")
    assert "0.team" not in page.inner_text("main")
    assert "Les Lyonnais" in page.inner_text("#refused-team")
    assert page.input_value("#register input[name=name]") == "Femke Fox"
    assert AuditEntry.objects.count() == entries
    shown = page.locator("#players tbody tr td:first-child").all_inner_texts()
    assert shown == sorted(PLAYERS, key=reading_key)  # 5: Å with A, É with E on the desk

    # Round 1: 23 present, the proposal (two sit out) accepted; 8: a pasted list of unknown
    # names refused with every name, the list kept in its box.
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/1/")
    names = page.locator("#roll-call tbody tr td:first-child").all_inner_texts()
    assert [n.split(" checked in")[0] for n in names] == sorted(PLAYERS, key=reading_key)
    page.fill("#roll-call textarea[name=pasted]", "Nobody One\nNobody Two")
    assert _go(page, lambda: page.click("#roll-call button[type=submit]")) == 400
    assert "'Nobody One'" in _messages(page) and "'Nobody Two'" in _messages(page)
    assert "Nobody Two" in page.input_value("#roll-call textarea[name=pasted]")
    assert page.locator("#refused-present").count() == 1
    assert _go(page, lambda: page.click("#accept-proposal")) == 200
    assert "Roll call of round 1 saved" in _messages(page)
    _shoot(page, shots, "confirmation")
    assert _go(page, lambda: page.click("#make-call button[type=submit]")) == 200
    _publish(page, 1)
    call = get_call(t, 1)
    assert call is not None and len(call.sitters) == 2
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/1/call")  # 5: who sits out is listed
    assert page.locator("#call-sitters li").all_inner_texts() == list(call.sitters)

    # 1: one player for two powers of board 2 on its form: refused, nothing stored; board 3's
    # England named for board 2's England: a swap in the call itself, he plays one game.
    mine, other = call.boards["2"]["England"], call.boards["3"]["England"]
    page.goto(f"{base}/diplomacy/{t.pk}/boards/new?round=1&board=2")
    page.fill("#id_player_F", mine)
    _fill_board(page)
    _go(page, lambda: page.click("#board-form button[type=submit]"))  # the form's own status
    assert "/boards/new" in page.url and page.locator("#board-form").count() == 1
    assert page.locator(".errorlist").count() >= 1
    assert not Board.objects.filter(round__tournament=t).exists()
    page.goto(f"{base}/diplomacy/{t.pk}/boards/new?round=1&board=2")
    page.fill("#id_player_E", other)
    _fill_board(page)
    assert _go(page, lambda: page.click("#board-form button[type=submit]")) == 200
    assert "Board 2 of round 1 saved." in _messages(page)
    swapped = get_call(t, 1)
    assert swapped is not None and swapped.published
    assert swapped.boards["2"]["England"] == other and swapped.boards["3"]["England"] == mine
    call = swapped
    for label in [label for label in call.boards if label != "2"]:
        _enter(td, t, 1, label)

    # A withdrawal after round 1 at the desk, confirmed.
    page.goto(f"{base}/diplomacy/{t.pk}/desk")
    page.fill("#attendance input[name=player]", GONE)
    page.fill("#attendance input[name=withdrawn_after]", "1")
    assert _go(page, lambda: page.click("#attendance button[type=submit]")) == 200
    assert f"{GONE} withdraws after round 1." in _messages(page)

    # 2: round 2's draft call takes no result; a new call over a result is refused on the
    # round's page (409), the call as it was.
    _accept_and_call(page, base, t, 2)
    page.goto(f"{base}/diplomacy/{t.pk}/boards/new?round=2&board=1")
    _fill_board(page)
    _go(page, lambda: page.click("#board-form button[type=submit]"))
    assert "/boards/new" in page.url and "draft" in page.inner_text("main")
    assert not Board.objects.filter(round__tournament=t, round__number=2).exists()
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/2/")
    _publish(page, 2)
    _enter(td, t, 2, "1")
    before = get_call(t, 2)
    assert before is not None
    assert _go(page, lambda: page.click("#make-call button[type=submit]")) == 409
    assert _messages(page).startswith("Refused, nothing changed: round 2 has results")
    assert page.locator("h1", has_text="Round 2").count() == 1  # still the round's page
    assert "remove them before a new call" in page.inner_text("#refused-make-call")
    assert get_call(t, 2) == before
    _shoot(page, shots, "refusal")

    # 3: a swap on the published call is confirmed and it stays published; a swap touching
    # the board with a result is refused on the round's page.
    a, b = next(
        (before.boards["2"][p], before.boards["3"][p])
        for p in GREAT_POWERS
        if before.boards["2"][p] not in TEAM and before.boards["3"][p] not in TEAM
    )
    page.fill("#swap-players input[name=player_a]", a)
    page.fill("#swap-players input[name=player_b]", b)
    assert _go(page, lambda: page.click("#swap-players button[type=submit]")) == 200
    assert f"{a} and {b} swapped in round 2." in _messages(page)
    assert "Published" in page.inner_text("#call-state")
    page.fill("#swap-players input[name=player_a]", before.boards["1"]["France"])
    page.fill("#swap-players input[name=player_b]", before.boards["2"]["France"])
    assert _go(page, lambda: page.click("#swap-players button[type=submit]")) == 409
    assert _messages(page).startswith("Refused, nothing changed:")
    assert "board 1 of round 2" in _messages(page)
    assert page.locator("#swap-players").count() == 1
    phone = page.context.browser.new_page(viewport={"width": 390, "height": 844})
    assert phone.goto(f"{base}/diplomacy/{t.pk}/rounds/2/call").status == 200
    assert phone.locator("#call-by-player .changed").count() == 2
    players_call = phone.locator("#call-by-player tbody tr td:first-child").all_inner_texts()
    assert players_call == sorted(players_call, key=reading_key) and GONE not in players_call
    for label in ("2", "3"):
        _enter(td, t, 2, label)

    # 7: undo says what it undid, on the standings, where no second undo is offered.
    page.goto(f"{base}/diplomacy/{t.pk}/edit/undo")
    assert _go(page, lambda: page.click("#undo-form button[type=submit]")) == 200
    assert page.url.endswith(f"/diplomacy/{t.pk}/?round=2")
    assert "The result of board 3 of round 2 removed: it had none before." in _messages(page)
    assert page.locator("#undo-form").count() == 0
    _enter(td, t, 2, "3")

    # 4: the top-board round: no invitee proposed to sit out; the call seats them on board 1.
    top = invitations(t)
    assert top is not None and len(top.players) == 7
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/3/")
    offer = page.locator("#proposal").inner_text() if page.locator("#proposal").count() else ""
    sitting = next((line for line in offer.splitlines() if line.startswith("Sitting out")), "")
    assert not [p for p in top.players if p in sitting]
    _accept_and_call(page, base, t, 3)
    final = get_call(t, 3)
    assert final is not None and final.top_board is not None
    assert set(final.boards[final.top_board].values()) == set(top.players)
    assert not set(final.sitters) & set(top.players)
    _publish(page, 3)
    for label in final.boards:
        _enter(td, t, 3, label)

    # 5: the standings: every registered player, the sit-outs and the withdrawal marked.
    page.goto(f"{base}/diplomacy/{t.pk}/")
    assert page.locator("#standings tbody tr").count() == len(PLAYERS)
    assert page.locator("#standings .sat-out").count() >= 2
    gone = page.locator("#standings tbody tr", has_text=GONE)
    assert "withdrawn after round 1" in gone.inner_text()
    _shoot(page, shots, "standings")

    # Close, confirmed on the event's page.
    page.goto(f"{base}/diplomacy/{t.pk}/edit/close")
    assert _go(page, lambda: page.click("#close-form button[type=submit]")) == 200
    assert "The tournament is closed." in _messages(page)
    assert Result.objects.filter(event_id=t.event_id).exists()

    # 7: after close: no Undo, no write form, the clock names round 3 and is stopped.
    page.goto(f"{base}/diplomacy/{t.pk}/")
    assert page.locator("#undo-link").count() == 0
    page.goto(f"{base}/diplomacy/{t.pk}/edit/undo")
    assert page.locator("#undo-form").count() == 0 and page.locator("#closed-note").count() == 1
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/3/")
    assert page.locator("main form").count() == 0
    page.goto(f"{base}/diplomacy/{t.pk}/desk")
    assert page.locator("main form").count() == 0
    page.goto(f"{base}/diplomacy/{t.pk}/clock/")
    assert page.inner_text("#round") == "Round 3"
    page.wait_for_timeout(300)  # the screen has read the clock's state
    assert "closed" in page.inner_text("#turn") and page.locator("#td").count() == 0

    # 6: the public board call: the real rounds only, never the withdrawn player; a
    # tournament never played is no Dip Pouch event.
    for url in ("", "?round=4"):
        assert phone.goto(f"{base}/diplomacy/{t.pk}/board-call/{url}").status == 200
        text = phone.inner_text("main")
        assert "round 4" not in text and "Board call, round 3" in text and GONE not in text
    phone.goto(f"{base}/dip-pouch/events/")
    listed = phone.inner_text("main")
    assert "Findings Cup 2026" in listed and "Empty Open 2026" not in listed
    assert phone.goto(f"{base}/events/{never.event_id}/").status == 404

    # 8: the audit page in words, paged, no raw snapshot; in French too.
    page.goto(f"{base}/diplomacy/{t.pk}/audit")
    audit = page.inner_text("main")
    total = AuditEntry.objects.filter(tournament=t).count()
    assert "{'" not in audit and ("Tournament created" in audit or total > 50)
    assert "Board call of round 2 made" in audit and "Undo of board 3, round 2" in audit
    assert page.locator("#audit tbody tr").count() == min(total, 50)
    _shoot(page, shots, "audit")
    french = Client()
    french.force_login(td)
    text = french.get(f"/diplomacy/{t.pk}/audit", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Tournoi clos : classement enregistré" in text
    assert "Appel aux tables de la ronde 2 fait" in text
    assert "Tournament closed" not in text and "Board call of round" not in text
    phone.close()
