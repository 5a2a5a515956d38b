"""Many values of one frozen, slotted dataclass at once, from columns (issue 33).

Our values are ``@dataclass(frozen=True, slots=True)`` (STYLE.md). The ``__init__`` that
``dataclasses`` writes for a frozen class sets each field through ``object.__setattr__`` (the
class's own ``__setattr__`` refuses): about a microsecond a value of four or five fields, which
is most of the time a reader of a million rows spends once the file is checked. :func:`records`
makes the same values — each field's slot set to the column's value, as that ``__init__``
sets it — a column at a time, when the class's ``__init__`` does nothing else: every field
taken from the arguments, no ``__post_init__``, no ``InitVar``. Any other class is made by
calling it (``tests/core/test_records.py``). The cyclic garbage collector is paused while they
are made (as the command line's ``bulk`` pauses it for a whole command): new values hold no
cycle, and its collections, each walking the young objects again, took three quarters of the
time of a million of them.
"""

from __future__ import annotations

import dataclasses
import gc
from collections import deque
from collections.abc import Sequence
from itertools import repeat
from typing import Any, TypeVar

__all__ = ["records"]

T = TypeVar("T")


def _plain(cls: type[Any]) -> tuple[str, ...] | None:
    """The fields of ``cls`` in ``__init__`` order when :func:`records` may set their slots
    directly, else ``None``."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.init or "__slots__" not in cls.__dict__:
        return None
    if hasattr(cls, "__post_init__") or cls.__init__ is not cls.__dict__.get("__init__"):
        return None
    every = getattr(cls, "__dataclass_fields__", {})
    fields = dataclasses.fields(cls)
    if len(fields) != len(every) or not all(f.init for f in fields):
        return None  # an InitVar or a field the constructor does not take
    return tuple(f.name for f in fields)


def records(cls: type[T], *columns: Sequence[Any]) -> list[T]:
    """``[cls(*row) for row in zip(*columns)]`` — one column per field, in the fields' order,
    all of one length — made a column at a time."""
    names = _plain(cls)
    enabled = gc.isenabled()
    gc.disable()
    try:
        if names is None or len(names) != len(columns):
            return list(map(cls, *columns))
        n = len(columns[0]) if columns else 0
        if any(len(c) != n for c in columns):
            raise ValueError("columns of different lengths")
        made: list[T] = list(map(object.__new__, repeat(cls, n)))
        for name, column in zip(names, columns, strict=True):
            deque(map(cls.__dict__[name].__set__, made, column), maxlen=0)
        return made
    finally:
        if enabled:
            gc.enable()
