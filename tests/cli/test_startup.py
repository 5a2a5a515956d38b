"""Start-up of the command line (issue 15): ``palmares --help`` and a small command import
neither numba, numpy, Django nor pydantic (nor the board call's engine), and ``--help`` not
rich's Markdown either; ``palmares --help`` lists every part from its help line as the part
itself gives it; the options typer reads without pydantic (:mod:`palmares.cli.coercion`) come
out as typer's pydantic adapters make them. Checked on ``sys.modules`` in a fresh process, not
on time (the times are printed by ``bench/startup.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main

from palmares.cli import main as cli_main
from tests.conftest import REPO

HEAVY = ("numba", "llvmlite", "numpy", "django", "ninja", "pyarrow", "polars", "pydantic")


def loaded_after(code: str) -> list[str]:
    """The top-level packages (and palmares modules) loaded once ``code`` has run."""
    script = (
        "import sys, io, contextlib\n"
        f"{code}\n"
        "names = {m.split('.')[0] for m in sys.modules} | {m for m in sys.modules "
        "if m.startswith('palmares.')}\n"
        "print(__import__('json').dumps(sorted(names)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO
    ).stdout
    loaded: list[str] = json.loads(out.splitlines()[-1])
    return loaded


def run_quietly(*argv: str, code: int = 0) -> str:
    """Code that runs ``palmares ARGV…`` in process, its output swallowed."""
    return (
        "from palmares.cli.main import main\n"
        "quiet = contextlib.redirect_stdout(io.StringIO())\n"
        "with quiet, contextlib.redirect_stderr(io.StringIO()):\n"
        f"    rc = main({list(argv)!r})\n"
        f"assert rc == {code}, rc"
    )


def test_importing_the_command_line_loads_no_heavy_package() -> None:
    loaded = loaded_after("import palmares.cli.main")
    assert not [m for m in HEAVY if m in loaded]
    parts = {module for module, _, _ in cli_main.PARTS.values()}
    assert not parts & set(loaded)
    assert not [m for m in loaded if m.startswith("palmares.diplomacy")]


@pytest.mark.parametrize(("argv", "code"), [(("--help",), 0), ((), 2)])
def test_help_loads_no_part(argv: tuple[str, ...], code: int) -> None:
    loaded = loaded_after(run_quietly(*argv, code=code))
    assert not [m for m in HEAVY if m in loaded]
    assert "markdown_it" not in loaded and "pygments" not in loaded
    parts = {module for module, _, _ in cli_main.PARTS.values()}
    assert not parts & set(loaded)
    assert not [m for m in loaded if m.startswith("palmares.diplomacy")]


def test_board_score_loads_neither_numba_numpy_django_nor_the_board_call() -> None:
    examples = str(REPO / "examples" / "wdc-2007" / "examples.json")
    loaded = loaded_after(run_quietly("diplomacy", "board-score", examples))
    assert "palmares.cli.diplomacy.boards" in loaded
    assert not [m for m in HEAVY if m in loaded]
    assert "palmares.cli.diplomacy.standings" not in loaded
    assert "rich" not in loaded  # a table to a file is drawn without it
    assert not [m for m in loaded if m.startswith("palmares.diplomacy.aggregation")]
    assert not [m for m in loaded if m.startswith("palmares.diplomacy.seeding")]
    assert "palmares.cli.diplomacy.seeding" not in loaded


def test_the_board_call_loads_neither_numba_nor_numpy_with_its_kernel_built(tmp_path: Path) -> None:
    from palmares.diplomacy.seeding import anneal

    if anneal.KERNEL != "compiled":
        pytest.skip("the compiled kernel was not built: numba's build runs")
    players = tmp_path / "players.csv"
    players.write_text("player\n" + "".join(f"p{i:02d}\n" for i in range(1, 22)))
    loaded = loaded_after(run_quietly("diplomacy", "seed", str(players), "--round", "2"))
    assert "palmares.diplomacy.seeding.search" in loaded
    assert not [m for m in HEAVY if m in loaded]


def test_the_help_lines_are_the_parts_own() -> None:
    # HELP is what `palmares --help` lists without importing the parts: it must be their text.
    whole = typer.main.get_command(cli_main.build_app())
    commands = getattr(whole, "commands", {})
    assert set(commands) == set(cli_main.PARTS) == set(cli_main.HELP)
    for name, command in commands.items():
        assert cli_main.HELP[name] == command.help, name


def test_the_lazy_help_is_the_help_of_the_whole_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("TERM", "dumb")
    cli_main._BUILT.clear()
    assert cli_main.main(["--help"]) == 0
    lazy = capsys.readouterr().out
    whole = typer.main.get_command(cli_main.build_app())
    with pytest.raises(SystemExit):
        whole.main(["--help"])
    assert lazy == capsys.readouterr().out
    for name in cli_main.PARTS:
        assert f" {name} " in lazy


def test_csv_output_loads_no_rich() -> None:
    examples = str(REPO / "examples" / "wdc-2007" / "examples.json")
    loaded = loaded_after(run_quietly("diplomacy", "board-score", examples, "--format", "csv"))
    assert "palmares.cli.output" in loaded
    assert "rich" not in loaded and "typer.rich_utils" not in loaded


def test_typer_formatting_takes_markdown_and_traceback_when_used() -> None:
    # lazy_rich: typer.rich_utils imported without rich.markdown; its Markdown and Traceback
    # are the real ones once used, and rich.markdown imports as itself afterwards.
    code = (
        "import sys\n"
        "import palmares.cli.main\n"
        "import typer.rich_utils as ru\n"
        "assert 'rich.markdown' not in sys.modules and 'rich.traceback' not in sys.modules\n"
        "md = ru.Markdown('*x*', style='dim')\n"
        "import rich.markdown, rich.traceback\n"
        "assert type(md) is rich.markdown.Markdown and isinstance(md, ru.Markdown)\n"
        "assert ru.Traceback.from_exception == rich.traceback.Traceback.from_exception\n"
        "assert sys.modules['rich.markdown'].__file__.endswith('markdown.py')\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def every_parameter() -> list[tuple[Any, Any]]:
    """(command, parameter) for every parameter of every command of ``palmares``."""
    found: list[tuple[Any, Any]] = []

    def walk(command: Any) -> None:
        found.extend((command, p) for p in command.params)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(cli_main.build_app()))
    return found


#: Values as the command line (or a default) hands them to typer: canonical and odd numbers,
#: words, choices in either case, paths that exist and do not, and typed defaults.
SAMPLES: tuple[object, ...] = (
    "0", "7", "-3", "+3", "007", "12345678901234567890", "1.5", "-0.25", "2.", ".5", "1e3",
    "1_000", " 5", "", "abc", "true", "no", "-", "table", "CSV", "Json", "fr", "EN", "admin",
    "examples/wdc-2007/examples.json", "examples", "no/such/file.csv", "a//b/./c",
    0, 3, -2, 2.5, True, False,
)  # fmt: skip


def outcome(runtime: Any, value: object, param: Any, ctx: Any) -> tuple[str, Any, Any]:
    """What ``runtime`` makes of ``value``: the value and its type, or the error and its words."""
    try:
        got = runtime.coerce(value, param=param, ctx=ctx)
    except Exception as exc:  # the error is part of what must agree
        return ("error", type(exc), str(exc))
    return ("value", type(got), got)


def test_options_read_without_pydantic_are_what_typer_reads() -> None:
    from typer import _click, _coercion

    from palmares.cli import coercion

    checked = 0
    for command, param in every_parameter():
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None:
            continue
        fast = coercion.fast_param(descriptor)
        if fast is None:
            continue
        typers = _coercion.build_runtime_param(descriptor)
        ctx = _click.Context(command)
        for value in SAMPLES:
            ours = outcome(fast, value, param, ctx)
            assert ours == outcome(typers, value, param, ctx), (command.name, param.name, value)
            checked += 1
    # Every kind palmares uses is covered: str, bool, int (ranged or not), float, Path, enums.
    assert checked > 150 * len(SAMPLES)


def test_the_command_line_reads_its_options_through_the_first_step() -> None:
    from palmares.cli import coercion

    kinds: dict[str, int] = {}
    for _command, param in every_parameter():
        if getattr(param, "type_descriptor", None) is not None:
            got = param.get_runtime_param()
            kinds[type(got).__name__] = kinds.get(type(got).__name__, 0) + 1
            assert isinstance(got, coercion.FastParam) == (
                coercion.fast_param(param.type_descriptor) is not None
            )
    assert kinds["FastParam"] > 150


def test_the_core_and_io_packages_give_their_names_on_first_use() -> None:
    import palmares.core
    import palmares.io
    from palmares.core import errors, ranking, rounding, rulesets
    from palmares.io import tables

    homes = {"errors": errors, "ranking": ranking, "rounding": rounding, "rulesets": rulesets}
    for name in palmares.core.__all__:
        module = homes[palmares.core._WHERE[name]]
        assert getattr(palmares.core, name) is getattr(module, name)
    for name in palmares.io.__all__:
        assert getattr(palmares.io, name) is getattr(tables, name)
    with pytest.raises(AttributeError):
        _ = palmares.core.no_such_name
    loaded = loaded_after("import palmares.core.errors, palmares.io.formulas")
    assert "palmares.core.ranking" not in loaded and "palmares.io.tables" not in loaded


def sample_reports(width: int) -> list[Any]:
    """Reports the plain path prints (ASCII and not, a line exactly as wide as the page) and
    reports it leaves to rich (a line one cell too wide, markup, an emoji code, spaces at an
    end, a character it may draw wide, a table wider than the page)."""
    from palmares.cli.output import Col, Report, Table

    rows: list[dict[str, Any]] = [
        {"board": "R1B1", "power": "Élise", "score": 12.5},
        {"board": "R1B2"},
    ]
    table = Table("scores", [Col("board"), Col("power"), Col("score", justify="right")], rows)
    titled = Table("t", [Col("a")], [{"a": "x" * 20}], title="Élu, round 2")
    wide = Table("w", [Col("a")], [{"a": "y" * (width + 5)}])
    lines = (
        "plain words, 1-2 (0.5 each), Élise",
        "x" * width,
        "x" * (width + 1),
        "[bold]not markup[/bold]",
        "an :smile: code",
        " leading space",
        "é" * width,
        "an en dash – rich's to print",
        "",
    )
    reports = [Report(tables=[table, titled], notes=[lines[0]], explain=[lines[1], lines[0]])]
    reports += [Report(tables=[table], notes=[line]) for line in lines[1:]]
    reports += [Report(tables=[table], explain=[line]) for line in lines]
    reports.append(Report(tables=[wide, table]))
    reports.append(Report())
    return reports


@pytest.mark.parametrize("columns", ["60", "100", "130", "0", "wide", None])
def test_tables_to_a_file_print_as_rich_prints_them(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from rich.console import Console

    from palmares.cli import output

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    file = io.StringIO()
    width = output.plain_width(file)
    assert width == Console(file=file).width
    plain = 0
    for report in sample_reports(max(100, width or 0)):
        ours, richs = io.StringIO(), io.StringIO()
        output.emit(report, output.Format.table, out=ours)
        with monkeypatch.context() as m:
            m.setattr(output, "plain_width", lambda _out: None)
            output.emit(report, output.Format.table, out=richs)
        assert ours.getvalue() == richs.getvalue()
        notes = [str(note) for note in report.notes]
        plain += output._plain_report(report, notes, max(100, width or 0)) is not None
    assert plain >= 5
