"""The fuzzer in the suite (issue 13): malformed files of every format, CSV and .xlsx, through
the analysis command and the import, asserting no internal error, the file and line on every
refusal, the same verdict from both, an unchanged database after a refused import, the
generator's oracle (a file broken on purpose is refused, a file written otherwise is accepted),
and, for every format read by columns, the same values and errors from the fast path and the
row-wise reader (issue 33, ``tests/fuzz/paths.py``).

``pytest tests/fuzz`` tries 100 files per format; ``--fuzz N`` tries N per format and
``--fuzz-survey`` counts the failures instead of stopping at the first (the figures are printed
at the end of the run).
"""

from __future__ import annotations

import contextlib
import csv
import io
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palmares.core.errors import PalmaresError
from tests.fuzz import harness
from tests.fuzz.formats import FORMATS
from tests.fuzz.harness import fingerprint, judge, one_database, store_bases, try_file, write_bases
from tests.fuzz.mutations import LONG_CELL, Broken, _csv, break_file

pytestmark = pytest.mark.django_db

#: (format, figure) → count, printed by tests/conftest.py at the end of the run.
FIGURES: Counter[tuple[str, str]] = Counter()


@pytest.fixture
def base_files(tmp_path: Path) -> dict[str, Path]:
    folder = tmp_path / "bases"
    folder.mkdir()
    files = write_bases(folder)
    store_bases(files)
    return files


@pytest.mark.parametrize("kind", sorted(FORMATS))
def test_valid_files_are_accepted(kind: str, base_files: dict[str, Path], tmp_path: Path) -> None:
    """The generator's valid files are accepted by both sides (else its oracle means nothing)."""
    with one_database():
        for seed in range(8):
            table = FORMATS[kind].table(random.Random(seed))
            _, outcome = try_file(kind, Broken("none", "keep", table), tmp_path, base_files)
            assert outcome.analysis == "accept", outcome.analysis_text
            assert outcome.imported in (None, "accept"), outcome.import_text


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(FORMATS))
def test_malformed_files(
    kind: str,
    base_files: dict[str, Path],
    tmp_path: Path,
    fuzz_examples: int,
    fuzz_survey: bool,
) -> None:
    fmt = FORMATS[kind]

    @settings(
        max_examples=fuzz_examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.randoms(use_true_random=False))
    def attempt(rng: random.Random) -> None:
        broken = break_file(rng, fmt)
        path, outcome = try_file(kind, broken, tmp_path, base_files)
        wrong = judge(kind, broken, path, outcome)
        FIGURES[(kind, "files")] += 1
        FIGURES[(kind, "xlsx")] += broken.xlsx
        for problem in wrong:
            FIGURES[(kind, problem.split(":")[0])] += 1
        if wrong:
            FIGURES[(kind, f"example {broken.mutation}: {wrong[0]}"[:160])] += 1
        if not fuzz_survey:
            assert not wrong, f"{broken.mutation} ({broken.expect}): {wrong}"

    # (attempt's source is left as it is: hypothesis draws its examples from a hash of it)
    with one_database():
        attempt()


def test_files_are_written_as_the_csv_module_writes_them() -> None:
    """The fuzzer's files (``mutations._csv``: a long cell put in after the writer) are the csv
    module's text to the character, long cells with and without what it quotes among them."""
    long = "y" * LONG_CELL
    rows = [
        [["player"], [long]],
        [["a", "b"], [long, ""], ["", long + ","], [f'"{long}', "x"], [long, long + "\r\n"]],
        [["a"], [""], ["<long-cell-0>"], [long, "<long-cell-0>"], [long + "é", long]],
    ]
    for table in rows:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(table)
        assert _csv(table) == out.getvalue()


def test_a_refused_import_that_wrote_is_caught(
    base_files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fuzzer's check of a refused import: a row it wrote shows, whether the database was
    fingerprinted before the file or once for the test (``harness.one_database``), as
    the fuzz tests do; a refusal that wrote nothing shows nothing."""
    from palmares.web.players.models import Player

    def writes(path: Path) -> None:
        Player.objects.create(name="Written Anyway")
        raise PalmaresError(f"{path}:2: refused after a write")

    def refuses(path: Path) -> None:
        raise PalmaresError(f"{path}:2: refused")

    table = FORMATS["games"].table(random.Random(0))
    once = fingerprint()
    for importer, changed in ((writes, True), (refuses, False)):
        monkeypatch.setattr(harness, "_importer", lambda kind, b, f=importer: f)
        for context in (contextlib.nullcontext, one_database):
            with context():
                broken = Broken("none", "keep", table)
                _, outcome = try_file("games", broken, tmp_path, base_files)
            assert outcome.imported == "refuse"
            assert outcome.database_changed is changed
    assert fingerprint() == once
