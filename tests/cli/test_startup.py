"""Start-up of the command line (issue 15): ``palmares --help`` and a small command import
neither numba, numpy nor Django (nor the board call's engine); ``palmares --help`` lists every
part from its help line as the part itself gives it. Checked on ``sys.modules`` in a fresh
process, not on time (the times are printed by ``bench/startup.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from palmares.cli import main as cli_main
from tests.conftest import REPO

HEAVY = ("numba", "llvmlite", "numpy", "django", "ninja", "pyarrow", "polars")


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
    parts = {module for module, _, _ in cli_main.PARTS.values()}
    assert not parts & set(loaded)
    assert not [m for m in loaded if m.startswith("palmares.diplomacy")]


def test_board_score_loads_neither_numba_numpy_django_nor_the_board_call() -> None:
    examples = str(REPO / "examples" / "wdc-2007" / "examples.json")
    loaded = loaded_after(run_quietly("diplomacy", "board-score", examples))
    assert "palmares.cli.diplomacy.boards" in loaded
    assert not [m for m in HEAVY if m in loaded]
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
