"""A page missing the cache built the lean way (issue 21) is the page the ordinary way builds,
byte for byte and header for header: the anonymous frame rendered once per template and
language (``pagecache.framed``) and the long tables' figures written without the general
number path (``lib.numbers.page_fixed``), for a player page, an event report, a ranking page
and a search, anonymous and signed in, in English and French."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.shortcuts import render
from django.template import engines
from django.test import Client
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from palmares.explain import explain
from palmares.explain.language import Language
from palmares.explain.numbers import figure
from palmares.ratings.dip_pouch import RULE
from palmares.web.events.models import Event
from palmares.web.lib import numbers
from palmares.web.lib.words import site_language
from palmares.web.players.models import Player
from palmares.web.ui import bodies, rows
from palmares.web.ui.templatetags import palmares as palmares_tags
from palmares.web.ui.views import dip_pouch, site


def _ordinary_fixed(value: Any, places: int = 2, language: Language | None = None) -> str:
    """``page_fixed`` as it was: every figure through ``figure``, the language read each time."""
    if value is None or value == "":
        return ""
    return figure(numbers._number(value), places, fixed=True, language=site_language())


def _ordinary_framed(
    request: Any, template: str, context: dict[str, Any], signed_in: bool, *args: Any, **kw: Any
) -> Any:
    return render(request, template, context)


#: The templates the player page's and the event report's bodies were (``ui.bodies`` writes
#: them in Python): the reference each lean body is compared with.
REFERENCE = Path(__file__).parent / "reference"


def _reference(name: str, context: dict[str, Any]) -> SafeString:
    template = engines["django"].from_string((REFERENCE / name).read_text(encoding="utf-8"))
    return mark_safe(template.render(context))


def _ordinary_player_body(heading: Any, player_id: int, chart: str, rows: str, *_: Any) -> str:
    context = {
        "player": heading,
        "player_id": player_id,
        "current": heading if heading.rating is not None else None,
        "skill": heading.skill,
        "rows": rows,
        "history_head": _reference("history_head.html", {}),
        "chart": chart,
    }
    return _reference("player_body.html", context)


def _ordinary_event_body(heading: Any, value: Any, rows: str, *_: Any) -> str:
    formula = explain(RULE.percentile, get_language())
    context = {"event": heading, "value": value, "rows": rows, "formula": formula}
    return _reference("event_body.html", context)


def _pages(
    client: Client, addresses: list[str], language: str
) -> list[tuple[bytes, list[tuple[str, str]]]]:
    cache.clear()
    out = []
    for address in addresses:
        response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, address
        headers = sorted((k, v) for k, v in response.items() if k not in ("ETag",))
        # a signed-in page's CSRF token is masked afresh on every answer (Django's BREACH
        # mitigation): the same token, other bytes
        content = re.sub(rb'csrfmiddlewaretoken" value="[^"]+"', b"TOKEN", response.content)
        out.append((content, headers))
    return out


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_lean_miss_is_the_ordinary_page(
    client: Client, officer: Client, ocean: Event, language: str, monkeypatch: Any
) -> None:
    birsan = Player.objects.get(name="Edi Birsan")
    # not rated, no nationality, a name to escape; an event with no results, a place and a
    # country to escape, no players or rounds given
    newcomer = Player.objects.create(name='<b>Zoé</b> & "O\'Neil"')
    fresh = Event.objects.create(
        name="Open <i>&</i>", date=date(2024, 2, 29), place="L'Haÿ", country="<C&D>"
    )
    world = Event.objects.get(name="World Diplomacy Championship 2007")
    addresses = [
        f"/players/{birsan.pk}/",
        f"/events/{ocean.pk}/",
        f"/players/{newcomer.pk}/",
        f"/events/{fresh.pk}/",
        f"/events/{world.pk}/",
        "/dip-pouch/?page=2",
        "/dip-pouch/?nation=France",
        "/search?q=bir",
        "/search?q=%3Cb%3E%20%26%22x",  # escaped the same in the header and the heading
        "/search?q=",
        "/search",
    ]
    lean = [_pages(c, addresses, language) for c in (client, officer)]
    for module in (rows, dip_pouch, bodies, palmares_tags):
        monkeypatch.setattr(module, "page_fixed", _ordinary_fixed)
    monkeypatch.setattr(dip_pouch, "framed", _ordinary_framed)
    monkeypatch.setattr(dip_pouch, "player_body", _ordinary_player_body)
    monkeypatch.setattr(dip_pouch, "event_body", _ordinary_event_body)
    monkeypatch.setattr(site, "framed", _ordinary_framed)
    ordinary = [_pages(c, addresses, language) for c in (client, officer)]
    for mine, theirs in zip(lean, ordinary, strict=True):
        for address, (page, reference) in zip(
            addresses, zip(mine, theirs, strict=True), strict=True
        ):
            assert page == reference, address
    assert b"/accounts/logout/" in lean[1][0][0] and b"/accounts/logout/" not in lean[0][0][0]
    assert b">97.92<" in lean[0][0][0] or b">97,92<" in lean[0][0][0]
    assert b'id="skill"' in lean[0][0][0] and b'id="chart"' in lean[0][0][0]
    assert b'id="rating"' in lean[0][0][0] and b'id="rating"' not in lean[0][2][0]
    assert b"&lt;b&gt;Zo\xc3\xa9&lt;/b&gt; &amp; &quot;O&#x27;Neil&quot;" in lean[0][2][0]
    assert b"L&#x27;Ha\xc3\xbf" in lean[0][3][0] and b"(&lt;C&amp;D&gt;)" in lean[0][3][0]
    assert b'id="value"' in lean[0][1][0] and b'id="value"' not in lean[0][3][0]
    world_page = lean[0][4][0].decode()
    championship = {"en": "World Championship", "fr": "Championnat du monde"}[language]
    assert '<p><a href="/diplomacy/' in world_page and f" · {championship}</p>" in world_page


def test_the_short_path_writes_each_figure_as_figure_does() -> None:
    values = [Decimal(v) for v in ("0", "-0.005", "2.675", "-2.675", "18.855", "1234567.125")]
    values += [Decimal("97.916666666666667"), Decimal("1E+3"), Decimal("0.0049999")]
    values += [Decimal(v) for v in ("-0.001", "9999", "-9999", "9999.9951", "-9999.995")]
    values += [Decimal(v) for v in ("10000.004", "12345.678", "-123456.5", "0.5", "-0.5")]
    for value in values:
        for places in (0, 2, 3):
            for language in Language:
                expected = figure(value, places, fixed=True, language=language)
                assert numbers.page_fixed(value, places, language) == expected
    assert numbers.page_fixed(None, 2, Language.EN) == ""
    assert numbers.page_fixed(2.675, 2, Language.EN) == "2.68"
