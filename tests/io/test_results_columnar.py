"""The columnar fast path of ``results.csv`` (issue 15) against the row-wise reader.

The fast path may decline a file (then the row-wise reader answers); it must never accept a file
the row-wise reader refuses, and what it accepts must be the same history: the same events in the
same order with the same placements, the same players in the same order, names and
nationalities. Checked on every example file, on files written every way a spreadsheet or an
export writes them, and on the fuzzer's files (tests/fuzz: valid ones and ones broken on purpose).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.io.results import (
    _fast_columns,
    read_result_columns,
    read_results,
    read_results_exact,
)
from palmares.ratings.columns import ResultColumns
from palmares.ratings.events import Results
from tests.fuzz.formats import FORMATS
from tests.fuzz.mutations import break_file, encode

EXAMPLES = sorted(Path(__file__).resolve().parents[2].glob("examples/dip-pouch/*.csv"))


def _exact(path: Path) -> Results | str:
    try:
        return read_results_exact(path)
    except InputError as exc:
        return str(exc)


def _same(columns: ResultColumns, exact: Results) -> None:
    got = columns.results()
    assert got == exact
    assert list(got.players) == list(exact.players)
    assert list(got.players.values()) == list(exact.players.values())
    # The columns as the fallback builds them from objects: the same again.
    again = ResultColumns.of_results(exact)
    assert again.results() == exact
    assert columns.nationalities == again.nationalities
    assert columns.row_nationality.tolist() == again.row_nationality.tolist()
    assert columns.values == again.values


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_files_take_the_fast_path_and_agree(path: Path) -> None:
    fast = _fast_columns(path)
    assert fast is not None
    exact = read_results_exact(path)
    _same(fast, exact)
    assert read_results(path) == exact


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


HISTORY = EXAMPLES[-1].read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("bom.csv", b"\xef\xbb\xbf" + HISTORY.encode()),
        ("crlf.csv", HISTORY.replace("\n", "\r\n").encode()),
        (
            "quoted.csv",
            "\n".join(
                '"' + line.replace(",", '","') + '"' for line in HISTORY.splitlines()
            ).encode(),
        ),
        ("spaces.csv", HISTORY.replace(",", " , ").replace("\n", " \n").encode()),
        ("upper.csv", HISTORY.replace("event_id,event", "EVENT_ID,Event", 1).encode()),
        ("blank-lines.csv", HISTORY.replace("\n", "\n\n").encode()),
        ("no-final-newline.csv", HISTORY.rstrip("\n").encode()),
        ("doubled-quote.csv", HISTORY.replace("Dan O'Leary", '"Dan ""Oak"" O\'Leary"').encode()),
    ],
)
def test_files_written_otherwise_agree(tmp_path: Path, name: str, data: bytes) -> None:
    path = _write(tmp_path, name, data)
    exact = _exact(path)
    assert not isinstance(exact, str), exact
    fast = _fast_columns(path)
    assert fast is not None
    _same(fast, exact)


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("newline-in-quotes.csv", HISTORY.replace("Dan O'Leary", '"Dan\nO\'Leary"').encode()),
        ("bare-cr.csv", HISTORY.replace("\n", "\r").encode()),
        ("quote-inside.csv", HISTORY.replace("Dan O'Leary", 'Dan "O" Leary').encode()),
        ("short-row.csv", (HISTORY + "1,Harbour Open 2000\n").encode()),
        ("blank-row.csv", (HISTORY + ",,,,,,,,,,,,\n").encode()),
        ("latin-1.csv", HISTORY.encode("latin-1")),
        ("workbook.xlsx", b"PK\x03\x04 not really"),
    ],
)
def test_files_the_fast_path_declines_are_read_as_before(
    tmp_path: Path, name: str, data: bytes
) -> None:
    path = _write(tmp_path, name, data)
    assert _fast_columns(path) is None
    exact = _exact(path)
    try:
        got: Results | str = read_results(path)
    except InputError as exc:
        got = str(exc)
    assert got == exact
    if not isinstance(exact, str):
        _same(read_result_columns(path), exact)


def test_fuzzed_files_fast_and_exact_agree(tmp_path: Path) -> None:
    """The fuzzer's results files (tests/fuzz): valid ones and broken ones, CSV and .xlsx."""
    fmt = FORMATS["results"]
    taken = declined = refused = 0
    for seed in range(400):
        rng = random.Random(seed)
        broken = break_file(rng, fmt) if seed % 4 else None
        if broken is None:
            data = "\n".join(",".join(r) for r in fmt.table(rng)).encode()
            suffix = ".csv"
        else:
            data, suffix = encode(broken)
        path = _write(tmp_path, f"f{seed}{suffix}", data)
        exact = _exact(path)
        fast = _fast_columns(path)
        refused += isinstance(exact, str)
        if fast is None:
            declined += 1
        else:
            assert not isinstance(exact, str), (seed, broken and broken.mutation, exact)
            _same(fast, exact)
            taken += 1
        try:
            public: Results | str = read_results(path)
        except InputError as exc:
            public = str(exc)
        assert public == exact, seed
    # Both kinds were tried: files it took, files it left to the row-wise reader.
    assert taken > 50 and declined > 50 and refused > 50
