"""Commands of `palmares diplomacy` (systems): the catalogue of board-scoring systems and of
tournament aggregations.

``palmares diplomacy systems`` lists every registered system (slug, kind, parameters, source, a
one-line rule); ``palmares diplomacy systems SLUG`` prints one system's whole rule.
``palmares diplomacy aggregations [SLUG]`` does the same for the aggregations. Thin: the
registries hold every rule, as messages; the explanation layer words each one-line rule and
kind in the language asked (``--language``, else the locale's; issue 35).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption, language_of
from palmares.cli.diplomacy.app import app
from palmares.cli.output import Col, Format, Report, Table, emit
from palmares.core.message import Message
from palmares.diplomacy.aggregation import (
    AggregationInfo,
    all_aggregations,
    get_aggregation_info,
)
from palmares.diplomacy.scoring import SystemInfo, all_systems, get_info
from palmares.explain.language import Language
from palmares.explain.messages import tell

__all__ = ["aggregations", "app", "systems"]


#: The columns' headers (the table format) and a system's kind, in the report's language.
_RULE = Message.of("system.column.rule")
_NAME = Message.of("system.column.name")
_KIND = Message.of("system.column.kind")
_PARAMETERS = Message.of("system.column.parameters")
_SOURCE = Message.of("system.column.source")
_KINDS: dict[str, Message] = {
    "rank": Message.of("system.kind.rank"),
    "draw": Message.of("system.kind.draw"),
    "centre-count": Message.of("system.kind.centre-count"),
    "mixed": Message.of("system.kind.mixed"),
}


def _row(info: SystemInfo, words: Language) -> dict[str, Any]:
    return {
        "slug": info.slug,
        "name": info.name,
        "kind": info.kind,  # a code in CSV and JSON; the table shows it in words
        "parameters": ", ".join(sorted(info.parameters)),
        "source": info.source,
        "rule": tell(info.summary, words),
    }


@app.command("systems")
def systems(
    slug: Annotated[
        str | None, typer.Argument(help="A system's slug: print its whole rule.")
    ] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The board-scoring systems: slug, kind (rank / draw / centre-count / mixed), source and a
    one-line rule; with a SLUG, that system's whole rule."""
    words = language_of(language)
    infos = [get_info(slug)] if slug is not None else all_systems()
    cols = [
        Col("slug"),
        Col("kind", _KIND, lambda kind: tell(_KINDS[kind], words)),
        Col("parameters", _PARAMETERS),
        Col("source", _SOURCE),
        Col("rule", _RULE),
    ]
    if slug is not None:
        cols.insert(1, Col("name", _NAME))
    rows = [_row(i, words) for i in infos]
    report = Report(tables=[Table("systems", cols, rows)], language=words)
    if slug is not None:
        report.explain.extend(tell(infos[0].rule, words).splitlines())
    emit(report, fmt)


def _aggregation_row(info: AggregationInfo, words: Language) -> dict[str, Any]:
    return {
        "slug": info.slug,
        "name": info.name,
        "parameters": ", ".join(sorted(info.parameters)),
        "source": info.source,
        "rule": tell(info.summary, words),
    }


@app.command("aggregations")
def aggregations(
    slug: Annotated[
        str | None, typer.Argument(help="An aggregation's slug: print its whole rule.")
    ] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The tournament aggregations: slug, parameters, source and a one-line rule; with a SLUG,
    that aggregation's whole rule."""
    words = language_of(language)
    infos = [get_aggregation_info(slug)] if slug is not None else all_aggregations()
    cols = [
        Col("slug"),
        Col("parameters", _PARAMETERS),
        Col("source", _SOURCE),
        Col("rule", _RULE),
    ]
    if slug is not None:
        cols.insert(1, Col("name", _NAME))
    rows = [_aggregation_row(i, words) for i in infos]
    report = Report(tables=[Table("aggregations", cols, rows)], language=words)
    if slug is not None:
        report.explain.extend(tell(infos[0].rule, words).splitlines())
    emit(report, fmt)
