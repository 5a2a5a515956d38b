"""The TD's ruling desk (issue 17, "In the site"): a position (entered, or the next position of
the last phase adjudicated here), the orders pasted or typed, the adjudication with its reasons,
and the next position. Nothing is stored: the page only calls the core adjudicator
(:mod:`palmares.diplomacy.adjudication`), which words every result."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from palmares.core.errors import InputError
from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.outcome import result_rows
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.adjudication.phases import PhaseResult, adjudicate, place_units
from palmares.diplomacy.adjudication.position import position_from_json, position_to_json
from palmares.web.lib.words import told

__all__ = ["RulingForm", "ruling"]

MAX_TEXT = 100_000


class RulingForm(forms.Form):
    position = forms.CharField(
        label=_("Position (position.json)"),
        required=False,
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 60, "spellcheck": "false"}),
        help_text=_("Leave empty: each ordered unit stands where its order says."),
    )
    orders = forms.CharField(
        label=_("Orders (one 'Power: order' a line)"),
        required=False,
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 60, "spellcheck": "false"}),
    )
    rules = forms.ChoiceField(
        label=_("Order rules"),
        choices=[
            ("wdc-2007", _("WDC 2007 (seed 002)")),
            ("datc", _("DATC preferences")),
        ],
        initial="wdc-2007",
    )


def _adjudicate(data: dict[str, Any]) -> PhaseResult:
    gmap = standard_map()
    position = None
    if data["position"].strip():
        try:
            raw = json.loads(data["position"])
        except json.JSONDecodeError as exc:
            said = Message.of("file.invalid_json", why=exc.msg)
            raise InputError.at("position", exc.lineno, None, said) from None
        position = position_from_json(raw, gmap, "position")
    powers = position.all_powers() if position is not None else None
    orders = parse_orders(data["orders"], gmap, rules=data["rules"], file="orders", powers=powers)
    if position is None:
        position = place_units(orders, gmap)
    return adjudicate(position, orders, gmap, data["rules"])


def ruling(request: HttpRequest) -> HttpResponse:
    form = RulingForm(request.POST or None)
    context: dict[str, Any] = {"form": form}
    if request.method == "POST" and form.is_valid():
        try:
            result = _adjudicate(form.cleaned_data)
        except InputError as exc:
            for problem in exc.problems:
                field = "position" if problem.file == "position" else "orders"
                form.add_error(field, told(problem))
        else:
            nxt = position_to_json(result.next_position)
            context.update(
                {
                    "result": result,
                    "rows": result_rows(result),
                    "next": nxt,
                    "next_form": RulingForm(
                        initial={
                            "position": json.dumps(nxt, indent=1, ensure_ascii=False),
                            "rules": form.cleaned_data["rules"],
                        }
                    ),
                    "centres": sorted(
                        ((p, len(c)) for p, c in result.next_position.centres.items() if c),
                        key=lambda pc: (-pc[1], pc[0]),
                    ),
                }
            )
    return render(request, "ui/ruling.html", context)
