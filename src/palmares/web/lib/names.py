"""Name keys: accent- and case-insensitive forms used for matching and search."""

from __future__ import annotations

import unicodedata

__all__ = ["name_key"]


def name_key(name: str) -> str:
    """``"Édi  BIRSAN"`` → ``"edi birsan"``: accents stripped, case folded, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())
