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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from palmares.core.errors import InputError
from palmares.diplomacy.board import GREAT_POWERS, TOTAL_CENTRES
from palmares.io import boards, seeding, tables, tantrix, wizard
from palmares.io.boards_columnar import BoardColumns
from palmares.io.tantrix_columnar import MatchColumns
from palmares.io.wizard_columnar import GameColumns
from palmares.ratings.competitions import from_boards, from_games, from_matches
from tests.fuzz.formats import FORMATS, NAMES, Format, Table
from tests.fuzz.mutations import _csv, break_file, encode


def _answer(read: Callable[[Path], Any], path: Path) -> Any:
    try:
        return read(path)
    except InputError as exc:
        return f"refused: {exc}"


@dataclass(frozen=True)
class Reader:
    """A format's fast path (``None``: declined), its row-wise reader, the public reader and
    what must be equal between the first two."""

    fast: Callable[[Path], Any]
    exact: Callable[[Path], Any]
    public: Callable[[Path], Any]
    same: Callable[[Any, Any], None]


def _same_games(fast: GameColumns, exact: tuple[Any, ...]) -> None:
    assert fast.games() == exact
    assert fast.competitions().competitions() == from_games(exact)
    assert GameColumns.of(exact).competitions().competitions() == from_games(exact)


def _same_boards(fast: BoardColumns, exact: boards.BoardsFile) -> None:
    assert boards.BoardsFile(fast.boards()) == exact
    assert fast.competitions().competitions() == from_boards(exact.boards)
    again = BoardColumns.of(exact.boards, GREAT_POWERS)
    assert again.competitions().competitions() == from_boards(exact.boards)


def _same_matches(fast: MatchColumns, exact: tuple[Any, ...]) -> None:
    got = fast.matches()
    assert got == exact
    # The TP as written, to the digit (20 and 20.0 are equal but not shown alike).
    assert [(str(m.tp_a), str(m.tp_b)) for m in got] == [(str(m.tp_a), str(m.tp_b)) for m in exact]
    assert fast.competitions().competitions() == from_matches(exact)
    assert MatchColumns.of(exact).competitions().competitions() == from_matches(exact)
    events = list(dict.fromkeys(m.event for m in exact))
    assert fast.event_names() == events
    for event in events:
        assert fast.of_event(event) == tuple(m for m in exact if m.event == event)


def _equal(fast: Any, exact: Any) -> None:
    assert fast == exact


SPELLED = {"ann able": "Ann Able"}
READERS: dict[str, Reader] = {
    "games": Reader(wizard._fast_games, wizard.read_games_exact, wizard.read_games, _same_games),
    "tournament": Reader(
        wizard._fast_tournaments, wizard.read_tournaments_exact, wizard.read_tournaments, _equal
    ),
    "boards": Reader(
        lambda p: boards._fast_boards(p, GREAT_POWERS, TOTAL_CENTRES, True),
        boards.read_boards_exact,
        boards.read_boards_csv,
        _same_boards,
    ),
    "matches": Reader(
        tantrix._fast_matches, tantrix.read_matches_exact, tantrix.read_matches_csv, _same_matches
    ),
    "ratings": Reader(
        lambda p: tantrix._fast_ratings(p, 36, SPELLED),
        lambda p: tantrix._ratings_exact(p, 36, SPELLED),
        lambda p: tantrix.read_ratings_csv(p, players=["Ann Able"]),
        _equal,
    ),
    "players": Reader(seeding._fast_roster, seeding._roster_exact, seeding.read_roster, _equal),
    "names": Reader(tantrix._fast_names, tantrix._names_exact, tantrix.read_names_csv, _equal),
}


def _names(rng: random.Random) -> Table:
    """Tantrix's players.csv: nickname and full name."""
    return [["player", "name"], *([n, f"{n} Sr"] for n in rng.sample(NAMES, 8))]


NAMES_FORMAT = Format(
    "names", _names, ("player", "name"), texts={"player": 200, "name": 200}, names=("player",)
)


def _format(kind: str) -> Format:
    return NAMES_FORMAT if kind == "names" else FORMATS[kind]


@pytest.mark.parametrize("kind", sorted(READERS))
def test_fast_and_exact_paths_agree_on_the_fuzzers_files(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "SMALL_FILE", 0)  # the fuzzer's files are small
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
        exact = _answer(reader.exact, path)
        fast = reader.fast(path)
        refused += isinstance(exact, str)
        if fast is None:
            declined += 1
        else:
            assert not isinstance(exact, str), (seed, broken and broken.mutation, exact)
            reader.same(fast, exact)
            taken += 1
        assert _answer(reader.public, path) == exact, (seed, broken and broken.mutation)
    # Both kinds were tried: files the fast path took, files it left to the row-wise reader.
    assert taken > 60 and declined > 60 and refused > 40, (taken, declined, refused)
