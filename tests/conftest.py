"""Shared fixtures: paths to the shared reference data and a way to run the command line."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from palmares.cli.main import main

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("PALMARES_SHARED", REPO.parent / "shared"))
BUNDLED = REPO / "tests" / "data" / "shared"


@dataclass(frozen=True)
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., CliResult]:
    """Run ``palmares ARGS…`` in-process and return its exit code, stdout and stderr (in the C
    locale: explanations in English unless ``--language`` says otherwise)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")

    def run(*args: str) -> CliResult:
        capsys.readouterr()
        code = main(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def shared() -> Path:
    """The shared reference folder (seeds, specs, data) beside the checkout; where a clone has
    none beside it (CI), the copy of the seeds the golden tests quote (``tests/data/shared``)."""
    if SHARED.is_dir():
        return SHARED
    if BUNDLED.is_dir():
        return BUNDLED
    pytest.fail(f"the shared folder is missing: {SHARED}")


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a small input file into a temporary folder and return its path."""

    def _write(name: str, content: str) -> Path:
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        return path

    return _write


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz",
        type=int,
        default=100,
        help="malformed files tried per format by tests/fuzz (default 100)",
    )
    parser.addoption(
        "--slow",
        action="store_true",
        help="the property and stateful tests with many more examples (CI may run them)",
    )
    parser.addoption(
        "--fuzz-survey",
        action="store_true",
        help="tests/fuzz: count the files the readers get wrong instead of failing at the first",
    )


def pytest_configure(config: pytest.Config) -> None:
    """``--slow`` (or ``PALMARES_SLOW=1``): the stateful tests take their slow profile."""
    if config.getoption("--slow", default=False):
        os.environ["PALMARES_SLOW"] = "1"


def examples(fast: int, slow: int) -> int:
    """How many examples a property or stateful test tries: ``fast`` by default, ``slow`` under
    ``--slow``."""
    return slow if os.environ.get("PALMARES_SLOW") == "1" else fast


@pytest.fixture
def fuzz_examples(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--fuzz"))


@pytest.fixture
def fuzz_survey(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--fuzz-survey"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The fuzzer's figures, when it ran: files tried and problems found per format."""
    from tests.fuzz import test_fuzz

    figures = test_fuzz.FIGURES
    if not figures:
        return
    terminalreporter.section("fuzz figures")
    for (kind, what), count in sorted(figures.items()):
        terminalreporter.write_line(f"{kind:11} {count:6}  {what}")
