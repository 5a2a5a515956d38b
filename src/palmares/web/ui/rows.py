"""The rows of the long tables (ranking, player history, event report) and of the search
results, written out in Python.

A Django template spends about 20 µs a cell on variable lookups, filters and ``{% url %}``;
these rows are the same HTML for a fraction of that. Every text is escaped (``html.escape``,
what Django's ``escape`` does) and every figure is only rounded for display, half up
(``core.rounding``, as the ``fixed`` filter does)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from html import escape

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from palmares.explain.language import Language
from palmares.web.lib.numbers import page_fixed
from palmares.web.lib.words import site_language
from palmares.web.ui.queries import (
    Figure,
    FoundEvent,
    FoundPlayer,
    HistoryLine,
    ListLine,
    ReportLine,
)

__all__ = [
    "event_list_rows",
    "found_event_items",
    "found_player_items",
    "history_rows",
    "ranking_rows",
    "report_rows",
]

_ID = 987654321  # stands for the id in a reversed URL, then becomes a "{}" to format


def _link(name: str) -> str:
    """The URL of view ``name`` for any id, as a ``str.format`` pattern."""
    return reverse(name, args=[_ID]).replace(str(_ID), "{}")


def _fixed(value: Figure | None, language: Language) -> str:
    return page_fixed(value, 2, language)


def _int(value: int | None) -> str:
    return "" if value is None else str(value)


def ranking_rows(lines: Iterable[ListLine], nation: str) -> SafeString:
    """``<tr>`` per line: rank (national rank in a national list, then the international),
    player, nationality, events, rating."""
    player = _link("player")
    language = site_language()
    out = []
    for s in lines:
        ranks = (
            f'<td class="num">{_int(s.national_rank)}</td><td class="num">{s.rank}</td>'
            if nation
            else f'<td class="num">{s.rank}</td>'
        )
        out.append(
            f'<tr>{ranks}<td><a href="{player.format(s.player_id)}">{escape(s.name)}</a></td>'
            f'<td class="opt">{escape(s.nationality)}</td><td class="num opt">{s.events}</td>'
            f'<td class="num">{_fixed(s.rating, language)}</td></tr>'
        )
    if not out:
        out.append(f'<tr><td colspan="6">{escape(gettext("No rated players."))}</td></tr>')
    return mark_safe("".join(out))  # every text above is escaped


def history_rows(
    lines: Sequence[HistoryLine],
    language: Language | None = None,
    after: Sequence[str] | None = None,
) -> SafeString:
    """``<tr>`` per line, as given: date, country, event, rank, players, coefficient, score,
    rating after (``after``: the ratings after as written already, e.g. for the chart);
    ``language``: the page's, when the caller has read it."""
    event = _link("event")
    if language is None:
        language = site_language()
    if after is None:
        after = [_fixed(h.rating_after, language) for h in lines]
    out = [
        f'<tr><td>{h.date}</td><td class="opt">{escape(h.country)}</td>'
        f'<td><a href="{event.format(h.event_id)}">{escape(h.event)}</a></td>'
        f'<td class="num">{_int(h.rank)}</td><td class="num opt">{_int(h.players)}</td>'
        f'<td class="num opt">{_fixed(h.tournament_value, language)}</td>'
        f'<td class="num">{_fixed(h.percentile, language)}</td>'
        f'<td class="num">{rating}</td></tr>'
        for h, rating in zip(lines, after, strict=True)
    ]
    return mark_safe("".join(out))  # every text above is escaped


def report_rows(lines: Iterable[ReportLine]) -> SafeString:
    """``<tr>`` per line, as given: rank, player, nationality, score (the percentile), rating
    before, rating after (the last three empty until the event is rated)."""
    player = _link("player")
    language = site_language()
    out = [
        f'<tr><td class="num">{r.rank}</td>'
        f'<td><a href="{player.format(r.player_id)}">{escape(r.name)}</a></td>'
        f'<td class="opt">{escape(r.nationality)}</td>'
        f'<td class="num">{_fixed(r.percentile, language)}</td>'
        f'<td class="num opt">{_fixed(r.rating_before, language)}</td>'
        f'<td class="num">{_fixed(r.rating_after, language)}</td></tr>'
        for r in lines
    ]
    return mark_safe("".join(out))  # every text above is escaped


def event_list_rows(
    lines: Iterable[tuple[int, date | str, str, bool, str, int | None, int | None]],
) -> SafeString:
    """``<tr>`` per event of the list of events: date, name (linked, ★ for a World
    Championship), country, players, rounds; ``lines`` are (id, date, name, world championship,
    country, players, rounds)."""
    event = _link("event")
    out = [
        f"<tr><td>{day if isinstance(day, str) else day.isoformat()}</td>"
        f'<td><a href="{event.format(pk)}">{escape(name)}</a>{" ★" if championship else ""}</td>'
        f'<td>{escape(country)}</td><td class="num">{players or ""}</td>'
        f'<td class="num">{rounds or ""}</td></tr>'
        for pk, day, name, championship, country, players, rounds in lines
    ]
    return mark_safe("".join(out))  # every text above is escaped


def _none_found(out: list[str]) -> SafeString:
    if not out:
        out.append(f'<li class="muted">{escape(gettext("None found."))}</li>')
    return mark_safe("".join(out))  # every text is escaped


def found_player_items(found: Iterable[FoundPlayer]) -> SafeString:
    """``<li>`` per player found by search: name (linked), nationality."""
    player = _link("player")
    return _none_found(
        [
            f'<li><a href="{player.format(p.id)}">{escape(p.name)}</a> '
            f'<span class="muted">{escape(p.nationality)}</span></li>'
            for p in found
        ]
    )


def found_event_items(found: Iterable[FoundEvent]) -> SafeString:
    """``<li>`` per event found by search: name (linked), date."""
    event = _link("event")
    return _none_found(
        [
            f'<li><a href="{event.format(e.id)}">{escape(e.name)}</a> '
            f'<span class="muted">{e.date.isoformat()}</span></li>'
            for e in found
        ]
    )
