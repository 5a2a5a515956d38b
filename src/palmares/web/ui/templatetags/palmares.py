"""Template filters: figures shown half up in the page's language (the explanation layer's
numbers, ``palmares.web.lib.numbers``), never with Python's round."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from palmares.core.message import Message
from palmares.explain import explain, voice
from palmares.explain.renderers.diplomacy import power_name
from palmares.web.accounts.roles import is_ratings_officer
from palmares.web.lib.numbers import page_fixed, page_percent
from palmares.web.lib.words import said, site_language

register = template.Library()

#: Where the search page's header shows the query (text no visitor's query can hold: escaped,
#: a query's NUL is refused by ``lib.limits``).
QUERY_MARK = "\x00palmares-query\x00"


@register.filter
def fixed(value: Any, places: int = 2) -> str:
    """``{{ rating|fixed:2 }}``: the value to ``places`` decimals, half up, as the page's
    language writes it (``18.86`` / ``18,86``); empty for none."""
    return page_fixed(value, int(places))


@register.filter
def pct(value: Any, places: int = 2) -> str:
    """``{{ raw|pct:2 }}``: points out of 100 as a percentage in the page's language
    (``64.47%`` / ``64,47 %``); empty for none."""
    return page_percent(value, int(places))


@register.filter
def explained(value: Any) -> str:
    """``{{ award.reason|explained }}``: a typed value in words, in the page's language (the
    explanation layer, ``palmares.explain``)."""
    return " ".join(explain(value, get_language()))


@register.filter(name="said")
def said_filter(value: Any) -> str:
    """``{{ note|said }}``: a core message (typed, or as stored in JSON) in the page's
    language (``palmares.web.lib.words.said``)."""
    return said(value)


@register.simple_tag
def words(key: str, **arguments: Any) -> str:
    """``{% words "page.top_board_invitations" round=r %}``: a sentence about a rule from the one
    catalogue (``palmares.explain``), in the page's language; escaped like any variable."""
    return said(Message.of(key, **arguments))


@register.filter
def power(value: Any) -> str:
    """``{{ seat.power|power }}``: a Great Power's name in the page's language."""
    return power_name(str(value), voice(site_language()))


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``{{ ids|get:name }}``: a dictionary lookup in a template."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def minutes(value: Any) -> int:
    """A ``timedelta`` in whole minutes, rounded up (a lock-out's cool-off)."""
    seconds = int(value.total_seconds())
    return -(-seconds // 60)


@register.filter
def ratings_officer(user: Any) -> bool:
    """``{% if user|ratings_officer %}``: may this user import (``accounts.roles``)?"""
    return is_ratings_officer(user)


@register.simple_tag(takes_context=True)
def site_header(context: template.Context) -> SafeString:
    """The site's header. An anonymous visitor's is the same on every page but the search page
    (which shows the query), so it is rendered once per language and process; a signed-in
    visitor's shows their name and a logout form with their CSRF token."""
    from palmares.web.ui.pagecache import cached_fragment

    user = context.get("user")
    personal = user is None or user.is_authenticated  # None: rendered without a request
    if personal:
        request = context.get("request")
        return SafeString(render_to_string("ui/header.html", {"q": context.get("q")}, request))
    query = context.get("q")
    if query:  # the search page: the cached header with the query put in its box, escaped
        shown = cached_fragment(
            f"header-search:{get_language()}",
            lambda: render_to_string("ui/header.html", {"user": user, "q": QUERY_MARK}),
        )
        return SafeString(shown.replace(QUERY_MARK, str(conditional_escape(query)), 1))
    return cached_fragment(
        f"header:{get_language()}",
        lambda: render_to_string("ui/header.html", {"user": user}),
    )


@register.filter
def changed_powers(call: Any, label: Any) -> list[str]:
    """The powers of board ``label`` a swap changed after the call's publication (issue 32:
    the players see them marked)."""
    return [power for board, power in getattr(call, "changed", ()) if board == label]


def _figure(value: Any) -> int | float | str:
    """A stored figure as a message value (a number as it is, anything else as its text)."""
    if isinstance(value, bool):
        return str(value)
    return value if isinstance(value, int | float) else str(value)


@register.filter
def call_quality(call: Any) -> str:
    """``{{ call|call_quality }}``: a board call's repeated-opponent cost, its bound and the
    most-met pair, in the page's language (seed 002, "Board Assignments"; issue 35)."""
    return said(
        Message.of(
            "page.call_quality",
            cost=_figure(call.quality.objective),
            bound=_figure(call.bound.value),
            worst=_figure(call.quality.worst_pair),
        )
    )


@register.filter
def call_cost(report: Any) -> str:
    """``{{ report|call_cost }}``: a stored call report's cost, bound and gap in words."""
    return said(
        Message.of(
            "page.call_cost",
            cost=_figure(report["objective"]),
            bound=_figure(report["lower_bound"]),
            gap=_figure(report["gap"]),
        )
    )


@register.filter
def call_meetings(report: Any) -> str:
    """``{{ report|call_meetings }}``: how many pairs meet again, and the most-met pair."""
    pairs = len(report.get("repeated_pairs") or ())
    return said(Message.of("page.call_meetings", n=pairs, worst=_figure(report["worst_pair"])))


@register.filter
def call_repeats(report: Any) -> str:
    """``{{ report|call_repeats }}``: how many players play a power again."""
    return said(Message.of("page.call_repeats", n=len(report.get("power_repeats") or ())))


@register.filter
def call_pair(pair: Any) -> str:
    """``{{ pair|call_pair }}``: one pair seated together again, with its board."""
    return said(
        Message.of(
            "page.call_pair",
            a=str(pair["player_a"]),
            b=str(pair["player_b"]),
            times=_figure(pair["times"]),
            board=str(pair["board"]),
        )
    )
