"""typer's help and error formatting without rich's Markdown and traceback modules until they
are used (issue 15: ``palmares --help`` within 0.3 s).

``typer.rich_utils`` draws every help page and usage error. At import it takes ``Markdown``
(``rich.markdown``, which imports markdown-it and pygments: a fifth of ``--help``'s time) and
``Traceback`` (``rich.traceback``), though it builds a ``Markdown`` only for help written in
markdown (``rich_markup_mode="markdown"``, which palmares does not use) and a ``Traceback`` only
for typer's pretty exceptions (off: ``pretty_exceptions_enable=False``). :func:`install` puts
a finder on ``sys.meta_path`` that, while ``typer.rich_utils`` runs its imports, hands it a
stand-in for each of these two names; the stand-in imports the real class on first use (to call
it or read an attribute), so nothing typer draws changes. The stand-in modules live only while
``typer.rich_utils`` is imported: anyone else importing ``rich.markdown`` gets the real one.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:  # (importlib.abc itself takes a few milliseconds to import)
    from importlib.abc import Loader

__all__ = ["install"]

#: The module whose imports are deferred, and what it takes from each deferred module.
TARGET = "typer.rich_utils"
DEFERRED: dict[str, tuple[str, ...]] = {
    "rich.markdown": ("Markdown",),
    "rich.traceback": ("Traceback",),
}


class _Deferred(type):
    """The metaclass of a stand-in: calling it, or reading one of its attributes, imports the
    real class and hands over to it."""

    _module: str
    _name: str

    def real(cls) -> Any:
        return getattr(importlib.import_module(cls._module), cls._name)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return cls.real()(*args, **kwargs)

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(cls.real(), name)

    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, cls.real())


def stand_in(module: str, name: str) -> type:
    """A class standing for ``module.name`` until it is used."""
    return _Deferred(name, (), {"_module": module, "_name": name, "__module__": module})


class _Loader:
    """Runs the real loader of :data:`TARGET` with the stand-in modules in ``sys.modules``."""

    def __init__(self, real: Loader) -> None:
        self.real = real

    def __getattr__(self, name: str) -> Any:  # get_source, get_filename …: the real loader's
        return getattr(self.real, name)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self.real.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        placed: dict[str, types.ModuleType] = {}
        for name, attrs in DEFERRED.items():
            if name not in sys.modules:
                placeholder = types.ModuleType(name)
                for attr in attrs:
                    setattr(placeholder, attr, stand_in(name, attr))
                sys.modules[name] = placed[name] = placeholder
        try:
            self.real.exec_module(module)
        finally:
            for name, placeholder in placed.items():
                if sys.modules.get(name) is placeholder:
                    del sys.modules[name]


class _Finder:
    """Finds :data:`TARGET` as the other finders do, and wraps its loader in :class:`_Loader`."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != TARGET:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = cast("Loader", _Loader(spec.loader))
        return spec


_FINDER = _Finder()


def install() -> None:
    """Defer rich's Markdown and traceback for ``typer.rich_utils`` (once; a no-op if typer's
    formatting is already imported)."""
    if TARGET in sys.modules or _FINDER in sys.meta_path:
        return
    sys.meta_path.insert(0, _FINDER)
