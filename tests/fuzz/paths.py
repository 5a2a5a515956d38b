"""Both paths of every reader that has a columnar fast path (issue 33): the fast path (``None``
when it declines a file), the row-wise reader, the public reader, and what must be equal between
the first two. ``tests/io/test_fast_paths.py`` runs them on files drawn like the fuzzer's; the
fuzzer (``harness.judge``) on each file it tries."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from palmares.core.errors import InputError
from palmares.diplomacy.board import GREAT_POWERS, TOTAL_CENTRES
from palmares.io import boards, results, seeding, tables, tantrix, wizard
from palmares.io.boards_columnar import BoardColumns
from palmares.io.tantrix_columnar import MatchColumns
from palmares.io.wizard_columnar import GameColumns
from palmares.ratings.columns import ResultColumns
from palmares.ratings.competitions import from_boards, from_games, from_matches

__all__ = ["READERS", "Reader", "answer", "disagreement", "every_file_large"]


def answer(read: Callable[[Path], Any], path: Path) -> Any:
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


def _same_results(fast: ResultColumns, exact: Any) -> None:
    assert fast.results() == exact


SPELLED = {"ann able": "Ann Able"}
READERS: dict[str, Reader] = {
    "results": Reader(
        results._fast_columns, results.read_results_exact, results.read_results, _same_results
    ),
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


@contextmanager
def every_file_large() -> Iterator[None]:
    """The small-file rule off (``io.tables.SMALL_FILE``): the fuzzer's small files take the
    fast path first too."""
    kept = tables.SMALL_FILE
    tables.SMALL_FILE = 0
    try:
        yield
    finally:
        tables.SMALL_FILE = kept


def disagreement(kind: str, path: Path) -> str | None:
    """What the two paths of ``kind``'s reader disagree on for ``path`` (``None``: nothing, or
    no fast path for ``kind``): the fast path accepting a file the row-wise reader refuses,
    other values, or the public reader answering otherwise than the row-wise reader."""
    reader = READERS.get(kind)
    if reader is None:
        return None
    exact = answer(reader.exact, path)
    with every_file_large():
        fast = reader.fast(path)
        public = answer(reader.public, path)
    if fast is not None:
        if isinstance(exact, str):
            return f"the fast path accepts what the row-wise reader refuses: {exact[:200]}"
        try:
            reader.same(fast, exact)
        except AssertionError as exc:
            return f"the fast path reads otherwise: {str(exc)[:200]}"
    if public != exact:
        return "the public reader answers otherwise than the row-wise reader"
    return None
