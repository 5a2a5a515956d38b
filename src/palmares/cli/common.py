"""Options shared by every command."""

from __future__ import annotations

from typing import Annotated

import typer

from palmares.cli.output import Format

__all__ = ["FormatOption"]

FormatOption = Annotated[
    Format,
    typer.Option("--format", "-f", help="table (for people), csv or json (full precision)."),
]
