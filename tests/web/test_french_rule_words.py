"""No Dip Pouch, Tantrix or Wizard page carries an English sentence about a rule when the page
is French (issue 19).

Every message of the explanation layer's renderers for these communities
(``palmares/explain/renderers/{ratings,tantrix,wizard,wizard_rules}.py``) is split at its
``{fields}``; no piece of 12 characters or more may appear on a French page. The same holds for
every sentence of the site's own catalogue whose French differs, and no figure is written with
an English decimal point. And each page does show the layer's French: an explanation that
vanished would pass the first check.
"""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest
from django.test import Client

import palmares.explain.renderers as renderers
from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.wizarddb.models import TournamentPlace

RENDERERS = ("ratings.py", "tantrix.py", "wizard.py", "wizard_rules.py")
#: An English decimal figure (``18.86``); a French page writes ``18,86``.
ENGLISH_DECIMAL = re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])")
SITE_PO = Path(__file__).resolve().parents[2] / "src/palmares/web/locale/fr/LC_MESSAGES/django.po"


def _messages() -> set[str]:
    found: set[str] = set()
    folder = Path(renderers.__file__).parent
    for name in RENDERERS:
        for node in ast.walk(ast.parse((folder / name).read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("say", "say_n")
            ):
                found.update(
                    a.value
                    for a in node.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                )
    return found


def _site_sentences() -> set[str]:
    """The site catalogue's English sentences (four words or more) whose French differs."""
    text = SITE_PO.read_text(encoding="utf-8")
    pairs = re.findall(r'msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', text)
    out: set[str] = set()
    for msgid, msgstr in pairs:
        english = "".join(ast.literal_eval(s) for s in msgid.splitlines())
        french = "".join(ast.literal_eval(s) for s in msgstr.splitlines())
        if english and french and english != french and len(english.split()) >= 4:
            out.add(english)
    return out


def _pieces(messages: set[str]) -> set[str]:
    pieces: set[str] = set()
    for message in messages:
        for piece in re.split(r"%\(\w+\)s|\{\w+\}", message):
            piece = piece.strip(" ;:,.()-")
            if len(piece) >= 12 and re.search(r"[a-z]{3} [a-z]", piece):
                pieces.add(piece)
    return pieces


def _text(client: Client, url: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200, url
    page = response.content.decode()
    assert 'lang="fr"' in page
    body = page.split("<main", 1)[-1]
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def _pages() -> dict[str, str]:
    """Each page and a French sentence of the layer it must show (``""``: none required)."""
    ocean = Event.objects.get(name="Dip in the Ocean 2004")
    birsan = Player.objects.get(name="Edi Birsan")
    tantrix = Event.objects.get(kind="tantrix")
    pekko = Player.objects.get(name="Pekko")
    cup = Event.objects.get(kind="wizard")
    winner = TournamentPlace.objects.get(event=cup, place=1).player
    return {
        "/dip-pouch/": "",
        "/dip-pouch/formula/": "Le score centile du joueur est (65 + 0,5 - 8)/65 * 100 = 88,46.",
        f"/events/{ocean.pk}/": "La formule utilisée est : (([Nombre de joueurs du tournoi]",
        f"/players/{birsan.pk}/": "",
        "/tantrix/": "",
        f"/tantrix/events/{tantrix.pk}/": "Conservation (joueurs officiellement cotés)",
        f"/tantrix/players/{pekko.pk}/": "",
        "/wizard/": "",
        "/wizard/2010-3/": "du Top 10 : 30",
        f"/wizard/tournaments/{cup.pk}/": "places payées",
        f"/wizard/players/{winner.pk}/": " place sur ",
    }


@pytest.mark.django_db
def test_french_pages_carry_no_english_rule_sentence(client: Client) -> None:
    english = _pieces(_messages()) | _pieces(_site_sentences())
    assert len(english) > 100
    for url, french in _pages().items():
        text = " ".join(_text(client, url).split())
        left = sorted(piece for piece in english if piece in text)
        assert left == [], (url, left)
        assert ENGLISH_DECIMAL.findall(text) == [], url  # 18,86, not 18.86
        assert french in text, (url, french)
