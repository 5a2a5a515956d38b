"""Commands of `palmares diplomacy` (boards): ``board-score``.

Thin: read the file (``palmares.io``), call the core (the scoring systems), build a
:class:`~palmares.cli.output.Report` from its results. No figure is computed here. The
tournament's ``standings`` are in :mod:`palmares.cli.diplomacy.standings`, so that scoring a
board does not load the aggregations and prizes (issue 15: a small command within 0.6 s).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption, language_of
from palmares.cli.diplomacy.app import app
from palmares.cli.output import Col, Format, Report, Table, emit, fixed, word
from palmares.diplomacy.scoring import get_system
from palmares.explain import explain
from palmares.io.boards import read_boards_json

__all__ = ["DEFAULT_SYSTEM", "app", "board_score"]

DEFAULT_SYSTEM = "divide-and-conquer"


@app.command("board-score")
def board_score(
    file: Annotated[Path, typer.Argument(help="boards.json: a list of single boards.")],
    system: Annotated[
        str, typer.Option("--system", "-s", help="Scoring system slug[:name=value,…].")
    ] = DEFAULT_SYSTEM,
    normalise: Annotated[
        bool, typer.Option("--normalise", help="Rescale every board to a total of 100.")
    ] = False,
    explain_scores: Annotated[
        bool, typer.Option("--explain", help="Say how each score came, in words.")
    ] = False,
    language: LanguageOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Score single boards: one row per board and power (centres, f(sc), score)."""
    scoring = get_system(system)
    boards = read_boards_json(file)
    results = [scoring.score(b) for b in boards]
    if normalise:
        results = [r.normalised(100) for r in results]
    has_f = any(
        r.workings is not None and r.workings.f_sc(p) is not None for r in results for p in r.scores
    )
    rows: list[dict[str, Any]] = []
    for result in results:
        for power, score in result.scores.items():
            rows.append(
                {
                    "board": result.board.id,
                    "power": power,
                    "centres": result.board.centres[power],
                    "f_sc": result.workings.f_sc(power) if result.workings else None,
                    "score": score,
                }
            )
    cols = [Col("board"), Col("power", display=word), Col("centres", justify="right")]
    if has_f:
        cols.append(Col("f_sc", "f(sc)", fixed(5), "right"))
    cols.append(Col("score", display=fixed(2), justify="right"))
    report = Report(tables=[Table("scores", cols, rows)], language=language_of(language))
    if explain_scores:
        words = language_of(language)
        for result in results:
            report.explain.extend(explain(result, words))
    emit(report, fmt)
