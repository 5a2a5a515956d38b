"""The create form's help (issue 32, "The create form"): each board-scoring system's and
aggregation's parameters with their defaults and meanings, from the registries
(:func:`palmares.web.tournaments.systems.systems_help`) told by the words layer; and when the
fewer-games adjustment cannot apply (:func:`palmares.web.tournaments.setup.fewer_games_bar`).

The page renders every system's help, the chosen one shown (``static/palmares/setup.js`` shows
the one chosen as the TD changes it; without the script, the one the form was sent with). The
fewer-games note is written by the server for the form as sent, and by the script as the rounds
and the aggregation change, from the same sentences with their fields left for it to fill."""

from __future__ import annotations

from typing import Any

from django import forms

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.spec import parse_spec
from palmares.explain.messages_setup import parameter_meaning, parameter_unset
from palmares.web.lib.words import said, site_language
from palmares.web.tournaments.setup import fewer_games_bar
from palmares.web.tournaments.systems import SystemHelp, systems_help

__all__ = ["create_form_help"]


def _applies(h: SystemHelp) -> str:
    """When the system's fewer-games adjustment applies, with its defaults ("" if none)."""
    least = next((p.default for p in h.parameters if p.name == "min_rounds"), None)
    if h.adjust_after is None or least is None:
        return ""
    return said(Message.of("fewer_games.applies", after=h.adjust_after, least=int(least)))


def _systems(helps: tuple[SystemHelp, ...], chosen: str) -> list[dict[str, Any]]:
    language = site_language()
    return [
        {
            "fewer_games": _applies(h),
            "slug": h.slug,
            "name": h.name,
            "chosen": h.slug == chosen,
            "adjust_after": h.adjust_after,
            "no_adjustment": said(Message.of("fewer_games.no_system", system=h.name)),
            "parameters": [
                {
                    "name": p.name,
                    "default": p.default,
                    "unset": parameter_unset(p.name, language) if p.default is None else "",
                    "meaning": parameter_meaning(h.slug, p.name, language),
                }
                for p in h.parameters
            ],
        }
        for h in helps
    ]


def _note(form: forms.Form) -> str:
    """Why the fewer-games adjustment cannot apply to the form as sent ("" when it can, or
    when the form does not say yet)."""
    if not form.is_bound or not form.data.get("fewer_games"):
        return ""
    rounds, slug = form.data.get("rounds", ""), form.data.get("aggregation", "")
    params = form.data.get("aggregation_parameters", "")
    for spec in (f"{slug}:{params}" if str(params).strip() else str(slug), str(slug)):
        try:  # the parameters as sent, else (a bad one) the system's defaults
            bar = fewer_games_bar(str(parse_spec(spec)), int(str(rounds)))
        except (PalmaresError, ValueError):
            continue
        return said(bar) if bar is not None else ""
    return ""


def create_form_help(form: forms.Form) -> dict[str, Any]:
    """The create page's help: ``scoring_help``, ``aggregation_help``, the fewer-games note and
    the sentences the page's script fills in."""
    scoring, aggregation = systems_help()
    chosen = {
        field: str(form[field].value() or form.fields[field].initial)
        for field in ("scoring", "aggregation")
    }
    return {
        "scoring_help": _systems(scoring, chosen["scoring"]),
        "aggregation_help": _systems(aggregation, chosen["aggregation"]),
        "none_said": said(Message.of("setup.no_parameters")),
        "fewer_games_note": _note(form),
        "fewer_games_words": {
            "too_few": said(
                Message.of("fewer_games.too_few_rounds", after="{after}", rounds="{rounds}")
            ),
            "off": said(Message.of("fewer_games.off")),
        },
    }
