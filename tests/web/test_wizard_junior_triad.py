"""Wizard Junior sessions and TRIAD games on the site: imported with ``palmares import games
--junior`` and ``palmares import triads``, tables from the engine (``wizard.junior``,
``wizard.triad``). Figures as tests/cli/test_wizard.py pins them for the same files."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.test import Client

from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.wizarddb.models import Game, Month, TriadFinish


def _junior_games(write: Callable[..., Path]) -> Path:
    lines = ["date,game,player,place"]
    for i in range(20):
        third = "cy" if i < 19 else "dan"
        day = f"2016-{1 + i // 10:02d}-{1 + i % 10:02d}"
        lines += [f"{day},g{i},ann,1", f"{day},g{i},bob,2", f"{day},g{i},{third},3"]
    return write("junior.csv", "\n".join(lines) + "\n")


def _cells(table: str, name: str) -> list[str]:
    row = table.split(f">{name}<")[1].split("</tr>")[0]
    return [c.split("</td>")[0] for c in row.split('<td class="num">')[1:]]


def test_junior_session_page(
    client: Client, cli: Any, write: Callable[..., Path], db: None
) -> None:
    done = cli("import", "games", str(_junior_games(write)), "--junior")
    assert done.code == 0, done.err
    assert Game.objects.filter(division="junior", date__year=2016).count() == 20
    assert not Month.objects.filter(month="2016-01-01").exists()  # not a Regular month
    index = client.get("/wizard/").content.decode()
    assert 'href="/wizard/junior/2016-1/"' in index and ">2016-01/02<" in index
    answer = client.get("/wizard/junior/2016-1/")
    assert answer.status_code == 200
    page = answer.content.decode()
    ranking = page.split('id="wizard-ranking"')[1].split("</table>")[0]
    # games, points, wins, skill ratio, master points: 20 games is the Junior minimum.
    ann, bob = _cells(ranking, "ann"), _cells(ranking, "bob")
    assert ann[0] == "20" and ann[-1] == "35" and bob[0] == "20" and bob[-1] == "27"
    assert '<td class="num">1</td><td><a href="/wizard/players/' in ranking.split(">ann<")[0]
    assert ranking.index(">ann<") < ranking.index(">bob<")
    assert ">cy<" not in ranking and ">dan<" not in ranking  # 19 and 1 games: unranked
    scores = page.split('id="scores"')[1]
    assert ">cy<" in scores and ">dan<" in scores
    assert client.get("/wizard/junior/2016-3/").status_code == 404  # no game in that session
    assert client.get("/wizard/junior/2016-2/").status_code == 404  # sessions start odd months
    assert client.get("/wizard/2016-1/").status_code == 404


def _open(write: Callable[..., Path]) -> Path:
    players = "".join(f"Open,2015-06-01,p{i},{i},,no\n" for i in range(4, 46))
    return write(
        "t.csv",
        "tournament,date,player,place,games_finished,invitational\n"
        "Open,2015-06-01,ann,1,,no\nOpen,2015-06-01,bob,2,,no\n"
        "Open,2015-06-01,cy,3,,no\n" + players,
    )


def test_triad_on_the_tournament_page_and_ledger(
    client: Client, cli: Any, write: Callable[..., Path], db: None
) -> None:
    assert cli("import", "tournaments", str(_open(write))).code == 0
    triad = write("triad.csv", "tournament,player,place\nOpen,ann,2\nOpen,p4,1\nOpen,bob,2\n")
    done = cli("import", "triads", str(triad))
    assert done.code == 0, done.err
    event = Event.objects.get(name="Open", kind="wizard")
    assert TriadFinish.objects.filter(event=event).count() == 3
    page = html.unescape(client.get(f"/wizard/tournaments/{event.pk}/").content.decode())
    table = page.split('id="wizard-tournament"')[1].split("</table>")[0]
    # master points, TRIAD, total: ann and bob tie 2nd of the TRIAD and share 2 + 1.
    assert _cells(table, "ann") == ["45.0", "1.5", "46.5"]
    assert _cells(table, "bob") == ["23.0", "1.5", "24.5"]
    assert _cells(table, "cy") == ["12.0", "", "12.0"]
    assert _cells(table, "p4") == ["6.0", "3.0", "9.0"]
    assert "4th place, substitute" in page.split('id="triad"')[1]
    p4 = Player.objects.get(name="p4")
    ledger = html.unescape(client.get(f"/wizard/players/{p4.pk}/").content.decode())
    assert 'id="ledger-total">9<' in ledger and "TRIAD" in ledger


def test_a_bad_triad_is_refused_whole(cli: Any, write: Callable[..., Path], db: None) -> None:
    assert cli("import", "tournaments", str(_open(write))).code == 0
    outsider = write("triad.csv", "tournament,player,place\nOpen,ann,1\nOpen,p9,2\nOpen,bob,3\n")
    refused = cli("import", "triads", str(outsider))
    assert refused.code == 2
    assert f"{outsider}: tournament: TRIAD of Open: p9 placed 9" in refused.err
    unknown = write("u.csv", "tournament,player,place\nNowhere,a,1\nNowhere,b,2\nNowhere,c,3\n")
    missing = cli("import", "triads", str(unknown))
    assert missing.code == 2 and "no tournament 'Nowhere'" in missing.err
    two = write("two.csv", "tournament,player,place\nOpen,ann,1\nOpen,bob,2\n")
    short = cli("import", "triads", str(two))
    assert short.code == 2 and f"{two}:2:" in short.err
    assert not TriadFinish.objects.filter(event__name="Open").exists()


def test_the_demo_shows_a_junior_session_and_a_triad(client: Client, db: None) -> None:
    index = client.get("/wizard/").content.decode()
    assert 'href="/wizard/junior/2010-3/"' in index
    session = client.get("/wizard/junior/2010-3/").content.decode()
    ranking = session.split('id="wizard-ranking"')[1].split("</table>")[0]
    assert ranking.count("<tr>") >= 2 and "No player qualified" not in ranking
    cup = Event.objects.get(name="Spring Cup 2010")
    page = html.unescape(client.get(f"/wizard/tournaments/{cup.pk}/").content.decode())
    table = page.split('id="wizard-tournament"')[1].split("</table>")[0]
    from palmares.web.wizarddb.models import TournamentPlace

    top = TournamentPlace.objects.filter(event=cup, place__lte=3).order_by("place")
    # The demo's TRIAD scores 140, 230, 90 for places 1, 2, 3: TRIAD points 2, 3, 1.
    for seat, points in zip(top, ["2.0", "3.0", "1.0"], strict=True):
        assert _cells(table, seat.player.name)[1] == points
