"""`palmares wizard`: Wizard online league: months, master points, tournaments."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Wizard online league: months, master points, tournaments.", no_args_is_help=True
)
