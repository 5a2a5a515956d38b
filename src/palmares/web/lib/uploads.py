"""Import an uploaded file: the one path the API (``POST /api/imports/{kind}``) and the ratings
officer's import page share, over the same services as ``palmares import`` (strict readers,
all-or-nothing, one transaction per import). Problems name the uploaded file by its name."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import asdict, is_dataclass
from pathlib import Path, PurePath
from typing import Any

from palmares.core.errors import InputError, Problem
from palmares.web.events.services import import_results
from palmares.web.tantrixdb.services import import_matches
from palmares.web.wizarddb.services import import_games

__all__ = ["IMPORTERS", "import_upload"]

#: What a ratings officer may upload: Dip Pouch results, Tantrix matches, Wizard games.
IMPORTERS: dict[str, Callable[[Path], object]] = {
    "results": import_results,
    "matches": import_matches,
    "games": import_games,
}


def import_upload(kind: str, name: str, content: bytes) -> dict[str, Any] | str:
    """Import ``content`` (a CSV or .xlsx file called ``name``) as ``kind``; the summary the
    service returns. Raises :class:`KeyError` for an unknown kind and :class:`InputError` (with
    ``name`` as the file) for a bad file, having written nothing."""
    runner = IMPORTERS[kind]
    shown = PurePath(name or f"{kind}.csv").name
    suffix = ".xlsx" if shown.lower().endswith(".xlsx") else ".csv"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{kind}{suffix}"
        path.write_bytes(content)
        try:
            done = runner(path)
        except InputError as exc:
            raise InputError(
                Problem(shown if p.file == str(path) else p.file, p.line, p.column, p.message)
                for p in exc.problems
            ) from None
    if is_dataclass(done) and not isinstance(done, type):
        return asdict(done)
    if isinstance(done, list):
        return "; ".join(str(item) for item in done)
    return str(done)
