"""Commands of `palmares diplomacy` (systems): the catalogue of board-scoring systems and of
tournament aggregations.

``palmares diplomacy systems`` lists every registered system (slug, kind, parameters, source, a
one-line rule); ``palmares diplomacy systems SLUG`` prints one system's whole rule.
``palmares diplomacy aggregations [SLUG]`` does the same for the aggregations. Thin: the
registries hold every word shown here.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption
from palmares.cli.diplomacy.app import app
from palmares.cli.output import Col, Format, Report, Table, emit
from palmares.diplomacy.aggregation import (
    AggregationInfo,
    all_aggregations,
    get_aggregation_info,
)
from palmares.diplomacy.scoring import SystemInfo, all_systems, get_info

__all__ = ["aggregations", "app", "systems"]


def _row(info: SystemInfo) -> dict[str, Any]:
    return {
        "slug": info.slug,
        "name": info.name,
        "kind": info.kind,
        "parameters": ", ".join(sorted(info.parameters)),
        "source": info.source,
        "rule": info.summary,
    }


@app.command("systems")
def systems(
    slug: Annotated[
        str | None, typer.Argument(help="A system's slug: print its whole rule.")
    ] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The board-scoring systems: slug, kind (rank / draw / centre-count / mixed), source and a
    one-line rule; with a SLUG, that system's whole rule."""
    infos = [get_info(slug)] if slug is not None else all_systems()
    cols = [
        Col("slug"),
        Col("kind"),
        Col("parameters"),
        Col("source"),
        Col("rule", "one-line rule"),
    ]
    if slug is not None:
        cols.insert(1, Col("name"))
    report = Report(tables=[Table("systems", cols, [_row(i) for i in infos])])
    if slug is not None:
        report.explain.extend(infos[0].rule.strip().splitlines())
    emit(report, fmt)


def _aggregation_row(info: AggregationInfo) -> dict[str, Any]:
    return {
        "slug": info.slug,
        "name": info.name,
        "parameters": ", ".join(sorted(info.parameters)),
        "source": info.source,
        "rule": info.summary,
    }


@app.command("aggregations")
def aggregations(
    slug: Annotated[
        str | None, typer.Argument(help="An aggregation's slug: print its whole rule.")
    ] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The tournament aggregations: slug, parameters, source and a one-line rule; with a SLUG,
    that aggregation's whole rule."""
    infos = [get_aggregation_info(slug)] if slug is not None else all_aggregations()
    cols = [Col("slug"), Col("parameters"), Col("source"), Col("rule", "one-line rule")]
    if slug is not None:
        cols.insert(1, Col("name"))
    report = Report(tables=[Table("aggregations", cols, [_aggregation_row(i) for i in infos])])
    if slug is not None:
        report.explain.extend(infos[0].rule.strip().splitlines())
    emit(report, fmt)
