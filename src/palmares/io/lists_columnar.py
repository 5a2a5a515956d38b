"""The checks of the player lists across rows as array operations (issue 33): ``players.csv``
of the board call (:func:`palmares.io.seeding.read_roster`) and of the Tantrix tables
(:func:`palmares.io.tantrix.read_names_csv`) — each player once, spelled one way. As the other
fast paths (``io/*_columnar.py``), a file with a problem is left to the row-wise reader, which
names it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from palmares.io.columnar import CodedTable
from palmares.io.rowchecks import all_distinct, named, spelled_once

__all__ = ["listed_once"]


def listed_once(t: CodedTable, column: str) -> npt.NDArray[np.int64] | None:
    """The rows of a list whose ``column`` names each player once and spells each name one
    way (``io.tables.check_spellings``), or ``None``."""
    if t.rows == 0 or not spelled_once(t[column]):
        return None
    codes, _ = named(t[column])
    if not all_distinct(codes):
        return None
    return np.arange(t.rows, dtype=np.int64)
