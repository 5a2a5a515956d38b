"""Which renderer tells which typed value: one renderer per class, found through the MRO.

A renderer is a function ``(value, voice) -> tuple[str, ...]`` (the lines of the value's
explanation), registered with ``@renders(TheValue)`` in a module of
:mod:`palmares.explain.renderers` (one module per game: ``diplomacy``, ``ratings`` …). Every
module there is imported the first time a value's class has no renderer yet, so the core never
imports the renderers and a caller needs only :func:`explain`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any, TypeVar

from palmares.explain.language import Language
from palmares.explain.voice import Voice, voice

__all__ = ["Renderer", "explain", "explain_text", "renderer_for", "renders"]

Renderer = Callable[[Any, Voice], tuple[str, ...]]
T = TypeVar("T")

_RENDERERS: dict[type, Renderer] = {}
_loaded = False


def renders(cls: type[T]) -> Callable[[Callable[[T, Voice], tuple[str, ...]]], Renderer]:
    """Register the decorated function as the renderer of ``cls`` (one per class)."""

    def register(function: Callable[[T, Voice], tuple[str, ...]]) -> Renderer:
        if cls in _RENDERERS:
            raise ValueError(f"{cls.__qualname__} already has a renderer")
        _RENDERERS[cls] = function
        return function

    return register


def _load_providers() -> None:
    global _loaded
    if not _loaded:
        from palmares.explain import renderers

        for module in pkgutil.iter_modules(renderers.__path__, f"{renderers.__name__}."):
            importlib.import_module(module.name)
        _loaded = True  # only once every module is in (a failed import raises again)


def renderer_for(cls: type) -> Renderer:
    """The renderer of ``cls`` or of its nearest base class that has one."""
    _load_providers()
    for klass in cls.__mro__:
        found = _RENDERERS.get(klass)
        if found is not None:
            return found
    raise TypeError(f"no renderer for {cls.__module__}.{cls.__qualname__}")


def explain(value: object, language: Language | str | None = None) -> tuple[str, ...]:
    """The lines that explain ``value`` in ``language`` (default: the locale environment's)."""
    return renderer_for(type(value))(value, voice(language))


def explain_text(value: object, language: Language | str | None = None) -> str:
    """:func:`explain` as one text, a line each."""
    return "\n".join(explain(value, language))
