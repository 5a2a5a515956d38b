"""Long work shows a progress bar on a terminal, and nothing elsewhere (DESIGN.md)."""

from __future__ import annotations

import io

from rich.console import Console

from palmares.cli.output import progress_bar
from palmares.core.progress import report


def test_a_terminal_sees_the_bar_while_work_reports() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    with progress_bar(console, delay=0):
        report("reading big.csv", 5_000, 10_000)
        report("reading big.csv", 10_000, 10_000)
    text = out.getvalue()
    assert "reading big.csv" in text and "10000/10000" in text


def test_short_work_shows_no_bar() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True)
    with progress_bar(console, delay=60):
        report("reading small.csv", 0, 10)
        report("reading small.csv", 10, 10)
    assert out.getvalue() == ""


def test_no_terminal_no_bar() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=False)
    with progress_bar(console, delay=0):
        report("reading big.csv", 1, 2)
    assert out.getvalue() == ""


def test_no_report_no_bar() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True)
    with progress_bar(console, delay=0):
        pass
    assert out.getvalue() == ""
