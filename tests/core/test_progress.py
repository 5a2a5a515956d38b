"""The progress observer: the core reports, the installed reporter hears (DESIGN.md)."""

from __future__ import annotations

from pathlib import Path

from palmares.core.progress import report, reporting
from palmares.io.fields import integer
from palmares.io.tables import Column, read_rows


def test_report_without_a_reporter_does_nothing() -> None:
    report("work", 1, 2)  # no reporter installed: nothing happens, nothing fails


def test_reading_a_long_file_reports_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "n.csv"
    path.write_text("n\n" + "".join(f"{i}\n" for i in range(25_000)))
    heard: list[tuple[str, int, int]] = []
    with reporting(lambda label, done, total: heard.append((label, done, total))):
        rows = read_rows(path, [Column("n", integer(), required=True)])
    assert len(rows) == 25_000
    assert heard[0] == (f"reading {path.name}", 0, 25_000)
    assert heard[-1] == (f"reading {path.name}", 25_000, 25_000)
    assert [d for _, d, _ in heard] == sorted(d for _, d, _ in heard)
    report("after", 1, 1)  # the reporter is gone once the block ends
    assert heard[-1][0] != "after"
