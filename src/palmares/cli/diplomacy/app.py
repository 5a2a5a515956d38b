"""The ``palmares diplomacy`` command group, on its own: the submodules register their commands
on it (``from palmares.cli.diplomacy.app import app``) and :mod:`palmares.cli.diplomacy` loads
them, so neither imports the other's half-initialised module."""

from __future__ import annotations

import typer

__all__ = ["app"]

app = typer.Typer(
    help="Diplomacy boards and tournaments: board scores, standings, awards, board call.",
    no_args_is_help=True,
)
