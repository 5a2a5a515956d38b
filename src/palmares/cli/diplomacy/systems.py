"""Commands of `palmares diplomacy` (systems)."""

from __future__ import annotations

from palmares.cli.diplomacy import app

__all__ = ["app"]
