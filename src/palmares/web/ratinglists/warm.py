"""A server worker loads the rating engine's compiled kernels as it starts, not in its first
upload.

numba loads a compiled kernel from its cache once per process, and the first load sets up its
typing and target contexts: 0.3–0.6 s that a ratings officer's first re-import after a restart
would otherwise wait for (issue 15; ``bench/imports.py`` times that upload). :func:`warm_up`
starts a background thread that calls the kernels an import's update calls on a two-player
history: the Dip Pouch replay and its list columns with the argument types the update uses, and
the skill's layout and walk through the update's own ``skill_update.rate_laid_out``, so that the
same overloads are loaded. A request that needs a kernel while the thread still loads it waits
for numba's own lock, as it would have waited for the load. With the compiled build of the
kernels (``ratings.compiled``, the usual one) there is nothing to load: the same calls take
microseconds and import no numba.
"""

from __future__ import annotations

import logging
import threading

__all__ = ["warm_up"]

log = logging.getLogger(__name__)


def warm_up() -> threading.Thread | None:
    """Start loading the kernels in a daemon thread (the thread, for a test to join); nothing
    with ``PALMARES_WARM_UP`` off (``settings.WARM_UP``: where numba cannot keep its cache, each
    worker would compile them at start, whether or not an upload comes)."""
    from django.conf import settings

    if not settings.WARM_UP:
        return None
    thread = threading.Thread(target=_load, name="palmares-warm-up", daemon=True)
    thread.start()
    return thread


def _load() -> None:
    try:
        _kernels()
    except Exception:  # a warm-up never stops a server: the first upload loads them instead
        log.exception("palmares: loading the rating kernels at start failed")


def _kernels() -> None:
    import numpy as np
    import numpy.typing as npt

    from palmares.ratings.engine import Engine, ResultArrays
    from palmares.web.ratinglists.skill_update import rate_laid_out

    def i32(*values: int) -> npt.NDArray[np.int32]:
        return np.asarray(values, dtype=np.int32)

    # two events of two players, rows not grouped by event (the grouping kernel too)
    arrays = ResultArrays(
        event_day=i32(1, 2),
        event_position=np.asarray([0, 1], dtype=np.int64),
        event_value=np.asarray([15.0, 15.0]),
        event_players=i32(2, 2),
        row_event=i32(1, 0, 1, 0),
        row_player=i32(0, 0, 1, 1),
        row_rank=i32(1, 2, 2, 1),
        row_nationality=i32(-1, -1, -1, -1),
        n_players=2,
    )
    Engine(arrays).as_of(2)
    two = np.asarray([7, 8, 8, 7], dtype=np.int64)
    rate_laid_out(two, np.asarray([0, 2, 4], dtype=np.int64), np.asarray([1, 2, 2, 1], np.int64))
