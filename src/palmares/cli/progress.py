"""The command line's progress bars (DESIGN.md: "Long work shows a progress bar on a terminal").

Every command runs inside :func:`progress_bar`; when stderr is surely not a terminal (the test
below is rich's own, read from the environment without importing rich) nothing of rich is
imported (issue 15: a command loads only what it needs).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING

from palmares.core.progress import reporting

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import TaskID

__all__ = ["progress_bar", "surely_not_terminal"]


def surely_not_terminal(stream: IO[str]) -> bool:
    """True when rich's ``Console(file=stream).is_terminal`` would be False for certain: the
    environment forces nothing (``TTY_COMPATIBLE``, ``FORCE_COLOR``, as rich reads them) and the
    stream is no tty. False means "ask rich"."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible == "0":
        return True
    if compatible == "1" or os.environ.get("FORCE_COLOR") is not None:
        return False
    try:
        return not stream.isatty()
    except (AttributeError, ValueError):
        return True


@contextmanager
def progress_bar(console: Console | None = None, delay: float = 0.5) -> Iterator[None]:
    """While the block runs, draw the core's progress reports (:mod:`palmares.core.progress`)
    as bars on stderr — on a terminal only, and only once reported work has lasted ``delay``
    seconds (DESIGN.md: "Long work shows a progress bar on a terminal"). The bars vanish when
    the work is done."""
    if console is None:
        if surely_not_terminal(sys.stderr):
            yield
            return
        from rich.console import Console

        console = Console(stderr=True)
    if not console.is_terminal:
        yield
        return
    # Imported here: a command whose output is not a terminal never draws a bar (issue 15).
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    bar = Progress(
        "{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    tasks: dict[str, TaskID] = {}
    began: list[float] = []  # when the first report came
    shown = False

    def show(label: str, done: int, total: int) -> None:
        nonlocal shown
        task = tasks.get(label)
        if task is None:
            task = tasks[label] = bar.add_task(label, total=total)
        bar.update(task, completed=done, total=total)
        began.append(began[0] if began else time.monotonic())
        if not shown and time.monotonic() - began[0] >= delay:
            bar.start()
            shown = True

    try:
        with reporting(show):
            yield
    finally:
        if shown:
            bar.stop()
