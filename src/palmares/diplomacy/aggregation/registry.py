"""The registry of tournament aggregations, by stable slug (never by display name).

Each aggregation module calls :func:`register` at import; :func:`all_aggregations` imports every
module of this package, so adding an aggregation is adding a module.
``get_aggregation("ante:stake=0.2")`` builds one with parameters given as text, as the command
line passes them.
"""

from __future__ import annotations

import importlib
import pkgutil

from palmares.core.errors import PalmaresError
from palmares.diplomacy.aggregation.base import Aggregation, AggregationInfo

__all__ = ["all_aggregations", "get_aggregation", "get_aggregation_info", "register"]

_REGISTRY: dict[str, AggregationInfo] = {}
_LOADED = False
_INFRASTRUCTURE = {"base", "registry"}


def register(info: AggregationInfo) -> AggregationInfo:
    if info.slug in _REGISTRY and _REGISTRY[info.slug] is not info:
        raise ValueError(f"aggregation {info.slug!r} registered twice")
    _REGISTRY[info.slug] = info
    return info


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    package = importlib.import_module("palmares.diplomacy.aggregation")
    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in _INFRASTRUCTURE and not module.name.startswith("_"):
            importlib.import_module(f"{package.__name__}.{module.name}")
    _LOADED = True


def all_aggregations() -> list[AggregationInfo]:
    """Every registered aggregation, by slug."""
    _load()
    return [_REGISTRY[s] for s in sorted(_REGISTRY)]


def get_aggregation_info(slug: str) -> AggregationInfo:
    _load()
    try:
        return _REGISTRY[slug]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise PalmaresError(f"unknown aggregation {slug!r} (known: {known})") from None


def get_aggregation(spec: str) -> Aggregation:
    """Build an aggregation from ``slug`` or ``slug:name=value,name=value``."""
    slug, _, params_text = spec.partition(":")
    info = get_aggregation_info(slug.strip())
    params: dict[str, object] = {}
    if params_text.strip():
        for part in params_text.split(","):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in info.parameters:
                allowed = ", ".join(sorted(info.parameters)) or "none"
                raise PalmaresError(
                    f"{info.slug}: bad parameter {part.strip()!r} (parameters: {allowed})"
                )
            try:
                params[key] = info.parameters[key](value.strip())
            except ValueError as exc:
                raise PalmaresError(f"{info.slug}: {key}: {exc}") from None
    try:
        return info.factory(**params)
    except ValueError as exc:
        raise PalmaresError(f"{info.slug}: {exc}") from None
