"""`palmares diplomacy`.

Diplomacy boards and tournaments: board scores, standings, awards, board call. Each submodule
adds its commands to :data:`app` (defined in :mod:`palmares.cli.diplomacy.app`, so a submodule
imports it without importing this package's loader): ``boards`` (board-score), ``standings``,
``seeding`` (seed), ``systems`` (the catalogue of scoring systems), ``adjudicate`` (adjudicate,
orders check, replay).
"""

from __future__ import annotations

import importlib

import typer

from palmares.cli.diplomacy.app import app

#: The submodules, each registering its commands on ``app`` when imported, by command.
COMMANDS = {
    "board-score": "boards",
    "standings": "standings",
    "seed": "seeding",
    "systems": "systems",
    "aggregations": "systems",
    "adjudicate": "adjudicate",
    "orders": "adjudicate",
    "replay": "adjudicate",
}

__all__ = ["COMMANDS", "app", "load"]


def load(command: str | None = None) -> typer.Typer:
    """``app`` with the commands of ``command``'s submodule (all of them if ``command`` is
    ``None`` or unknown): ``palmares diplomacy seed`` need not load the scoring systems.
    Commands are registered in the order of :data:`COMMANDS` whatever was loaded before."""
    wanted = {COMMANDS[command]} if command in COMMANDS else set(COMMANDS.values())
    for name in dict.fromkeys(COMMANDS.values()):
        if name in wanted:
            importlib.import_module(f"palmares.cli.diplomacy.{name}")
    order = {name: n for n, name in enumerate(COMMANDS)}
    app.registered_commands.sort(key=lambda c: order.get(c.name or "", len(order)))
    return app
