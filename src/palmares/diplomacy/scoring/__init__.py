"""Board-scoring systems, one small module each, registered by stable slug.

Use :func:`get_system` (``"divide-and-conquer"``, ``"carnage:dead=tied"``) and
:func:`all_systems`; see ``base.py`` for the interface.
"""

from palmares.diplomacy.scoring.base import BoardScore, Kind, Score, ScoringSystem, SystemInfo
from palmares.diplomacy.scoring.registry import all_systems, get_info, get_system, register

__all__ = [
    "BoardScore",
    "Kind",
    "Score",
    "ScoringSystem",
    "SystemInfo",
    "all_systems",
    "get_info",
    "get_system",
    "register",
]
