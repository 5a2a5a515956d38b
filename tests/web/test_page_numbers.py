"""Figures on the site's pages in the page's language (issue 19): the ``fixed`` and ``pct``
filters, the list rows and the chart ticks go through the explanation layer's one ``figure``
(English ``18.86``, French ``18,86`` and ``64,47 %``), half up on the exact value."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.template import Context, Template
from django.utils import translation

from palmares.web.lib.numbers import page_fixed
from palmares.web.ui.templatetags.palmares import fixed, pct


def test_the_fixed_filter_writes_the_page_language() -> None:
    with translation.override("en"):
        assert fixed(Decimal("18.855"), 2) == "18.86"
        assert pct(Decimal("64.47"), 2) == "64.47%"
    with translation.override("fr"):
        assert fixed(Decimal("18.855"), 2) == "18,86"
        assert fixed(Fraction(1, 8), 2) == "0,13"  # half up on the exact value
        assert fixed("1646.28", 0) == "1646"
        assert fixed(12345.5, 1) == "12\u202f345,5"
        assert pct(Decimal("64.47"), 2) == "64,47\u202f%"
        assert fixed(None) == "" and fixed("") == ""


def test_a_template_shows_french_figures() -> None:
    template = Template("{% load palmares %}{{ x|fixed:3 }} / {{ x|pct:1 }}")
    with translation.override("fr"):
        assert template.render(Context({"x": Decimal("21.7449")})) == "21,745 / 21,7\u202f%"
    with translation.override("en"):
        assert template.render(Context({"x": Decimal("21.7449")})) == "21.745 / 21.7%"


def test_power_names_and_messages_in_a_template() -> None:
    template = Template("{% load palmares %}{{ p|power }}: {{ note|said }}")
    note = {"key": "seeding.top_board", "values": {}}  # as a stored board call keeps it
    with translation.override("fr"):
        shown = template.render(Context({"p": "Austria", "note": note}))
    assert shown == "Autriche: la table 1 est la table finale fixée."
    with translation.override("en"):
        old = template.render(Context({"p": "Ruritania", "note": "as stored before"}))
    assert old == "Ruritania: as stored before"


def test_page_fixed_refuses_what_is_no_number() -> None:
    with pytest.raises(ValueError, match="not a number"):
        page_fixed("n/a")
