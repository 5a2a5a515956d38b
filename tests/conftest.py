"""Shared fixtures: paths to the shared reference data and a way to run the command line."""

from __future__ import annotations

import os
import sys
from collections import Counter
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


def schemathesis_summary(stats: dict[str, list[Any]]) -> str | None:
    """schemathesis's run in one line (tests/web/test_api_schemathesis.py): operations, requests,
    failed checks and answers by status, added up from the tests' reports."""
    operations: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    stateful: Counter[str] = Counter()
    version, declared = "", 0
    # A test's tally is recorded at its teardown: each test has one teardown report (the
    # operations' tests share one node id, so they are not told apart by it).
    teardowns = [r for rs in stats.values() for r in rs if getattr(r, "when", "") == "teardown"]
    for report in teardowns:
        for name, tally in getattr(report, "user_properties", ()):
            if name == "schemathesis":
                operations.update(tally["operations"])
                statuses.update(tally["statuses"])
                stateful.update(tally["stateful"])
                version, declared = tally["version"], tally["declared"]
    if not operations:
        return None
    failed = statuses.pop("failed", 0)
    answers = ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()))
    return (
        f"schemathesis {version}: {len(operations)} operations of {declared}, "
        f"{sum(operations.values())} requests (director and anonymous; "
        f"{sum(stateful.values())} following links), {failed} failed checks; statuses {answers}"
    )


def _order(item: pytest.Item) -> int:
    """Where a test runs: the long ones (marked slow or browser) first, so pytest-xdist, which
    hands tests out in this order, ends a run on short ones rather than one worker alone on a
    long test — within pytest-django's order, which must hold: the tests in a rolled-back
    transaction before the transactional ones (a transactional test empties the tables, the
    demo data with them, when it ends). Tests without the database may run anywhere: their
    long ones open the run, their short ones close it."""
    long = item.get_closest_marker("slow") is not None or item.get_closest_marker("browser")
    marker = item.get_closest_marker("django_db")
    names = getattr(item, "fixturenames", ())
    if (
        (
            marker is not None
            and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences"))
        )
        or "transactional_db" in names
        or "live_server" in names
    ):
        return 3
    if marker is not None or "db" in names:
        return 1 if long else 2
    return 0 if long else 4


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test has its own node id. schemathesis names each operation's test
    (``test_every_operation_as_a_director[GET /api/players]``) but gives them all the function's
    node id under pytest 9; pytest-xdist's ``--dist loadgroup`` keeps one test per id, so most
    operations were silently never run. Each gets the id its name says, and two tests that
    still share an id stop the run. The tests marked slow or browser run first."""
    from _pytest.nodeid import NodeId

    for item in items:
        if type(item).__name__ == "SchemathesisFunction" and "[" not in item.nodeid:
            file = item.nodeid.partition("::")[0]
            item._id = NodeId.parse(f"{file}::{item.name}")
    items.sort(key=_order)
    seen = Counter(item.nodeid for item in items)
    twice = sorted(nodeid for nodeid, n in seen.items() if n > 1)
    if twice:
        raise pytest.UsageError(f"tests sharing a node id (one would not run): {twice[:5]}")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Under pytest-xdist, a worker hands its fuzz figures to the controller."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None and "tests.fuzz.test_fuzz" in sys.modules:
        output["fuzz_figures"] = [[*key, count] for key, count in _fuzz_figures().items()]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """The controller adds up the fuzz figures of the workers (pytest-xdist's hook)."""
    figures = _fuzz_figures()
    for kind, what, count in getattr(node, "workeroutput", {}).get("fuzz_figures", []):
        figures[(kind, what)] += count


def _fuzz_figures() -> Counter[tuple[str, str]]:
    from tests.fuzz import test_fuzz

    return test_fuzz.FIGURES


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The fuzzer's figures, when it ran (in this process or in pytest-xdist's workers): files
    tried and problems found per format; the API's schemathesis run, when it ran
    (tests/web/test_api_schemathesis.py)."""
    line = schemathesis_summary(terminalreporter.stats)
    if line is not None:
        terminalreporter.section("schemathesis")
        terminalreporter.write_line(line)
    figures = _fuzz_figures()
    if not figures:
        return
    terminalreporter.section("fuzz figures")
    for (kind, what), count in sorted(figures.items()):
        terminalreporter.write_line(f"{kind:11} {count:6}  {what}")
