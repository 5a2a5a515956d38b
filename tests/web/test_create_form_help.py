"""The create form (issue 32): every system's parameters with their defaults and meanings from
the registries, told in English and French; the fewer-games adjustment said not to apply where
it cannot, and stored as off with a message instead of a box ticked for nothing."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from palmares.diplomacy.aggregation.base import AggregationInfo
from palmares.diplomacy.aggregation.registry import all_aggregations
from palmares.diplomacy.scoring.base import SystemInfo
from palmares.diplomacy.scoring.registry import all_systems
from palmares.explain.language import Language
from palmares.explain.messages_setup import parameter_meaning
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.setup import fewer_games_bar
from tests.web.tday_helpers import create, director, send

pytestmark = pytest.mark.django_db


def _page(client: Client, language: str = "en", **data: object) -> str:
    if data:
        answer = client.post("/diplomacy/new", data, HTTP_ACCEPT_LANGUAGE=language)
    else:
        answer = client.get("/diplomacy/new", HTTP_ACCEPT_LANGUAGE=language)
    return html.unescape(answer.content.decode())


def _block(page: str, slug: str) -> str:
    found = re.search(
        rf'<div class="system"[^>]*data-system="{re.escape(slug)}"[^>]*>.*?</div>', page, re.S
    )
    assert found, slug
    return found.group(0)


def test_every_system_lists_its_parameters_with_default_and_meaning() -> None:
    _user, client = director()
    page = _page(client)
    infos: list[SystemInfo | AggregationInfo] = [*all_systems(), *all_aggregations()]
    for info in infos:
        block = _block(page, info.slug)
        for name in info.parameters:
            assert f"<code>{name}=" in block, (info.slug, name)
        assert block.count("<dd>") == len(info.parameters)
    ante = _block(page, "ante")
    assert "<code>stake=1/10</code></dt><dd>the part of their score a player stakes" in ante
    assert "<code>adjust_after=5</code>" in ante and "<code>min_rounds=3</code>" in ante
    assert "After round 5, a player who played fewer than 3 of its rounds is adjusted" in ante
    assert "<code>rounded=yes</code>" in _block(page, "divide-and-conquer")
    assert "<code>bonus=</code> (average)" in _block(page, "sit-out")
    assert "No parameters." in _block(page, "bangkok")
    # Only the chosen systems are shown (the script shows another as it is chosen).
    assert 'data-system="ante" data-adjust-after="5"' in page
    assert not re.search(r'data-system="ante"[^>]*hidden', page)
    assert re.search(r'data-system="sum"[^>]*hidden', page)
    assert not re.search(r'data-system="divide-and-conquer"[^>]*hidden', page)


def test_every_parameter_of_the_registries_has_its_meaning_in_both_languages() -> None:
    infos: list[SystemInfo | AggregationInfo] = [*all_systems(), *all_aggregations()]
    for info in infos:
        for name in info.parameters:
            english = parameter_meaning(info.slug, name, Language.EN)
            assert english and parameter_meaning(info.slug, name, Language.FR) != english


def test_the_parameters_are_told_in_french() -> None:
    _user, client = director()
    page = _page(client, "fr")
    ante = _block(page, "ante")
    assert "la part de son score qu’un joueur mise avant chaque partie" in ante
    assert "Après la ronde 5, un joueur" in ante
    assert "Aucun paramètre." in _block(page, "bangkok")
    assert "the part of their score" not in page


def test_the_fewer_games_adjustment_is_refused_where_it_cannot_apply() -> None:
    assert fewer_games_bar("ante", 5) is None and fewer_games_bar("ante", 7) is None
    three = fewer_games_bar("ante", 3)
    assert three is not None and three.key == "fewer_games.too_few_rounds"
    assert fewer_games_bar("ante:adjust_after=2", 3) is None
    off = fewer_games_bar("ante:adjust_after=0", 7)
    assert off is not None and off.key == "fewer_games.off"
    other = fewer_games_bar("sum", 7)
    assert other is not None and other.key == "fewer_games.no_system"
    one = fewer_games_bar("ante:min_rounds=1", 7)
    assert one is not None and one.key == "fewer_games.min_rounds"


def _create(client: Client, language: str = "en", **extra: object) -> Any:
    data = {
        "name": "Three Rounds Cup",
        "date": "2026-05-01",
        "rounds": 3,
        "scoring": "divide-and-conquer",
        "aggregation": "ante",
        "fewer_games": "on",
        **extra,
    }
    answer = client.post("/diplomacy/new", data, HTTP_ACCEPT_LANGUAGE=language, follow=True)
    assert answer.status_code == 200
    return answer


def test_a_three_round_event_stores_the_adjustment_off_and_says_so() -> None:
    _user, client = director()
    answer = _create(client)
    t = Tournament.objects.get(event__name="Three Rounds Cup")
    assert not t.fewer_games
    page = html.unescape(answer.content.decode())
    assert (
        "The fewer-games adjustment cannot apply, so it was stored as off: The fewer-games "
        "adjustment is made after round 5: a tournament of 3 rounds never reaches it." in page
    )
    entry = AuditEntry.objects.get(tournament=t, action="create tournament")
    assert entry.after is not None and entry.after["fewer_games"] is False and entry.said


def test_a_seven_round_event_keeps_it_without_a_word() -> None:
    _user, client = director()
    answer = _create(client, name="Seven Rounds Cup", rounds=7)
    assert Tournament.objects.get(event__name="Seven Rounds Cup").fewer_games
    assert "fewer-games" not in html.unescape(answer.content.decode()).split("<main>")[1].lower()


def test_the_french_site_says_it_in_french() -> None:
    _user, client = director()
    page = html.unescape(_create(client, "fr").content.decode())
    assert "L’ajustement pour parties manquées ne peut pas s’appliquer" in page
    assert "stored as off" not in page


def test_the_form_says_so_before_it_is_sent() -> None:
    """A refused form (here a bad parameter) comes back with the note for what was sent."""
    _user, client = director()
    page = _page(
        client,
        name="Three Rounds Cup",
        date="2026-05-01",
        rounds=3,
        scoring="divide-and-conquer",
        aggregation="ante",
        aggregation_parameters="stake=lots",
        fewer_games="on",
    )
    note = re.search(r'<p class="fewer-games-note[^>]*>(.*?)</p>', page, re.S)
    assert note and "a tournament of 3 rounds never reaches it" in note.group(1)
    assert 'id="fewer-games-note" role="status" hidden' not in page


def test_the_api_stores_it_off_too() -> None:
    """The one service: the JSON API's three-round ante event (fewer_games left on) is stored
    with it off, and the audit entry says why."""
    _user, client = director()
    tid = create(client)  # tday_helpers: three rounds of the ante
    assert not Tournament.objects.get(pk=tid).fewer_games
    body = {"name": "Other Cup", "date": "2026-05-02", "rounds": 4, "scoring": "sum-of-squares"}
    answer = send(client, "POST", "/api/tournaments", {**body, "aggregation": "ante"})
    assert answer.json()["said"] == [
        "The fewer-games adjustment cannot apply, so it was stored as off: The fewer-games "
        "adjustment is made after round 5: a tournament of 4 rounds never reaches it."
    ]
    entry = AuditEntry.objects.get(tournament_id=tid, action="create tournament")
    assert entry.said[0]["key"] == "fewer_games.stored_off"
