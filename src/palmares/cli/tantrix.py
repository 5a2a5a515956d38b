"""`palmares tantrix`: Tantrix Elo: tournament points and performance ratings."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Tantrix Elo: tournament points and performance ratings.", no_args_is_help=True
)
