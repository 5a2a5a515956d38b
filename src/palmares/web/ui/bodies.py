"""The bodies of the Dip Pouch player page and event report, written out in Python (issue 21:
a page that misses the cache under 1 ms of processor time).

A random player page or event report is nearly always a miss (100,000 players, 25,000
events), and the template's ``{% trans %}``, ``{% blocktrans %}``, ``{% url %}`` and filters
cost more than the rows. Here the fixed words of each page are looked up once per language
(``_words``: the site's catalogue through ``gettext``, escaped as the templates escape them)
and the URLs once per script prefix, and each page puts its figures in. The HTML is the
templates' byte for byte (``tests/web/test_lean_miss.py`` renders the reference templates
``tests/web/reference/*.html`` and compares, English and French): every text is escaped
(``html.escape``, what Django's ``escape`` does) and every figure only rounded for display,
half up (``lib.numbers.page_fixed``, as the ``fixed`` filter)."""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from html import escape

from django.urls import get_script_prefix, reverse
from django.utils import formats
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from palmares.explain import explain
from palmares.explain.language import Language
from palmares.ratings.dip_pouch import RULE
from palmares.web.lib.numbers import page_fixed
from palmares.web.lib.words import site_language
from palmares.web.ui.queries import EventHeading, Figure, Heading

__all__ = ["event_body", "history_head", "player_body"]

_ID = 987654321  # stands for the id in a reversed URL, then becomes a "{}" to format


@lru_cache(maxsize=64)
def _pattern(name: str, prefix: str, with_id: bool) -> str:
    if not with_id:
        return reverse(name)
    return reverse(name, args=[_ID]).replace(str(_ID), "{}")


def _url(name: str, pk: int | str | None = None) -> str:
    """``{% url name pk %}`` (``reverse``), the pattern found once per script prefix."""
    if pk is None:
        return _pattern(name, get_script_prefix(), False)
    return _pattern(name, get_script_prefix(), True).format(pk)


def _t(text: str) -> str:
    """``{% trans text %}``: translated and escaped."""
    return escape(gettext(text))


@lru_cache(maxsize=16)
def _words(code: str) -> dict[str, str]:
    """The fixed words of both pages in language ``code`` (the active one: callers pass
    ``get_language()``), escaped."""
    head = ("Date", "Country", "Event", "Rank", "Players", "Coefficient", "Score")
    heads = ('<th class="opt">', "<th>", '<th class="num">', '<th class="num opt">')
    classes = (heads[1], heads[0], heads[1], heads[2], heads[3], heads[3], heads[2])
    history = "".join(f"{c}{_t(w)}</th>" for c, w in zip(classes, head, strict=True))
    report = (
        f'<thead><tr><th class="num">{_t("Rank")}</th><th>{_t("Player")}</th>'
        f'<th class="opt">{_t("Nat.")}</th><th class="num">{_t("Score")}</th>'
        f'<th class="num opt">{_t("Rating before")}</th>'
        f'<th class="num">{_t("Rating after")}</th></tr></thead>\n'
    )
    formula = "".join(escape(line) for line in explain(RULE.percentile, code))
    skill_title = (
        "Weng–Lin skill rating (Plackett–Luce): the estimate μ and its uncertainty σ, "
        "from every stored result"
    )
    return {
        "rating": _t("Dip Pouch rating"),
        "rank": _t("international rank"),
        "national": _t("national rank"),
        "unrated": _t("Not rated."),
        "skill": f'<span id="skill" title="{_t(skill_title)}">{_t("Skill")} μ ± σ <strong>',
        "predicts": _t("which rating predicts best"),
        "tantrix": _t("Tantrix history"),
        "history": (
            f'<h2>{_t("History")}</h2>\n<div class="scroll"><table id="history">\n'
            f'<thead><tr>{history}<th class="num">{_t("Rating after")}</th></tr></thead>\n'
        ),
        "chart": gettext("Dip Pouch rating after each event"),
        "value_label": gettext("rating"),
        "date": _t("Date"),
        "place": _t("Place"),
        "players": _t("Number of players"),
        "rounds": _t("Number of rounds"),
        "value": _t("Tournament value"),
        "championship": _t("World Championship"),
        "boards": _t("Boards, standings and teams"),
        "report": report,
        "footer": f"{_t('Score: the percentile.')} {formula} ",
        "how": _t("How the rating works"),
    }


