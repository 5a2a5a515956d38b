"""The WDD files of one closed event or of the whole stored history, written to a folder (issue
37: "the WDD export of a large history" as a job; ``POST /api/export/wdd``).

Each file is what ``palmares export wdd KIND EVENT`` prints for that event, written by the same
CSV writer (:func:`palmares.io.csv_writer.write_csv`) from the same rows
(:mod:`.exports`): the classification in the ``results.csv`` layout, the boards in the
``boards.csv`` layout, which ``palmares import`` reads back. One file is left as it is (a
``.csv``); several are put in one ``.zip``, each named ``DATE-EVENT-KIND.csv``. In the whole
history an event with no boards stored (imported from its results alone) has its classification
only; an event not closed yet has none.
"""

from __future__ import annotations

import shutil
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.progress import report
from palmares.io.csv_writer import write_csv
from palmares.web.events.models import Event
from palmares.web.tournaments.exports import (
    BOARD_COLUMNS,
    RESULT_COLUMNS,
    FiledEvent,
    wdd_board_rows,
    wdd_classification_rows,
    wdd_history,
)
from palmares.web.tournaments.models import Seat

__all__ = ["EXPORTING", "KINDS", "Written", "write_wdd", "written_json"]

#: The two WDD files of an event (``palmares export wdd KIND``).
KINDS = ("classification", "boards")
#: The progress observer's label while the files are written.
EXPORTING = "exporting"
_COLUMNS = {"classification": RESULT_COLUMNS, "boards": BOARD_COLUMNS}


@dataclass(frozen=True, slots=True)
class Written:
    """What was written: the file's name in the folder, how many CSV files it holds, of how
    many events."""

    file: str
    files: int
    events: int


def _stem(event: Event) -> str:
    return f"{event.date.isoformat()}-{slugify(event.name) or 'event'}"


def _one_event(event: Event, kind: str | None) -> Iterator[FiledEvent]:
    """The event's files as :func:`wdd_history` gives them, its errors the command line's
    (not closed; no boards when the boards are asked for)."""
    if kind == "boards":
        yield FiledEvent(event, [], wdd_board_rows(event))
        return
    rows = wdd_classification_rows(event)
    has_boards = Seat.objects.filter(board__round__tournament__event=event).exists()
    boards = wdd_board_rows(event) if kind is None and has_boards else []
    yield FiledEvent(event, rows, boards)


def _write(staged: Path, filed: Iterable[FiledEvent], kind: str | None, total: int) -> int:
    """Each event's files into ``staged`` (the progress observer told each event); how many
    events had a file."""
    stems: set[str] = set()
    events = 0
    for at, one in enumerate(filed):
        report(EXPORTING, at, total)
        stem = _stem(one.event)
        if stem in stems:  # two events of one day whose names slugify alike
            stem = f"{stem}-{one.event.pk}"
        stems.add(stem)
        wrote = False
        for name, rows in (("classification", one.classification), ("boards", one.boards)):
            if not rows or (kind is not None and kind != name):
                continue
            with (staged / f"{stem}-{name}.csv").open("w", encoding="utf-8", newline="") as out:
                write_csv(out, _COLUMNS[name], rows)
            wrote = True
        events += wrote
    report(EXPORTING, total, total)
    return events


def write_wdd(folder: Path, event: Event | None = None, kind: str | None = None) -> Written:
    """Write the WDD files of ``event`` (``None``: every closed event of the history), both
    or ``kind`` only (one of :data:`KINDS`), into ``folder``: one ``.csv``, or a ``.zip`` of
    several. An event not closed, boards asked of an event without, or a history with no
    closed event is a :class:`PalmaresError` (nothing is left in ``folder``)."""
    folder.mkdir(parents=True, exist_ok=True)
    staged = folder / "staged"
    staged.mkdir(exist_ok=True)
    try:
        if event is not None:
            events = _write(staged, _one_event(event, kind), kind, 1)
        else:
            total = Event.objects.filter(results__isnull=False).distinct().count()
            events = _write(staged, wdd_history(), kind, total)
        files = sorted(staged.iterdir())
        if not files:
            raise PalmaresError.of(Message.of("jobs.wdd_nothing"))
        if len(files) == 1:
            name = files[0].name
            files[0].replace(folder / name)
        else:
            name = "wdd-history.zip" if event is None else f"wdd-{_stem(event)}.zip"
            with zipfile.ZipFile(folder / name, "w", zipfile.ZIP_DEFLATED) as bundle:
                for path in files:
                    bundle.write(path, path.name)
        return Written(name, len(files), events)
    finally:
        shutil.rmtree(staged, ignore_errors=True)


def written_json(done: Written) -> dict[str, Any]:
    """The job's result: the file's name, how many CSV files, of how many events."""
    return {"file": done.file, "files": done.files, "events": done.events}
