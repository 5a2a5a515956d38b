"""Long lists (issue 15): the table cut with a note, ``--limit N``, ``--all``, and tables written
directly exactly as rich draws them."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table as RichTable

from palmares.cli.output import TABLE_ROWS, Col, Table, _display, _plain_table, _words
from palmares.explain.language import Language
from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _results(tmp_path: Path, players: int) -> Path:
    """One event of ``players`` players: a list of that many."""
    lines = ["event,date,player,rank,nationality"]
    lines += [
        f"Big Open,2005-05-05,Player {i:04d},{i + 1},{'CA' if i % 3 else 'US'}"
        for i in range(players)
    ]
    path = tmp_path / "results.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_long_table_is_cut_with_a_note(cli: Cli, tmp_path: Path) -> None:
    path = _results(tmp_path, 250)
    res = cli("dip-pouch", "ranking", str(path))
    assert res.code == 0, res.err
    body = [ln for ln in res.out.splitlines() if ln.startswith("│")]
    assert len(body) == TABLE_ROWS
    assert f"showing the first {TABLE_ROWS} of 250 players: --limit N or --all for more" in res.out
    every = cli("dip-pouch", "ranking", str(path), "--all")
    assert len([ln for ln in every.out.splitlines() if ln.startswith("│")]) == 250
    assert "showing the first" not in every.out
    some = cli("dip-pouch", "ranking", str(path), "--limit", "7")
    assert len([ln for ln in some.out.splitlines() if ln.startswith("│")]) == 7
    assert "showing the first" not in some.out


def test_csv_carries_every_row_unless_limited(cli: Cli, tmp_path: Path) -> None:
    path = _results(tmp_path, 250)
    rows = list(
        csv.DictReader(io.StringIO(cli("dip-pouch", "ranking", str(path), "-f", "csv").out))
    )
    assert len(rows) == 250
    assert rows[0]["player"] == "Player 0000" and rows[0]["rank"] == "1"
    few = cli("dip-pouch", "ranking", str(path), "-f", "csv", "--limit", "3").out
    assert [r["player"] for r in csv.DictReader(io.StringIO(few))] == [
        "Player 0000",
        "Player 0001",
        "Player 0002",
    ]
    events = cli("dip-pouch", "events", str(path), "-f", "csv", "--limit", "1")
    assert len(list(csv.DictReader(io.StringIO(events.out)))) == 1


def test_limit_and_all_together_are_refused(cli: Cli, tmp_path: Path) -> None:
    res = cli("dip-pouch", "ranking", str(_results(tmp_path, 3)), "--limit", "2", "--all")
    assert res.code == 2
    assert "give --limit or --all, not both" in res.err


def _rich(table: Table, cells: list[list[str]], width: int) -> str:
    out = io.StringIO()
    title = None if table.title is None else _words(table.title, Language.EN)
    rich_table = RichTable(title=title, title_justify="left", show_lines=False)
    for col in table.columns:
        rich_table.add_column(col.title, justify=col.justify)
    for values in cells:
        rich_table.add_row(*values)
    Console(file=out, soft_wrap=False, width=width).print(rich_table)
    return out.getvalue()


def test_tables_written_directly_are_rich_tables() -> None:
    words = [
        "Anne",
        "Dupré",
        "O'Leary",
        "",
        "12.50",
        "Zoé Kühn",
        "a b  c",
        " lead",
        "trail ",
        "[b]x",
    ]
    heads = ["Rank", "Player", "Nat.", "", "A long header here", "R:"]
    rng = random.Random(15)
    drawn = 0
    for _ in range(400):
        n = rng.randint(1, 7)
        cols = [
            Col(f"k{i}", rng.choice(heads), None, rng.choice(["left", "right"])) for i in range(n)
        ]
        rows = [
            {f"k{i}": rng.choice([*words, str(rng.randint(0, 10**6))]) for i in range(n)}
            for _ in range(rng.randint(0, 6))
        ]
        table = Table(
            "t",
            cols,
            rows,
            rng.choice([None, "Dip Pouch ranking", "A title longer than most of these tables"]),
        )
        cells = [[_display(c, r.get(c.key)) for c in cols] for r in rows]
        width = rng.choice([40, 100])
        plain = _plain_table(table, cells, width)
        if plain is not None:
            drawn += 1
            assert plain == _rich(table, cells, width)
    assert drawn > 30
