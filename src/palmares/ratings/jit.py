"""numba's ``njit``, applied when a kernel is first called rather than when its module is imported
(issue 15).

Importing numba and setting up its dispatchers costs a command about 0.2 s, and a command whose
kernels are all compiled ahead of time (``ratings.kernels``: the Dip Pouch replay, the skill walk)
should not pay it. :func:`njit` wraps a function in a :class:`Lazy` stand-in; the first call of
any stand-in imports numba, makes the real dispatcher of every stand-in made so far (with the
options given: ``cache=True`` keeps numba's on-disk cache as before) and puts each in place of
its stand-in in the globals of the modules that hold one, so that a kernel calling another
compiles against the real one (numba resolves a compiled function's globals when it compiles
it). Stand-ins made later (a module imported afterwards) get theirs at their first call.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["Lazy", "compiled", "njit"]

F = TypeVar("F", bound=Callable[..., Any])

_made: list[Lazy] = []
_lock = threading.RLock()


class Lazy:
    """A kernel whose numba dispatcher is made at its first call."""

    __slots__ = ("__wrapped__", "options", "real")

    def __init__(self, fn: Callable[..., Any], options: dict[str, Any]) -> None:
        self.__wrapped__ = fn
        self.options = options
        self.real: Any = None
        with _lock:
            _made.append(self)

    def __call__(self, *args: Any) -> Any:
        return compiled(self)(*args)

    def __repr__(self) -> str:
        return f"<lazy kernel {self.__wrapped__.__module__}.{self.__wrapped__.__qualname__}>"


def njit(**options: Any) -> Callable[[F], F]:
    """``numba.njit(**options)``, made at the first call (see the module)."""

    def wrap(fn: F) -> F:
        return cast(F, Lazy(fn, options))

    return wrap


def compiled(kernel: Any) -> Any:
    """The numba dispatcher of ``kernel`` (a stand-in of :func:`njit`; anything else as it is)."""
    if not isinstance(kernel, Lazy):
        return kernel
    if kernel.real is None:
        _realize()
    return kernel.real


def _realize() -> None:
    """Every stand-in's dispatcher, each put in place of its stand-in wherever a module holds it."""
    import numba

    with _lock:
        for lazy in _made:
            if lazy.real is None:
                lazy.real = numba.njit(**lazy.options)(lazy.__wrapped__)
        for module in list(sys.modules.values()):
            space = getattr(module, "__dict__", None)
            if not isinstance(space, dict) or not str(getattr(module, "__name__", "")).startswith(
                "palmares."
            ):
                continue
            for name, value in list(space.items()):
                if isinstance(value, Lazy):
                    space[name] = value.real
