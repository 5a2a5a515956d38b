"""Issue 15: a large results file imported in bulk leaves the rankings the command computes
from the file, and a re-import rewrites only what changed, to the figures of the full replay,
reading only the events written since the stored snapshot of the columns when it is the stored
figures' state (else every result, as before)."""

from __future__ import annotations

import csv
import importlib.util
import io
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from palmares.web.events.models import Event, Result
from palmares.web.players.models import Player
from palmares.web.ratinglists import blocks, columns, snapshot, writes
from palmares.web.ratinglists.changes import Change
from palmares.web.ratinglists.incremental import Filed, apply_change
from palmares.web.ratinglists.models import (
    ListBlock,
    Publication,
    RatingEntry,
    Snapshot,
    SnapshotTouch,
    Standing,
)
from palmares.web.ratinglists.services import recompute_dip_pouch
from palmares.web.tournaments.models import Tournament
from tests.web.stored_figures import stored_rows, stored_skill_rows

pytestmark = pytest.mark.django_db

BENCH = Path(__file__).resolve().parents[2] / "bench" / "imports.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_imports", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _empty() -> None:
    """No stored Diplomacy results or lists, no player known by id: the file alone is what the
    lists are made of (the other games' players stay, unrated)."""
    Tournament.objects.all().delete()
    Event.objects.filter(kind=Event.Kind.DIPLOMACY).delete()
    Standing.objects.all().delete()
    ListBlock.objects.all().delete()
    Player.objects.update(external_id="")


def _stored_ranking() -> list[dict[str, str]]:
    rows = Standing.objects.filter(system="dip-pouch", year=0).order_by("position")
    return [
        {
            "rank": str(s.rank),
            "national_rank": "" if s.national_rank is None else str(s.national_rank),
            "player": s.player.name,
            "nationality": s.nationality,
            "rating": str(s.rating),
            "events": str(s.events),
            "player_id": s.player.external_id,
        }
        for s in rows.select_related("player")
    ]


def test_a_50k_row_import_leaves_the_commands_ranking(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "results.csv"
    _bench().generate(path, 50_000, 5_000, 1_000)
    _empty()
    done = cli("import", "results", str(path), "--format", "csv")
    assert done.code == 0, done.err
    assert done.out.splitlines()[1] == "results,1000,50000,0"
    assert RatingEntry.objects.count() == 50_000
    answer = cli("dip-pouch", "ranking", str(path), "--format", "csv")
    assert answer.code == 0, answer.err
    expected = list(csv.DictReader(io.StringIO(answer.out)))
    stored = _stored_ranking()
    assert len(stored) == len(expected) > 4_000
    for got, want in zip(stored, expected, strict=True):
        assert abs(float(got.pop("rating")) - float(want.pop("rating"))) < 1e-9, want
        assert got == want
    # The Permanent list's blocks (the list pages', the API's) are its rows, line for line.
    rows = Standing.objects.filter(system="dip-pouch", year=0).order_by("position")
    lines = blocks.lines(0)
    assert [(s.position, s.player_id, s.nationality, s.rank, s.national_rank, s.events)
            for s in rows] == [(b.position, b.player_id, b.nationality, b.rank, b.national_rank,
                                b.events) for b in lines]  # fmt: skip
    pairs = zip(rows, lines, strict=True)
    assert all(abs(float(s.rating) - float(b.rating)) < 1e-9 for s, b in pairs)
    nation = lines[0].nationality
    national = blocks.lines(0, nation)
    assert [b.player_id for b in national] == [
        b.player_id for b in lines if b.nationality == nation
    ]
    assert [b.position for b in national] == list(range(1, len(national) + 1))
    assert [b.national_rank for b in national] == [
        s.national_rank for s in rows.filter(nationality=nation)
    ]


Figures = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], dict[str, Any], list[tuple[Any, ...]]]


def _ratings() -> Figures:
    entries, lists = stored_rows()
    summary = Publication.objects.get(system="dip-pouch").summary
    return entries, lists, summary, stored_skill_rows()


