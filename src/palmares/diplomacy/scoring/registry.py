"""The registry of board-scoring systems, by stable slug (never by display name).

Each system module calls :func:`register` at import; :func:`all_systems` imports every module of
this package, so adding a system is adding a module. ``get_system("carnage:dead=tied")`` builds a
system with parameters given as text, as the command line passes them.
"""

from __future__ import annotations

from typing import cast

from palmares.core.message import Message
from palmares.core.registry import SlugRegistry
from palmares.diplomacy.scoring.base import ScoringSystem, SystemInfo

__all__ = ["all_systems", "get_info", "get_system", "register"]

_REGISTRY: SlugRegistry[SystemInfo] = SlugRegistry(
    "palmares.diplomacy.scoring",
    "scoring system",
    frozenset({"base", "registry"}),
    lambda slug, known: Message.of("scoring.unknown", slug=slug, known=known),
)


def register(info: SystemInfo) -> SystemInfo:
    return _REGISTRY.register(info)


def all_systems() -> list[SystemInfo]:
    """Every registered system, by slug."""
    return _REGISTRY.all()


def get_info(slug: str) -> SystemInfo:
    return _REGISTRY.info(slug)


def get_system(spec: str) -> ScoringSystem:
    """Build a system from ``slug`` or ``slug:name=value,name=value``."""
    return cast(ScoringSystem, _REGISTRY.build(spec))
