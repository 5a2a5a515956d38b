"""How far long work has got, for whoever shows it (DESIGN.md: "Long work shows a progress bar
on a terminal").

The core never prints. Work that can take seconds calls :func:`report` with how much is done of
how much; the command line installs a reporter with :func:`reporting` that draws a bar on a
terminal. Without one, :func:`report` does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Reporter", "report", "reporting"]

#: Called with a label (what is being done), the steps done and the steps in all.
Reporter = Callable[[str, int, int], None]

_reporter: ContextVar[Reporter | None] = ContextVar("palmares_progress", default=None)


def report(label: str, done: int, total: int) -> None:
    """Tell the installed reporter, if any, that ``done`` of ``total`` steps of ``label`` are
    done."""
    reporter = _reporter.get()
    if reporter is not None:
        reporter(label, done, total)


@contextmanager
def reporting(reporter: Reporter) -> Iterator[None]:
    """Install ``reporter`` for the work done inside the ``with`` block."""
    token = _reporter.set(reporter)
    try:
        yield
    finally:
        _reporter.reset(token)
