"""The one identity rule for names: two spellings with the same key are one person (or event).

Issue 3 matches players "by name normalised for case, accents and spacing"; issue 13 makes that
one rule everywhere: the readers key players by :func:`name_key` (and refuse two spellings of one
key in one file or board), the database stores it as ``Player.key``/``Event.key`` and merges on
it, and the site's search uses it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

__all__ = ["name_key", "name_keys", "reading_key"]


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


#: The characters ``str.split()`` splits ASCII text on, but the space.
_ASCII_SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f"


def name_keys(names: Sequence[str]) -> list[str]:
    """``[name_key(n) for n in names]``, for a file's column of names at once (issue 33).

    When every name is ASCII, with no space at either end, no two spaces together and no other
    space character, each key is the name in lower case (an ASCII name's ``casefold``): the
    names are joined with NUL, checked and lowered as one text. Any other list takes
    :func:`name_key` name by name."""
    text = "\x00".join(names)
    plain = (
        text.isascii()
        and text.count("\x00") == len(names) - 1
        and "  " not in text
        and " \x00" not in text
        and "\x00 " not in text
        and not text.startswith(" ")
        and not text.endswith(" ")
        and not any(c in text for c in _ASCII_SPACES)
    )
    if not names or not plain:
        key = name_key.__wrapped__ if len(names) > 50_000 else name_key  # no cache churn
        return list(map(key, names))
    return text.lower().split("\x00")


#: Letters that are not a base letter with a mark (NFKD leaves them whole), read as the
#: letters people file them under.
_FOLDED = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ı": "i"}
)


def reading_key(name: str) -> tuple[str, str]:
    """The order people read a list of names in (issue 32): Å with A, É with E, Ø with O, case
    ignored; names equal that way in their own order. A sort key for every list of names the
    site and the files show (roll calls, the players' call, the desk)."""
    return (name_key(name).translate(_FOLDED), name)