@lru_cache(maxsize=256)
def _events(code: str, n: int) -> str:
    """``{% blocktrans count n=… %}{{ n }} event{% plural %}{{ n }} events{% endblocktrans %}``
    in language ``code`` (the active one)."""
    return ngettext("%(n)s event", "%(n)s events", n) % {"n": n}


def words() -> dict[str, str]:
    """The fixed words of the page's language (``_words``)."""
    return _words(get_language())


def history_head() -> str:
    """The heading and head of a player's history table (was ``ui/history_head.html``)."""
    return words()["history"]


def _text(value: object) -> str:
    """``{{ value }}`` of a text or a number: escaped."""
    return escape(str(value))


def player_body(
    heading: Heading, player_id: int, chart: str, rows: str, language: Language | None = None
) -> SafeString:
    """A player's Dip Pouch page below the frame: name, nationality, place in the Permanent
    list (or not rated), skill rating, the chart, the history table (``rows``, written by
    ``rows.history_rows``) and the link to the Tantrix history."""
    if language is None:
        language = site_language()
    w = words()
    out = [f"\n<h1>{escape(heading.name)}</h1>\n<p>"]
    if heading.nationality:
        out.append(f"{escape(heading.nationality)} · ")
    out.append("\n")
    if heading.rating is not None:
        national = "—" if heading.national_rank is None else _text(heading.national_rank)
        out.append(
            f'{w["rating"]} <strong id="rating">{page_fixed(heading.rating, 2, language)}'
            f"</strong> ·\n{w['rank']} <strong>{_text(heading.rank)}</strong> ·\n"
            f"{w['national']} <strong>{national}</strong>"
        )
    else:
        out.append(w["unrated"])
    out.append("</p>\n")
    skill = heading.skill
    if skill:
        count = _events(get_language(), skill.competitions)
        out.append(
            f"<p>{w['skill']}{page_fixed(skill.mu, 2, language)} ± "
            f"{page_fixed(skill.sigma, 2, language)}</strong> ({count} · "
            f'<a href="{_url("which-predicts", "dip-pouch")}">{w["predicts"]}</a>)</span>\n</p>'
        )
    out.append("\n")
    if chart:
        out.append(f'<figure id="chart">{chart}</figure>')
    out.append(
        f"\n{w['history']}\n<tbody>{rows}</tbody>\n</table></div>\n"
        f'<p><a href="{_url("tantrix-player", player_id)}">{w["tantrix"]}</a></p>\n'
    )
    return mark_safe("".join(out))  # every text above is escaped


@lru_cache(maxsize=4096)
def _long_date(code: str, day: date) -> str:
    """``{{ day|date:"F j, Y" }}`` in language ``code`` (the active one), escaped."""
    return escape(formats.date_format(day, "F j, Y"))


def _count(value: int | None) -> str:
    """``{{ value|default:"" }}``."""
    return _text(value) if value else ""


def event_body(
    heading: EventHeading, value: Figure | None, rows: str, language: Language | None = None
) -> SafeString:
    """An event report below the frame: name, date, place, players, rounds, the tournament
    value once rated, the link to the boards, the report table (``rows``, written by
    ``rows.report_rows``) and the note on the score."""
    if language is None:
        language = site_language()
    w = words()
    day = _long_date(get_language(), heading.date)
    out = [f"\n<h1>{escape(heading.name)}</h1>\n<p>{w['date']} {day}"]
    if heading.place:
        out.append(f" · {w['place']} {escape(heading.place)}")
    if heading.country:
        out.append(f" ({escape(heading.country)})")
    out.append(
        f"<br>\n{w['players']} {_count(heading.players)} · {w['rounds']} {_count(heading.rounds)}\n"
    )
    if value is not None:
        out.append(f' · {w["value"]} <strong id="value">{page_fixed(value, 2, language)}</strong>')
    out.append("\n")
    if heading.world_championship:
        out.append(f" · {w['championship']}")
    out.append("</p>\n")
    if heading.tournament_id:
        out.append(
            f'<p><a href="{_url("tournament", heading.tournament_id)}">{w["boards"]}</a></p>'
        )
    out.append(
        f'\n<div class="scroll"><table id="report">\n{w["report"]}<tbody>{rows}</tbody>\n'
        f'</table></div>\n<p class="muted">{w["footer"]}<a href="{_url("formula")}">'
        f"{w['how']}</a></p>\n"
    )
    return mark_safe("".join(out))  # every text above is escaped


def chart_words() -> tuple[str, str]:
    """The player chart's title and its value's label, in the page's language."""
    w = words()
    return w["chart"], w["value_label"]
