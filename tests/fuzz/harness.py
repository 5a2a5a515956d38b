"""Run one broken file through the analysis command and the import, and judge the answers.

The analysis is the ``palmares`` command (in-process, as a user runs it); the import is the
service ``palmares import`` calls, inside a savepoint that is rolled back, so every file meets the
same database: the valid bases stored once (so imports replace stored events).
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from django.apps import apps
from django.db import connection, transaction

from palmares.cli.main import main
from palmares.core.errors import PalmaresError
from tests.fuzz.formats import NAMES, POWERS, Table
from tests.fuzz.mutations import Broken, _csv, encode
from tests.fuzz.paths import disagreement

__all__ = [
    "BOARDS_EVENT",
    "Outcome",
    "bases",
    "fingerprint",
    "judge",
    "one_database",
    "store_bases",
    "try_file",
]

BOARDS_EVENT = ("Fuzz Open", date(2006, 1, 1))
#: Refusals by a command for what it is asked, not for the file: left out of the parity check.
COMMAND_LEVEL = (
    "several events",
    "no game is dated",
    "no tournament named",
    "a stored match needs",
    "no tournament '",
    "did not play",
)


def _boards_base() -> Table:
    rows = [["round", "board", "power", "player", "centres"]]
    for b, seats in ((1, NAMES[:7]), (2, NAMES[7:14])):
        for power, player, c in zip(POWERS, seats, [9, 8, 6, 5, 3, 2, 1], strict=True):
            rows.append(["1", str(b), power, player, str(c)])
    return rows


def bases() -> dict[str, Table]:
    """The valid files the other formats are tried with (and stored in the database)."""
    return {
        "boards": _boards_base(),
        "players": [["player"], *([n] for n in NAMES[:14])],
        "ratings": [["player", "rating", "games"], *([n, "1500", "50"] for n in NAMES[:10])],
        "matches": [
            ["event", "date", "round", "player_a", "player_b", "games", "tp_a", "tp_b"],
            ["NZ Open", "2000-05-06", "1", NAMES[0], NAMES[1], "2", "27", "13"],
            ["NZ Open", "2000-05-06", "1", NAMES[2], NAMES[3], "1", "10", "10"],
            ["NZ Open", "2000-05-06", "2", NAMES[0], NAMES[2], "1", "20", "0"],
        ],
        "tournament": [
            ["tournament", "date", "player", "place"],
            *(["Wizard Cup 1", "2005-02-20", n, str(i + 1)] for i, n in enumerate(NAMES[:6])),
        ],
    }


def write_bases(folder: Path) -> dict[str, Path]:
    out = {}
    for name, table in bases().items():
        out[name] = folder / f"base-{name}.csv"
        out[name].write_text(_csv(table), encoding="utf-8")
    return out


def _analysis(kind: str, f: str, b: dict[str, Path]) -> list[str]:
    seed = ["--round", "1", "--time-limit", "0.05"]
    return [
        *{
            "results": ["dip-pouch", "ranking", f],
            "boards": ["diplomacy", "standings", f],
            "teams": ["diplomacy", "standings", str(b["boards"]), "--teams", f],
            "players": ["diplomacy", "seed", f, *seed],
            "pairs": ["diplomacy", "seed", str(b["players"]), "--keep-apart", f, *seed],
            "matches": ["tantrix", "performance", f, "--ratings", str(b["ratings"])],
            "ratings": ["tantrix", "performance", str(b["matches"]), "--ratings", f],
            "games": ["wizard", "month", f, "--month", "2005-03"],
            "tournament": ["wizard", "tournament", f],
            "triads": ["wizard", "tournament", str(b["tournament"]), "--triad", f],
        }[kind],
        "--format",
        "csv",
    ]


def _importer(kind: str, b: dict[str, Path]) -> Callable[[Path], Any] | None:
    from palmares.web.events.services import import_results
    from palmares.web.tantrixdb.services import import_matches
    from palmares.web.tournaments.services import import_boards
    from palmares.web.wizarddb.services import import_games, import_tournaments, import_triads

    event, day = BOARDS_EVENT
    importers: dict[str, Callable[[Path], Any]] = {
        "results": import_results,
        "boards": lambda f: import_boards(f, event=event, day=day),
        "teams": lambda f: import_boards(b["boards"], event=event, day=day, teams=f),
        "matches": lambda f: import_matches(f, ratings=b["ratings"]),
        "ratings": lambda f: import_matches(b["matches"], ratings=f),
        "games": import_games,
        "tournament": import_tournaments,
        "triads": import_triads,
    }
    return importers.get(kind)


def store_bases(b: dict[str, Path]) -> None:
    """Store the bases, so that imports of the broken files replace stored events."""
    for kind in ("boards", "ratings", "tournament"):
        importer = _importer(kind, b)
        assert importer is not None
        importer(b[kind] if kind != "ratings" else b["ratings"])


#: The primary keys whose MAX both databases take as they are.
INTEGER_KEYS = frozenset({"AutoField", "BigAutoField", "SmallAutoField", "IntegerField"})


def fingerprint() -> tuple[Any, ...]:
    """Rows and the last id of every palmares table, in one query."""
    parts = []
    for model in apps.get_models():
        if model.__module__.startswith("palmares."):
            table = connection.ops.quote_name(model._meta.db_table)
            pk = connection.ops.quote_name(model._meta.pk.column)
            if model._meta.pk.get_internal_type() not in INTEGER_KEYS:
                pk = f"CAST({pk} AS TEXT)"  # a job's UUID: PostgreSQL has no MAX(uuid)
            parts.append(f"(SELECT COUNT(*) FROM {table}), (SELECT MAX({pk}) FROM {table})")
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(parts))
        return tuple(cursor.fetchone())


@dataclass
class Outcome:
    """What happened to one file: ``accept``, ``refuse`` or ``internal`` for each side."""

    analysis: str
    analysis_text: str
    imported: str | None
    import_text: str
    database_changed: bool


#: The fingerprints :func:`one_database` took, the last one in force (empty: none open).
_ONCE: list[tuple[Any, ...]] = []


@contextlib.contextmanager
def one_database() -> Iterator[None]:
    """Within it, :func:`try_file` compares a refused import's database with the
    :func:`fingerprint` taken once, here, instead of one taken before every file's import:
    each import is rolled back, so every file meets the same database (one query fewer a
    file; and a write that escaped a rollback would then show at the next refusal too)."""
    _ONCE.append(fingerprint())
    try:
        yield
    finally:
        _ONCE.pop()


def try_file(kind: str, broken: Broken, folder: Path, b: dict[str, Path]) -> tuple[Path, Outcome]:
    data, suffix = encode(broken)
    path = folder / f"{kind}{suffix}"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(_analysis(kind, str(path), b))
    analysis = {0: "accept", 2: "refuse"}.get(code, "internal")
    importer = _importer(kind, b)
    imported: str | None = None
    text = ""
    changed = False
    if importer is not None:
        with transaction.atomic():
            # The results import is one durable transaction of its own (ratinglists.writes);
            # here it nests in this rolled-back block as it does in Django's TestCase.
            transaction.get_connection().atomic_blocks[-1]._from_testcase = True
            before = _ONCE[-1] if _ONCE else fingerprint()
            try:
                importer(path)
                imported = "accept"
            except PalmaresError as exc:
                imported, text = "refuse", str(exc)
                changed = fingerprint() != before
            except Exception as exc:  # an internal error: what the fuzzer hunts
                imported, text = "internal", f"{type(exc).__name__}: {exc}"[:500]
            transaction.set_rollback(True)
    return path, Outcome(analysis, err.getvalue(), imported, text, changed)


def _command_level(text: str) -> bool:
    return any(m in text for m in COMMAND_LEVEL)


def judge(kind: str, broken: Broken, path: Path, o: Outcome) -> list[str]:
    """Everything wrong with an outcome (empty: the readers did their job), and with the two
    paths of the format's reader on the file (issue 33: the columnar fast path and the row-wise
    reader, ``tests/fuzz/paths.py``)."""
    wrong = []
    differ = disagreement(kind, path)
    if differ is not None:
        wrong.append(f"fast and exact paths differ: {differ}")
    if o.analysis == "internal":
        wrong.append(f"internal error in the analysis: {o.analysis_text.strip()[:300]}")
    if o.imported == "internal":
        wrong.append(f"internal error in the import: {o.import_text[:300]}")
    if o.database_changed:
        wrong.append("a refused import changed the database")
    lines = [ln for ln in o.analysis_text.splitlines() if ln.startswith("error: ")]
    if o.analysis == "refuse" and not _command_level(o.analysis_text):
        named = [ln for ln in lines if ln.startswith(f"error: {path}") or " --" in ln]
        if not lines or len(named) < len(lines):
            wrong.append(f"an error without its file: {o.analysis_text.strip()[:300]}")
        at = rf"{re.escape(str(path))}:{broken.line}\b"
        if broken.expect == "refuse" and broken.line and not re.search(at, o.analysis_text):
            wrong.append(f"the refusal does not name line {broken.line}: {lines[:3]}")
    both = {o.imported, o.analysis} <= {"accept", "refuse"}
    command_level = _command_level(o.analysis_text) or _command_level(o.import_text)
    if both and o.imported != o.analysis and not command_level:
        wrong.append(
            f"the analysis {o.analysis}s and the import {o.imported}s: "
            f"{(o.analysis_text or o.import_text).strip()[:300]}"
        )
    verdicts = {o.analysis} | ({o.imported} if o.imported else set())
    if broken.expect == "refuse" and "accept" in verdicts:
        wrong.append("accepted but wrong")
    if broken.expect == "keep" and "refuse" in verdicts:
        wrong.append(f"refused a valid file: {(o.analysis_text or o.import_text).strip()[:300]}")
    return wrong
