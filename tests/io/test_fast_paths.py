"""The columnar fast path of every format (issue 33) against its row-wise reader, on the
fuzzer's files (tests/fuzz: valid ones and ones broken on purpose, CSV and .xlsx).

The fast path may decline a file (then the row-wise reader answers); it must never accept a file
the row-wise reader refuses, and what it accepts must be read the same: the same values, in
the same order, and the same competitions for the skill rating. The public reader (with the
small-file rule off, so that the fuzzer's small files try the fast path) gives exactly the
row-wise reader's answer, its errors word for word.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from palmares.io.rowchecks import all_distinct, distinct
from tests.fuzz.formats import FORMATS, NAMES, Format, Table
from tests.fuzz.mutations import _csv, break_file, encode
from tests.fuzz.paths import READERS, answer, every_file_large


def _names(rng: random.Random) -> Table:
    """Tantrix's players.csv: nickname and full name."""
    return [["player", "name"], *([n, f"{n} Sr"] for n in rng.sample(NAMES, 8))]


NAMES_FORMAT = Format(
    "names", _names, ("player", "name"), texts={"player": 200, "name": 200}, names=("player",)
)


def _format(kind: str) -> Format:
    return NAMES_FORMAT if kind == "names" else FORMATS[kind]


@pytest.mark.parametrize("kind", sorted(READERS))
def test_fast_and_exact_paths_agree_on_the_fuzzers_files(kind: str, tmp_path: Path) -> None:
    reader, fmt = READERS[kind], _format(kind)
    taken = declined = refused = 0
    for seed in range(300):
        rng = random.Random(seed)
        broken = break_file(rng, fmt) if seed % 3 else None
        if broken is None:
            data, suffix = _csv(fmt.table(rng)).encode(), ".csv"
        else:
            data, suffix = encode(broken)
        path = tmp_path / f"{kind}{seed}{suffix}"
        path.write_bytes(data)
        exact = answer(reader.exact, path)
        with every_file_large():  # the fuzzer's files are small
            fast = reader.fast(path)
        refused += isinstance(exact, str)
        if fast is None:
            declined += 1
        else:
            assert not isinstance(exact, str), (seed, broken and broken.mutation, exact)
            reader.same(fast, exact)
            taken += 1
        with every_file_large():
            assert answer(reader.public, path) == exact, (seed, broken and broken.mutation)
    # Both kinds were tried: files the fast path took, files it left to the row-wise reader.
    assert taken > 60 and declined > 60 and refused > 40, (taken, declined, refused)


@pytest.mark.parametrize("seed", range(20))
def test_distinct_by_sort_is_numpys_unique(seed: int) -> None:
    rng = np.random.default_rng(seed)
    values = rng.integers(-5, 50 if seed % 2 else 10**12, size=int(rng.integers(0, 300)))
    assert distinct(values).tolist() == np.unique(values).tolist()
    assert all_distinct(values) == (np.unique(values).shape[0] == values.shape[0])
