"""`palmares diplomacy`.

Diplomacy boards and tournaments: board scores, standings, awards, board call. Each submodule
adds its commands to :data:`app`: ``boards`` (board-score, standings), ``seeding`` (seed),
``systems`` (the catalogue of scoring systems), ``adjudicate`` (adjudicate, orders check).
"""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Diplomacy boards and tournaments: board scores, standings, awards, board call.",
    no_args_is_help=True,
)

# Imported for their side effect: each registers its commands on ``app``.
from palmares.cli.diplomacy import adjudicate, boards, seeding, systems  # noqa: E402

__all__ = ["adjudicate", "app", "boards", "seeding", "systems"]
