"""A tournament's scoring and aggregation systems, checked through the registries.

``Tournament.scoring`` and ``Tournament.aggregation`` hold a registry spec (``slug`` or
``slug:name=value,…``, DESIGN.md: systems are looked up by stable slug). Every path that stores
one (the admin's form, the API) calls :func:`system_problems` first, and every page that scores a
stored tournament shows :func:`system_problems`' words instead of failing when a spec stored
before (or edited in the database) no longer builds. :func:`systems_help` lists every system's
parameters with their defaults (from the registry's factory) for the create form (issue 32),
their meanings told by the words layer (explain/messages_setup.py).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from palmares.core.errors import PalmaresError
from palmares.diplomacy.aggregation.base import AggregationInfo
from palmares.diplomacy.aggregation.registry import all_aggregations, get_aggregation
from palmares.diplomacy.scoring.base import SystemInfo
from palmares.diplomacy.scoring.registry import all_systems, get_system

__all__ = ["ParameterHelp", "SystemHelp", "system_problems", "systems_help"]


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


@dataclass(frozen=True, slots=True)
class ParameterHelp:
    """One parameter of a system as the create form lists it: its name and its default as a TD
    would type it (``None``: no value); its meaning is the words layer's
    (:func:`palmares.explain.messages_setup.parameter_meaning`)."""

    name: str
    default: str | None


@dataclass(frozen=True, slots=True)
class SystemHelp:
    """A registry entry with its parameters (``adjust_after``: the ante's default round of the
    fewer-games adjustment, for the form's note; ``None``: the system has none)."""

    slug: str
    name: str
    parameters: tuple[ParameterHelp, ...]
    adjust_after: int | None = None


def _typed(value: object) -> str | None:
    """A default as the ``name=value`` text that gives it (``rounded=yes``, ``tiebreak=none``)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value) or "none"
    return str(value)


def _help(info: SystemInfo | AggregationInfo) -> SystemHelp:
    signature = inspect.signature(info.factory).parameters
    rows = []
    for name in info.parameters:
        found = signature.get(name)
        default = None if found is None or found.default is found.empty else found.default
        rows.append(ParameterHelp(name, _typed(default)))
    adjust_after = None
    if "adjust_after" in info.parameters and signature.get("adjust_after") is not None:
        adjust_after = int(signature["adjust_after"].default)
    return SystemHelp(info.slug, info.name, tuple(rows), adjust_after)


def systems_help() -> tuple[tuple[SystemHelp, ...], tuple[SystemHelp, ...]]:
    """The board-scoring systems and the aggregations of the registries, each with its
    parameters' defaults and meanings (issue 32: the create form lists them)."""
    return (
        tuple(_help(info) for info in all_systems()),
        tuple(_help(info) for info in all_aggregations()),
    )
