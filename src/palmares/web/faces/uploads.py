"""Import an uploaded file: the one path the API (``POST /api/imports/{kind}``) and the ratings
officer's import page share, run by the job they queue (``web.jobs``, issue 37) on the file kept
for it, over the same services as ``palmares import`` (strict readers, all-or-nothing, one
transaction per import). Problems name the uploaded file by its name.
A file past ``PALMARES_MAX_UPLOAD_MB`` (``lib.limits``) is refused before it is read
(:class:`UploadTooLarge`, answered 413); most are refused earlier still, by their
Content-Length (``lib.limits.RequestLimitsMiddleware``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, is_dataclass, replace
from decimal import Decimal
from pathlib import Path, PurePath
from typing import Any

from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.web.events.services import import_results
from palmares.web.lib.concurrency import retrying
from palmares.web.lib.limits import MAX_UPLOAD_BYTES
from palmares.web.tantrixdb.services import import_matches
from palmares.web.wizarddb.services import import_games

__all__ = [
    "IMPORTERS",
    "UploadTooLarge",
    "check_size",
    "import_stored",
    "kept_suffix",
    "shown_name",
]

#: What a ratings officer may upload: Dip Pouch results, Tantrix matches, Wizard games.
IMPORTERS: dict[str, Callable[[Path], object]] = {
    "results": import_results,
    "matches": import_matches,
    "games": import_games,
}


class UploadTooLarge(PalmaresError):
    """An uploaded file past the size limit (nothing read, nothing written)."""


def check_size(name: str, size: int | None) -> None:
    """Raise :class:`UploadTooLarge` if a file of ``size`` bytes is past the limit."""
    if size is not None and size > MAX_UPLOAD_BYTES:
        limit = MAX_UPLOAD_BYTES / (1024 * 1024)
        file = PurePath(name).name or Message.of("upload.the_file")
        size_mb = Decimal(f"{size / (1024 * 1024):.1f}")
        said = Message.of("upload.too_large", file=file, size=size_mb, most=Decimal(f"{limit:.0f}"))
        raise UploadTooLarge.of(said)


def shown_name(kind: str, name: str) -> str:
    """The name an uploaded file's problems give it: its own name without folders."""
    return PurePath(name or f"{kind}.csv").name or f"{kind}.csv"


def kept_suffix(shown: str) -> str:
    """The suffix a kept upload is stored under: ``.xlsx`` for a workbook, else ``.csv`` (the
    readers choose by it)."""
    return ".xlsx" if shown.lower().endswith(".xlsx") else ".csv"


def import_stored(kind: str, shown: str, path: Path) -> dict[str, Any] | str:
    """Import the uploaded file kept at ``path`` (a ``.xlsx`` name is read as a workbook, any
    other as CSV) as ``kind``, its problems naming it ``shown``; the service's summary. A job of
    the queue (``web.jobs``) runs this on the file its request kept."""
    runner = IMPORTERS[kind]
    try:
        # each importer is one transaction of its own: run again if the database undid it
        done = retrying(lambda: runner(path), what=f"the import of {shown}")
    except InputError as exc:
        raise InputError(
            replace(p, file=shown if p.file == str(path) else p.file) for p in exc.problems
        ) from None
    if is_dataclass(done) and not isinstance(done, type):
        return asdict(done)
    if isinstance(done, list):
        return "; ".join(str(item) for item in done)
    return str(done)
