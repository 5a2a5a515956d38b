"""A TRIAD belongs to its tournament's event, not to its name: two Wizard tournaments of one
name (a yearly "Open") each have their own TRIAD, or none, on their pages and in the ledger."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.test import Client

from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.wizarddb import adapters, ledgers
from palmares.web.wizarddb.models import TriadFinish


def _open(write: Callable[..., Path], day: str) -> Path:
    rows = "".join(f"Open,{day},p{i},{i},,no\n" for i in range(1, 46))
    return write(
        f"open-{day}.csv", "tournament,date,player,place,games_finished,invitational\n" + rows
    )


def test_two_tournaments_of_one_name_do_not_share_a_triad(
    client: Client, cli: Any, write: Callable[..., Path], db: None
) -> None:
    assert cli("import", "tournaments", str(_open(write, "2015-06-01"))).code == 0
    assert cli("import", "tournaments", str(_open(write, "2016-06-01"))).code == 0
    triad = write("triad.csv", "tournament,player,place\nOpen,p1,3\nOpen,p2,2\nOpen,p4,1\n")
    done = cli("import", "triads", str(triad))
    assert done.code == 0, done.err
    old, new = Event.objects.filter(name="Open", kind="wizard").order_by("date")
    # the file names the tournament; the latest of that name is the one it is stored for
    assert not TriadFinish.objects.filter(event=old).exists()
    assert TriadFinish.objects.filter(event=new).count() == 3
    assert set(adapters.triads()) >= {new.pk} and old.pk not in adapters.triads()
    assert "TRIAD" not in [a.kind for a in adapters.tournament(old).awards]
    page = html.unescape(client.get(f"/wizard/tournaments/{old.pk}/").content.decode())
    assert 'id="triad"' not in page
    # p4 placed 4th twice (6 master points each, as in test_wizard_junior_triad) and won the
    # 2016 TRIAD as a substitute (3): 15, not the 18 of a TRIAD counted for both Opens.
    p4 = Player.objects.get(name="p4")
    book = ledgers.player_ledger("p4")
    assert [e.award.kind for e in book.entries].count("triad") == 1
    assert book.entries[-1].balance == 15
    ledger = html.unescape(client.get(f"/wizard/players/{p4.pk}/").content.decode())
    assert 'id="ledger-total">15<' in ledger
