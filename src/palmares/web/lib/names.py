"""Name keys: accent- and case-insensitive forms used for matching and search.

The rule is the core's (:func:`palmares.core.names.name_key`), so the readers and the database
compare names alike.
"""

from __future__ import annotations

from palmares.core.names import name_key

__all__ = ["name_key"]
