"""`palmares dip-pouch`.

The WDD's Dip Pouch Tournament Rating: ranking, player page, event report.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    help="The WDD's Dip Pouch Tournament Rating: ranking, player page, event report.",
    no_args_is_help=True,
)
