"""The registry of board-scoring systems, by stable slug (never by display name).

Each system module calls :func:`register` at import; :func:`all_systems` imports every module of
this package, so adding a system is adding a module. ``get_system("carnage:dead=tied")`` builds a
system with parameters given as text, as the command line passes them.
"""

from __future__ import annotations

import importlib
import pkgutil

from palmares.core.errors import PalmaresError
from palmares.diplomacy.scoring.base import ScoringSystem, SystemInfo

__all__ = ["all_systems", "get_info", "get_system", "register"]

_REGISTRY: dict[str, SystemInfo] = {}
_LOADED = False
_INFRASTRUCTURE = {"base", "registry"}


def register(info: SystemInfo) -> SystemInfo:
    if info.slug in _REGISTRY and _REGISTRY[info.slug] is not info:
        raise ValueError(f"scoring system {info.slug!r} registered twice")
    _REGISTRY[info.slug] = info
    return info


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    package = importlib.import_module("palmares.diplomacy.scoring")
    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in _INFRASTRUCTURE and not module.name.startswith("_"):
            importlib.import_module(f"{package.__name__}.{module.name}")
    _LOADED = True


def all_systems() -> list[SystemInfo]:
    """Every registered system, by slug."""
    _load()
    return [_REGISTRY[s] for s in sorted(_REGISTRY)]


def get_info(slug: str) -> SystemInfo:
    _load()
    try:
        return _REGISTRY[slug]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise PalmaresError(f"unknown scoring system {slug!r} (known: {known})") from None


def get_system(spec: str) -> ScoringSystem:
    """Build a system from ``slug`` or ``slug:name=value,name=value``."""
    slug, _, params_text = spec.partition(":")
    info = get_info(slug.strip())
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
    return info.factory(**params)
