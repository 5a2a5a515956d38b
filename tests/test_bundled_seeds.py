"""The bundled seeds (``tests/data/shared/seeds``) are the shared ones, byte for byte."""

from __future__ import annotations

from tests.conftest import BUNDLED, SHARED


def test_the_bundled_seeds_are_the_shared_ones() -> None:
    bundled = sorted(BUNDLED.glob("seeds/*.txt"))
    assert len(bundled) == 3
    if not SHARED.is_dir():  # a clone without the shared folder: only the copy is there
        return
    for path in bundled:
        assert path.read_bytes() == (SHARED / "seeds" / path.name).read_bytes(), path.name