def _rows(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def _write(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    return path


def _swap(rows: list[list[str]], header: list[str]) -> list[list[str]]:
    rank = header.index("rank")
    out = [list(r) for r in rows]
    out[0][rank], out[-1][rank] = out[-1][rank], out[0][rank]
    return out


def _earlier(rows: list[list[str]], header: list[str]) -> list[list[str]]:
    day = header.index("date")
    return [[*r[:day], "2003-02-01", *r[day + 1 :]] for r in rows]


def _new_year(rows: list[list[str]], header: list[str]) -> list[list[str]]:
    day = header.index("date")
    return [[*r[:day], "1999-07-04", *r[day + 1 :]] for r in rows]


def _other_players(rows: list[list[str]], header: list[str]) -> list[list[str]]:
    """Three players leave, a newcomer comes (the field shrinks to match)."""
    pid, name, size = header.index("player_id"), header.index("player"), header.index("players")
    kept = [list(r) for r in rows[:-3]]
    newcomer = [*kept[-1]]
    newcomer[pid], newcomer[name] = "999999", "Nova Newcomer"
    kept.append(newcomer)
    rank = header.index("rank")
    for i, r in enumerate(kept):
        r[rank] = str(min(int(r[rank]), i + 1))
        r[size] = str(len(kept))
    return kept


@pytest.mark.parametrize("edit", [_swap, _earlier, _new_year, _other_players])
def test_a_reimport_rewrites_what_changed_as_the_full_replay_would(
    cli: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    edit: Callable[[list[list[str]], list[str]], list[list[str]]],
) -> None:
    path = tmp_path / "results.csv"
    _bench().generate(path, 3_000, 400, 60)
    _empty()
    assert cli("import", "results", str(path)).code == 0
    rows = _rows(path)
    header, body = rows[0], rows[1:]
    middle = body[len(body) // 2][0]  # an event_id in the middle of the history
    event = [r for r in body if r[0] == middle]
    fixed = _write(tmp_path / "fixed.csv", [header, *edit(event, header)])
    stamp = Publication.objects.get(system="dip-pouch").requested
    filed: list[Filed] = []

    def traced(change: Change, stamp: int) -> Filed:
        filed.append(apply_change(change, stamp))
        return filed[-1]

    monkeypatch.setattr(writes, "apply_change", traced)
    done = cli("import", "results", str(fixed), "--format", "csv")
    assert done.code == 0, done.err
    publication = Publication.objects.get(system="dip-pouch")
    assert publication.computed == publication.requested == stamp + 1
    assert len(filed) == 1 and not filed[0].full, filed  # the update, not the full replay
    monkeypatch.undo()
    entries, lists, summary, skill = _ratings()
    recompute_dip_pouch()
    full_entries, full_lists, full_summary, full_skill = _ratings()
    assert entries == full_entries
    assert lists == full_lists
    assert summary == full_summary
    assert skill == full_skill


class _Reads:
    """Counts the reads of every stored result (the update's path without a snapshot)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = columns.fetch_columns

        def counted() -> columns.RowColumns:
            self.count += 1
            return real()

        monkeypatch.setattr(columns, "fetch_columns", counted)


def _loaded(cli: Any, tmp_path: Path) -> tuple[list[str], dict[str, list[list[str]]]]:
    """The bench's 3,000-row file imported (the full replay: a snapshot written); its header
    and its events' rows by event_id."""
    path = tmp_path / "results.csv"
    _bench().generate(path, 3_000, 400, 60)
    _empty()
    assert cli("import", "results", str(path)).code == 0
    rows = _rows(path)
    events: dict[str, list[list[str]]] = {}
    for r in rows[1:]:
        events.setdefault(r[0], []).append(r)
    return rows[0], events


def _reimport(cli: Any, tmp_path: Path, header: list[str], rows: list[list[str]]) -> None:
    path = _write(tmp_path / f"fix-{rows[0][0]}.csv", [header, *rows])
    done = cli("import", "results", str(path))
    assert done.code == 0, done.err
    publication = Publication.objects.get(system="dip-pouch")
    assert publication.computed == publication.requested


def _as_the_full_replay() -> None:
    before = _ratings()
    recompute_dip_pouch()
    assert _ratings() == before


def test_writes_after_a_snapshot_read_only_the_events_written(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    header, events = _loaded(cli, tmp_path)
    stamp = Publication.objects.get(system="dip-pouch").computed
    assert Snapshot.objects.get(system="dip-pouch").stamp == stamp
    reads = _Reads(monkeypatch)
    ids = list(events)
    _reimport(cli, tmp_path, header, _swap(events[ids[10]], header))
    _reimport(cli, tmp_path, header, _other_players(events[ids[40]], header))
    _reimport(cli, tmp_path, header, _earlier(events[ids[40]], header))  # written again
    assert reads.count == 0  # the snapshot and the events written since, not every result
    touch = SnapshotTouch.objects.get(system="dip-pouch")
    assert (touch.base, touch.stamp) == (stamp, stamp + 3)
    assert touch.events == sorted(Event.objects.filter(external_id__in=[ids[10], ids[40]])
                                  .values_list("id", flat=True))  # fmt: skip
    monkeypatch.undo()
    _as_the_full_replay()


def test_once_the_events_written_hold_many_rows_a_new_snapshot_is_written(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    header, events = _loaded(cli, tmp_path)
    ids = list(events)
    monkeypatch.setattr(snapshot, "REBASE", 0)
    reads = _Reads(monkeypatch)
    _reimport(cli, tmp_path, header, _new_year(events[ids[5]], header))
    stamp = Publication.objects.get(system="dip-pouch").computed
    assert Snapshot.objects.get(system="dip-pouch").stamp == stamp  # the columns after it
    assert SnapshotTouch.objects.get(system="dip-pouch").events == []
    _reimport(cli, tmp_path, header, _swap(events[ids[30]], header))
    assert reads.count == 0
    monkeypatch.undo()
    _as_the_full_replay()


@pytest.mark.parametrize("spoil", ["gone", "stale", "unreadable"])
def test_a_snapshot_that_is_not_the_stored_figures_state_is_not_used(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: str
) -> None:
    header, events = _loaded(cli, tmp_path)
    ids = list(events)
    if spoil == "gone":
        Snapshot.objects.all().delete()
    elif spoil == "unreadable":
        Snapshot.objects.update(data=b"palmares-columns and then nothing")
    else:  # a write whose update did not note its events (as a writer that predates them)
        monkeypatch.setattr(snapshot, "note", lambda *args: None)
        _reimport(cli, tmp_path, header, _swap(events[ids[20]], header))
        monkeypatch.undo()
        touch = SnapshotTouch.objects.get(system="dip-pouch")
        assert touch.stamp == Publication.objects.get(system="dip-pouch").computed - 1
    reads = _Reads(monkeypatch)
    _reimport(cli, tmp_path, header, _other_players(events[ids[45]], header))
    assert reads.count == 1  # every result read, as before snapshots
    stamp = Publication.objects.get(system="dip-pouch").computed
    assert Snapshot.objects.get(system="dip-pouch").stamp == stamp  # and one written
    _reimport(cli, tmp_path, header, _earlier(events[ids[45]], header))
    assert reads.count == 1
    monkeypatch.undo()
    _as_the_full_replay()


def test_a_write_replayed_whole_leaves_a_snapshot_the_next_write_uses(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    header, events = _loaded(cli, tmp_path)
    ids = list(events)
    event = Event.objects.get(external_id=ids[15])
    writes.write_results(lambda: Result.objects.filter(event=event, rank=1).delete())
    stamp = Publication.objects.get(system="dip-pouch").computed
    assert Snapshot.objects.get(system="dip-pouch").stamp == stamp
    reads = _Reads(monkeypatch)
    _reimport(cli, tmp_path, header, _swap(events[ids[50]], header))
    assert reads.count == 0
    monkeypatch.undo()
    _as_the_full_replay()


def test_results_deleted_past_the_writes_noted_are_read_again(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A raw edit (the admin deletes an event, its results with it) is no write of the
    lists: the snapshot no longer is the stored results, and the next write replays them
    whole (reading them all), as it should the figures of an edit it was not told of."""
    header, events = _loaded(cli, tmp_path)
    ids = list(events)
    Event.objects.filter(external_id=ids[25]).delete()
    reads = _Reads(monkeypatch)
    _reimport(cli, tmp_path, header, _swap(events[ids[35]], header))
    assert reads.count == 1
    _reimport(cli, tmp_path, header, _earlier(events[ids[35]], header))
    assert reads.count == 1  # the snapshot written then is the stored results again
    monkeypatch.undo()
    _as_the_full_replay()
