"""Tournament aggregations, one small module each, registered by stable slug.

Use :func:`get_aggregation` (``"ante"``, ``"ante:stake=0.2"``) and :func:`all_aggregations`;
see ``base.py`` for the interface (played boards + a scoring system in, standings out).
"""

from palmares.diplomacy.aggregation.base import (
    Aggregation,
    AggregationInfo,
    Line,
    Standing,
    Standings,
)
from palmares.diplomacy.aggregation.registry import (
    all_aggregations,
    get_aggregation,
    get_aggregation_info,
    register,
)

__all__ = [
    "Aggregation",
    "AggregationInfo",
    "Line",
    "Standing",
    "Standings",
    "all_aggregations",
    "get_aggregation",
    "get_aggregation_info",
    "register",
]
