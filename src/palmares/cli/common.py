"""Options shared by every command."""

from __future__ import annotations

from typing import Annotated

import typer

from palmares.cli.output import Format
from palmares.explain.language import Language

__all__ = ["FormatOption", "LanguageOption"]

FormatOption = Annotated[
    Format,
    typer.Option("--format", "-f", help="table (for people), csv or json (full precision)."),
]

LanguageOption = Annotated[
    Language | None,
    typer.Option(
        "--language",
        help="Words of --explain: en or fr (default: the locale's, LC_ALL, LC_MESSAGES, LANG).",
    ),
]
