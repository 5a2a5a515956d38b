"""``{% words "key" … %}``: a template's sentence about a rule comes from the one catalogue
(``palmares.explain``) in the page's language (issue 35); no template writes such a sentence
itself in Django's catalogue."""

from __future__ import annotations

import re
from pathlib import Path

from django.template import Context, Template
from django.utils import translation

import palmares
from palmares.explain.messages import TEXTS

TEMPLATES = Path(palmares.__file__).parent / "web"


def _rendered(text: str, language: str) -> str:
    with translation.override(language):
        return Template("{% load palmares %}" + text).render(Context({"r": 5}))


def test_a_rule_sentence_in_the_page_s_language() -> None:
    tag = '{% words "page.top_board_invitations" round=r %}'
    assert _rendered(tag, "en") == "Top board invitations after round 5"
    assert _rendered(tag, "fr") == "Invitations à la table finale après la ronde 5"
    tag = '{% words "page.tantrix_official" %}'
    assert _rendered(tag, "fr") == "Joueurs avec une cote officielle"


def test_its_arguments_are_escaped_like_any_variable() -> None:
    tag = '{% words "page.level_reached" level="<b>Gold</b>" points=3 source="2019-12" %}'
    assert _rendered(tag, "en") == "&lt;b&gt;Gold&lt;/b&gt; (3) reached in 2019-12"


def _django_sentences(text: str) -> set[str]:
    """The texts a template gives Django's catalogue, its ``{{ x }}`` as ``{}``."""
    found = set(re.findall(r"""{%\s*trans(?:late)?\s+"([^"]+)"|'([^']+)'""", text))
    said = {a or b for a, b in found}
    for body in re.findall(r"{%\s*blocktrans[^%]*%}(.*?){%\s*endblocktrans", text, re.S):
        said.add(re.sub(r"{{\s*\w+\s*}}", "{}", body.split("{% plural %}")[0]))
    return said


def test_no_template_writes_a_sentence_of_the_rules_catalogue() -> None:
    rules = {re.sub(r"{\w+}", "{}", text) for text in TEXTS.values() if len(text) >= 25}
    written = {
        sentence: path.name
        for path in TEMPLATES.rglob("*.html")
        for sentence in _django_sentences(path.read_text(encoding="utf-8"))
    }
    assert len(written) > 100  # the reader of templates reads them
    assert {s: f for s, f in written.items() if s in rules} == {}
