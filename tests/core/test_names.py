"""``core.names.name_keys``: a column's keys at once, each ``name_key``'s (issue 33)."""

from __future__ import annotations

import random

import pytest

from palmares.core.names import name_key, name_keys
from tests.fuzz.formats import NAMES

#: Names the joined ASCII reading must leave to ``name_key``: spaces at an end or doubled,
#: other space characters, accents, a NUL inside a name, letters whose fold is not their lower.
AWKWARD = [
    " Ann",
    "Ann ",
    "Ann  Able",
    "Ann\tAble",
    "Ann\x1fAble",
    "Ann\x0bAble",
    "Édi BIRSAN",
    "A\x00B",
    "Straße",
    "ǅemal",
    "",
]


@pytest.mark.parametrize("awkward", [None, *AWKWARD])
def test_name_keys_are_each_names_key(awkward: str | None) -> None:
    rng = random.Random(33)
    plain = [n for n in NAMES if n.isascii()]
    names = [
        rng.choice(plain).upper() if rng.random() < 0.3 else rng.choice(plain) for _ in range(200)
    ]
    if awkward is not None:
        names.insert(rng.randrange(len(names)), awkward)
    assert name_keys(names) == [name_key(n) for n in names]


def test_name_keys_of_no_name_and_one() -> None:
    assert name_keys([]) == []
    assert name_keys(["Bob BAKER"]) == ["bob baker"]
    assert name_keys([""]) == [""]
