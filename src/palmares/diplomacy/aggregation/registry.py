"""The registry of tournament aggregations, by stable slug (never by display name).

Each aggregation module calls :func:`register` at import; :func:`all_aggregations` imports every
module of this package, so adding an aggregation is adding a module.
``get_aggregation("ante:stake=0.2")`` builds one with parameters given as text, as the command
line passes them.
"""

from __future__ import annotations

from typing import cast

from palmares.core.message import Message
from palmares.core.registry import SlugRegistry
from palmares.diplomacy.aggregation.base import Aggregation, AggregationInfo

__all__ = ["all_aggregations", "get_aggregation", "get_aggregation_info", "register"]

_REGISTRY: SlugRegistry[AggregationInfo] = SlugRegistry(
    "palmares.diplomacy.aggregation",
    "aggregation",
    frozenset({"base", "registry"}),
    lambda slug, known: Message.of("aggregation.unknown", slug=slug, known=known),
)


def register(info: AggregationInfo) -> AggregationInfo:
    return _REGISTRY.register(info)


def all_aggregations() -> list[AggregationInfo]:
    """Every registered aggregation, by slug."""
    return _REGISTRY.all()


def get_aggregation_info(slug: str) -> AggregationInfo:
    return _REGISTRY.info(slug)


def get_aggregation(spec: str) -> Aggregation:
    """Build an aggregation from ``slug`` or ``slug:name=value,name=value``."""
    return cast(Aggregation, _REGISTRY.build(spec))
