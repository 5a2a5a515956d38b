"""The long tables' rows written out in Python (ui.rows): escaped, rounded half up for
display only, national ranks first in a national list."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from palmares.web.ui.queries import FoundEvent, FoundPlayer, HistoryLine, ListLine, ReportLine
from palmares.web.ui.rows import (
    event_list_rows,
    found_event_items,
    found_player_items,
    history_rows,
    ranking_rows,
    report_rows,
)


def test_ranking_rows_escape_names_and_round_half_up() -> None:
    line = ListLine(7, "<b>Ann & Bob</b>", "Côte d'Ivoire", 3, Decimal("70.125"), 12, 2)
    html = ranking_rows([line], "")
    assert "&lt;b&gt;Ann &amp; Bob&lt;/b&gt;" in html and "<b>" not in html
    assert "Côte d&#x27;Ivoire" in html
    assert html == (
        '<tr><td class="num">12</td><td><a href="/players/7/">&lt;b&gt;Ann &amp; Bob&lt;/b&gt;'
        '</a></td><td class="opt">Côte d&#x27;Ivoire</td><td class="num opt">3</td>'
        '<td class="num">70.13</td></tr>'
    )


def test_national_rows_show_the_national_rank_then_the_international() -> None:
    html = ranking_rows([ListLine(7, "Ann", "France", 3, 55.005, 12, 2)], "France")
    assert html.startswith('<tr><td class="num">2</td><td class="num">12</td>')
    assert '<td class="num">55.01</td>' in html  # the stored float as written, half up


def test_an_empty_list_says_so() -> None:
    assert "No rated players." in ranking_rows([], "")


def test_history_rows() -> None:
    line = HistoryLine(
        "2004-01-01", "USA", 5, "Dip & Ocean", None, 24, Decimal("18.86"), 97.916666, 50.925
    )
    assert history_rows([line]) == (
        '<tr><td>2004-01-01</td><td class="opt">USA</td>'
        '<td><a href="/events/5/">Dip &amp; Ocean</a></td>'
        '<td class="num"></td><td class="num opt">24</td><td class="num opt">18.86</td>'
        '<td class="num">97.92</td><td class="num">50.93</td></tr>'
    )


def test_report_rows_escape_and_keep_the_phone_columns() -> None:
    rated = ReportLine(1, 7, "<i>Ann</i>", "Côte d'Ivoire", Decimal("97.915"), 40, 50.9249, 1)
    html = report_rows([rated, ReportLine(2, 8, "Bob", "", None, None, None, None)])
    assert html == (
        '<tr><td class="num">1</td><td><a href="/players/7/">&lt;i&gt;Ann&lt;/i&gt;</a></td>'
        '<td class="opt">Côte d&#x27;Ivoire</td><td class="num">97.92</td>'
        '<td class="num opt">40.00</td><td class="num">50.92</td></tr>'
        '<tr><td class="num">2</td><td><a href="/players/8/">Bob</a></td><td class="opt"></td>'
        '<td class="num"></td><td class="num opt"></td><td class="num"></td></tr>'
    )


def test_search_items_and_the_events_list_are_escaped() -> None:
    players = found_player_items([FoundPlayer(3, "<i>Zoë</i>", "Côte d'Ivoire")])
    assert players == (
        '<li><a href="/players/3/">&lt;i&gt;Zoë&lt;/i&gt;</a> '
        '<span class="muted">Côte d&#x27;Ivoire</span></li>'
    )
    events = found_event_items([FoundEvent(9, "A & B", date(2004, 1, 2))])
    assert (
        events
        == '<li><a href="/events/9/">A &amp; B</a> <span class="muted">2004-01-02</span></li>'
    )
    assert "None found." in found_player_items([]) and "None found." in found_event_items([])
    line = (9, date(2007, 8, 3), "WDC <2007>", True, "Netherlands", 70, None)
    assert event_list_rows([line]) == (
        '<tr><td>2007-08-03</td><td><a href="/events/9/">WDC &lt;2007&gt;</a> ★</td>'
        '<td>Netherlands</td><td class="num">70</td><td class="num"></td></tr>'
    )
