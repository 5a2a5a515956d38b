"""The backtest's compiled walks and measures (issue 33) against the Python it replaced
(``reference.py``: one competition at a time), on random histories of every shape: ties,
fields of 2 to 150 (numpy's pairwise sums by eights and by halves), tournament values and
field sizes given or not, players returning or new. The predictions are the same floats; the
means the same, the intervals to 1e-12 (the resamples' sums are taken a block at a time; the
draws are ``bootstrap.py``'s, drawn by the reference with numpy).

Each competition is listed best first, as every reader lists it (``ratings.competitions``):
the walks take a competition's players in that order, so Elo's sum over the opponents of a
competition listed otherwise may differ in its last bit from the Python's."""

from __future__ import annotations

import math
import random
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from palmares.io.competitions import read_competitions
from palmares.ratings.backtest import SYSTEMS, backtest, predict
from palmares.ratings.backtest.scores import Part
from palmares.ratings.competitions import Competition
from tests.ratings.backtest import reference

REPO = Path(__file__).resolve().parents[3]


def _history(seed: int, competitions: int = 160, players: int = 60) -> list[Competition]:
    rng = random.Random(seed)
    out = []
    for c in range(competitions):
        n = rng.choice([2, 3, 5, 7, 7, 9, 12, 17]) if c % 40 else rng.choice([70, 150])
        seated = rng.sample(range(players if n < players else 200), n)
        places = sorted(rng.randint(1, n) for _ in range(n))
        ranked = [places.index(x) + 1 for x in places]
        value = rng.choice([None, None, 4.5, 12.25])
        field = rng.choice([None, None, n + 3])
        out.append(
            Competition(
                f"c{c}",
                date(2001, 1, 1 + c % 28),
                tuple(f"p{i}" for i in seated),
                tuple(ranked),
                value,
                field,
            )
        )
    return out


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def _same_part(got: Part, want: Part) -> None:
    assert got.competitions == want.competitions
    assert got.means == want.means  # the same measures, averaged by numpy alike
    for x, y in zip(got.lows + got.highs, want.lows + want.highs, strict=True):
        assert _close(x, y), (x, y)


@pytest.mark.parametrize("system", sorted(set(SYSTEMS) - {"tantrix-elo"}))
def test_the_compiled_walks_predict_what_the_python_did(system: str) -> None:
    for seed in range(3):
        history = _history(seed)
        assert predict(system, history) == reference.REFERENCE[system](history)


def test_the_backtest_scores_what_the_python_did() -> None:
    history = _history(7, competitions=300)
    systems = sorted(set(SYSTEMS) - {"tantrix-elo"})
    got = backtest(history, systems)
    want = reference.backtest(history, systems)
    for result, (system, every, returning, newcomers, calibration) in zip(
        got.systems, want, strict=True
    ):
        assert result.system == system
        _same_part(result.all, every)
        _same_part(result.returning, returning)
        _same_part(result.newcomers, newcomers)
        assert result.calibration == calibration


def test_tantrix_elo_and_the_example_files() -> None:
    nz = REPO / "examples" / "tantrix-nz-2000"
    read = read_competitions(nz / "matches.csv", "matches", ratings=nz / "ratings.csv")
    systems = ["tantrix-elo", "plackett-luce", "elo", "uniform"]
    got = backtest(read.columns, systems)
    want = reference.backtest(read.competitions, systems)
    assert predict("tantrix-elo", read.columns) == reference.tantrix_elo(read.competitions)
    for result, (_, every, returning, newcomers, calibration) in zip(
        got.systems, want, strict=True
    ):
        _same_part(result.all, every)
        _same_part(result.returning, returning)
        _same_part(result.newcomers, newcomers)
        assert result.calibration == calibration
    games = read_competitions(REPO / "examples" / "wizard" / "games.csv", "games")
    got = backtest(games.columns, ["dip-pouch", "skill-ratio", "bradley-terry-part"])
    want = reference.backtest(
        games.competitions, ["dip-pouch", "skill-ratio", "bradley-terry-part"]
    )
    for result, (_, every, *_rest) in zip(got.systems, want, strict=True):
        _same_part(result.all, every)


def test_a_view_of_many_blocks_is_resampled_as_the_reference_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Blocks of 32 competitions (the last one shorter, its values past it dropped), the
    resamples over three threads: the same draws as ``reference.picks``."""
    from palmares.ratings.backtest import bootstrap

    monkeypatch.setattr(bootstrap, "BITS", 5)
    monkeypatch.setattr(bootstrap, "THREADS", 3)
    history = _history(11, competitions=120)
    got = backtest(history, ["elo", "dip-pouch"])
    want = reference.backtest(history, ["elo", "dip-pouch"])
    for result, (_, every, returning, newcomers, _calibration) in zip(
        got.systems, want, strict=True
    ):
        _same_part(result.all, every)
        _same_part(result.returning, returning)
        _same_part(result.newcomers, newcomers)
    assert np.isfinite([x for s in got.systems for x in s.all.lows if x is not None]).all()
