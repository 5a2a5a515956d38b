"""A tournament's scoring and aggregation systems, checked through the registries.

``Tournament.scoring`` and ``Tournament.aggregation`` hold a registry spec (``slug`` or
``slug:name=value,…``, DESIGN.md: systems are looked up by stable slug). Every path that stores
one (the admin's form, the API) calls :func:`system_problems` first, and every page that scores a
stored tournament shows :func:`system_problems`' words instead of failing when a spec stored
before (or edited in the database) no longer builds.
"""

from __future__ import annotations

from palmares.core.errors import PalmaresError
from palmares.diplomacy.aggregation.registry import get_aggregation
from palmares.diplomacy.scoring.registry import get_system

__all__ = ["system_problems"]


def system_problems(scoring: str, aggregation: str) -> dict[str, str]:
    """``{"scoring" | "aggregation": what is wrong}`` for specs the registries cannot build
    (an unknown slug, a parameter it does not have or a bad value); empty when both build."""
    problems: dict[str, str] = {}
    for field, spec, build in (
        ("scoring", scoring, get_system),
        ("aggregation", aggregation, get_aggregation),
    ):
        try:
            build(spec)
        except PalmaresError as exc:
            problems[field] = str(exc)
    return problems
