"""The Wizard player page shows the lifetime level and the award that reached it (issue 16;
``wizard.ledger``: Earth 500, Water 1000, ... from the Master Point Plan of 2020)."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.test import Client
from django.utils import translation

from palmares.web.players.models import Player


def _big(write: Callable[..., Path]) -> Path:
    rows = "".join(f"Big,2019-06-01,p{i},{i},,no\n" for i in range(1, 521))
    return write("t.csv", "tournament,date,player,place,games_finished,invitational\n" + rows)


def test_the_ledger_page_shows_the_level_reached(
    client: Client, cli: Any, write: Callable[..., Path], db: None
) -> None:
    done = cli("import", "tournaments", str(_big(write)))
    assert done.code == 0, done.err
    p1, p2 = Player.objects.get(name="p1"), Player.objects.get(name="p2")
    page = html.unescape(client.get(f"/wizard/players/{p1.pk}/").content.decode())
    assert 'id="ledger-total">520<' in page
    level = page.split('id="ledger-level"')[1].split("</p>")[0]
    assert "<strong>Earth</strong>" in level and "next: Water at 1000" in level
    assert "Earth (500) reached in Big (2019-06-01)" in page.split('id="ledger-levels"')[1]
    row = page.split('id="ledger"')[1].split("</tr>")[1]
    assert row.endswith("<td>Earth</td>"), row
    second = html.unescape(client.get(f"/wizard/players/{p2.pk}/").content.decode())
    assert "<strong>none yet</strong>" in second and 'id="ledger-levels"' not in second
    api = client.get(f"/api/wizard/players/{p1.pk}/ledger").json()
    assert [(e["balance"], e["levels"]) for e in api] == [("520", ["Earth"])]
    with translation.override("fr"):
        french = html.unescape(
            client.get(f"/wizard/players/{p1.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        )
    assert "Niveau à vie" in french and "Earth (500) atteint en Big" in french
