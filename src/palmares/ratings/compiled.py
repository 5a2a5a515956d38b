"""The compiled build of the rating kernels (``_kernels.c``: the Dip Pouch replay, the skill's
layout and its Plackett–Luce walk), or ``None`` when the extension was not built (no C compiler
when the package was installed): the numba builds run instead (issue 15). ``KERNEL`` says which
runs; ``PALMARES_KERNELS=numba`` makes the numba builds run even so (the tests compare both)."""

from __future__ import annotations

import os
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["KERNEL", "contiguous", "kernels"]

kernels: ModuleType | None
try:
    if os.environ.get("PALMARES_KERNELS", "") == "numba":
        raise ImportError("PALMARES_KERNELS=numba")
    from palmares.ratings import _kernels as kernels
except ImportError:
    kernels = None

KERNEL = "numba" if kernels is None else "compiled"


def contiguous(a: npt.ArrayLike, dtype: type[np.generic]) -> npt.NDArray[Any]:
    """``a`` as the compiled kernels take an input (C-contiguous, of ``dtype``; no copy when it
    is already)."""
    return np.ascontiguousarray(a, dtype=dtype)
