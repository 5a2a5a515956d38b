"""The one identity rule for names: two spellings with the same key are one person (or event).

Issue 3 matches players "by name normalised for case, accents and spacing"; issue 13 makes that
one rule everywhere: the readers key players by :func:`name_key` (and refuse two spellings of one
key in one file or board), the database stores it as ``Player.key``/``Event.key`` and merges on
it, and the site's search uses it.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["name_key"]


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """``"  Édi   BIRSAN "`` → ``"edi birsan"``: accents dropped (NFKD, combining marks
    removed), case folded, runs of spaces collapsed."""
    if name.isascii():  # NFKD leaves ASCII as it is, and there is no mark to drop
        return " ".join(name.casefold().split())
    decomposed = unicodedata.normalize("NFKD", name)
    # Combining marks are never ASCII: most names need no filtering.
    bare = (
        decomposed
        if decomposed.isascii()
        else "".join(c for c in decomposed if c < "\u0300" or not unicodedata.combining(c))
    )
    return " ".join(bare.casefold().split())
