"""The API's Tantrix rating list and Wizard tournament, Junior and ledger reads: the same
engine figures as the pages (tests/web/test_tantrix_list.py, test_wizard_junior_triad.py)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from django.test import Client

from palmares.core.rounding import half_up
from palmares.web.events.models import Event
from palmares.web.players.models import Player
from tests.web.test_wizard_junior_triad import _junior_games, _open


def test_tantrix_rating_list(client: Client, db: None) -> None:
    rows = {r["player"]: r for r in client.get("/api/tantrix/ratings").json()}
    # The list after the NZ 2000 tournament, as `palmares tantrix update` prints it.
    pekko = rows["Pekko"]
    assert half_up(Decimal(pekko["rating"]), 2) == Decimal("2001.53")
    assert half_up(Decimal(pekko["change"]), 2) == Decimal("-21.47") and pekko["games"] == 52
    assert half_up(Decimal(rows["MattK"]["rating"]), 2) == Decimal("1934.01")
    assert rows["MattK"]["before"] is None and rows["MattK"]["change"] is None


def test_wizard_tournament_with_a_triad(
    client: Client, cli: Any, write: Callable[..., Path], db: None
) -> None:
    assert cli("import", "tournaments", str(_open(write))).code == 0
    triad = write("triad.csv", "tournament,player,place\nOpen,ann,2\nOpen,p4,1\nOpen,bob,2\n")
    assert cli("import", "triads", str(triad)).code == 0
    event = Event.objects.get(name="Open", kind="wizard")
    awards = client.get(f"/api/wizard/tournaments/{event.pk}").json()
    points: dict[tuple[str, str], Fraction] = {}
    for a in awards:
        key = (a["player"], a["kind"])
        points[key] = points.get(key, Fraction(0)) + Fraction(a["points"])
    # 45 players: 45, 23, 12, 6; the TRIAD 3 / 2 / 1 with ann and bob tied 2nd (1.5 each).
    assert {k: v for k, v in points.items() if k[1] == "triad"} == {
        ("p4", "triad"): Fraction(3),
        ("ann", "triad"): Fraction(3, 2),
        ("bob", "triad"): Fraction(3, 2),
    }
    assert points[("ann", "tournament")] == 45 and points[("p4", "tournament")] == 6
    p4 = Player.objects.get(name="p4")
    ledger = client.get(f"/api/wizard/players/{p4.pk}/ledger").json()
    assert [Fraction(e["points"]) for e in ledger] == [6, 3] and ledger[-1]["balance"] == "9"
    assert client.get("/api/wizard/tournaments/999999").status_code == 404


def test_wizard_junior_session(
    client: Client, cli: Any, write: Callable[..., Path], db: None
) -> None:
    assert cli("import", "games", str(_junior_games(write)), "--junior").code == 0
    lines = {x["player"]: x for x in client.get("/api/wizard/junior/2016-01").json()}
    assert lines["ann"]["rank"] == 1 and lines["ann"]["master_points"] == "35"
    assert lines["bob"]["master_points"] == "27" and lines["cy"]["rank"] is None
    bad = client.get("/api/wizard/junior/2016-02")
    assert bad.status_code == 422 and bad.json()["field"] == "session"
