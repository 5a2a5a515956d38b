"""`palmares diplomacy`.

Diplomacy boards and tournaments: board scores, standings, awards, board call.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Diplomacy boards and tournaments: board scores, standings, awards, board call.",
    no_args_is_help=True,
)
