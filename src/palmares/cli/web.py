"""`palmares import`, `palmares export`, `palmares serve` and `palmares worker`: the database,
the site and its job queue.

Every command honours ``PALMARES_DB`` (the SQLite file, default ``./palmares.sqlite3``) and
``DATABASE_URL`` (PostgreSQL). Imports go through the same strict readers as the other commands,
are all-or-nothing, and replace an event that is imported again.
"""

from __future__ import annotations

import enum
import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from palmares.cli.common import FormatOption, LanguageOption
from palmares.cli.output import Col, Format, Report, Table, emit
from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message

import_app = typer.Typer(help="Load a file into the database.", no_args_is_help=True)
export_app = typer.Typer(help="Write the database's data back out.", no_args_is_help=True)

FileArg = Annotated[Path, typer.Argument(help="CSV or .xlsx file.")]


def _django(*, serving: bool = False) -> None:
    """Django for a command (``serving``: for the site's server, with its connection pool)."""
    from palmares.web.lib.setup import setup_django

    setup_django(debug_if_unset=True, pool=serving)
    from palmares.web.lib.schema import migrate

    migrate()


def _done(what: str, fmt: Format, **figures: object) -> None:
    row = {"imported": what, **figures}
    emit(Report([Table("import", [Col(k) for k in row], [row])]), fmt)


@import_app.command("results")
def import_results(
    file: FileArg, fmt: FormatOption = Format.table, language: LanguageOption = None
) -> None:
    """Event results (results.csv); the Dip Pouch ratings are recomputed after the import."""
    _django()
    from palmares.web.events.services import import_results as run

    summary = run(file)
    _done("results", fmt, events=summary.events, results=summary.results, replaced=summary.replaced)


@import_app.command("boards")
def import_boards(
    file: FileArg,
    event: Annotated[str, typer.Option(help="The tournament's event name.")],
    day: Annotated[str, typer.Option("--date", help="The event's date, YYYY-MM-DD.")],
    teams: Annotated[Path | None, typer.Option(help="teams.csv")] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """A Diplomacy tournament's boards.csv (and teams.csv); replaces that tournament's boards."""
    try:
        when = date.fromisoformat(day)
    except ValueError:
        said = Message.of("cli.date", got=repr(day))
        raise InputError.at("--date", None, None, said) from None
    _django()
    from palmares.web.tournaments.services import import_boards as run

    tournament = run(file, event=event, day=when, teams=teams)
    _done("boards", fmt, event=str(tournament.event), rounds=tournament.rounds.count())


@import_app.command("matches")
def import_matches(
    file: FileArg,
    ratings: Annotated[Path | None, typer.Option(help="ratings.csv before the event")] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """A Tantrix tournament's matches.csv (and the pre-tournament ratings.csv)."""
    _django()
    from palmares.web.tantrixdb.services import import_matches as run
    from palmares.web.tantrixdb.services import stored_matches

    events = run(file, ratings=ratings)
    matches = stored_matches(events)
    _done("matches", fmt, events=len(events), matches=matches)


@import_app.command("games")
def import_games(
    file: FileArg,
    junior: Annotated[bool, typer.Option("--junior", help="Games of Wizard Junior.")] = False,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Wizard games.csv (one row per player per game); ``--junior`` for Wizard Junior."""
    _django()
    from palmares.web.wizarddb.services import import_games as run

    division = "junior" if junior else "regular"
    _done("games", fmt, division=division, games=run(file, division=division))


@import_app.command("tournaments")
def import_tournaments(
    file: FileArg, fmt: FormatOption = Format.table, language: LanguageOption = None
) -> None:
    """Wizard tournament.csv (one row per player per tournament)."""
    _django()
    from palmares.web.wizarddb.services import import_tournaments as run

    _done("tournaments", fmt, tournaments=run(file))


@import_app.command("triads")
def import_triads(
    file: FileArg, fmt: FormatOption = Format.table, language: LanguageOption = None
) -> None:
    """Wizard triad.csv: the TRIAD game of stored tournaments (tournament, player, score or
    place)."""
    _django()
    from palmares.web.wizarddb.services import import_triads as run

    _done("triads", fmt, triads=run(file))


class ExportKind(enum.StrEnum):
    results = "results"
    wdd_classification = "wdd-classification"
    wdd_boards = "wdd-boards"


@export_app.command("results")
def export_results(fmt: FormatOption = Format.csv) -> None:
    """Every stored result in the results.csv format (CSV or JSON)."""
    _django()
    from palmares.web.tournaments.exports import RESULT_COLUMNS, result_rows

    emit(Report([Table("results", [Col(c) for c in RESULT_COLUMNS], result_rows())]), fmt)


@export_app.command("wdd")
def export_wdd(
    kind: Annotated[str, typer.Argument(help="classification or boards")],
    event: Annotated[str, typer.Argument(help="event name")],
    day: Annotated[
        str | None, typer.Option("--date", help="The event's date, when names repeat.")
    ] = None,
    fmt: FormatOption = Format.csv,
) -> None:
    """A closed event's two WDD files: its classification (results.csv layout) or its boards
    (boards.csv layout); ``palmares import results|boards`` reads them back. An unknown or
    not yet closed event is an error (exit 2), never an empty file."""
    if kind not in ("classification", "boards"):
        raise PalmaresError.of(Message.of("cli.wdd_file", kind=repr(kind)))
    when = None
    if day is not None:
        try:
            when = date.fromisoformat(day)
        except ValueError:
            said = Message.of("cli.date", got=repr(day))
            raise InputError.at("--date", None, None, said) from None
    _django()
    from palmares.web.events.models import Event
    from palmares.web.tournaments.exports import (
        BOARD_COLUMNS,
        RESULT_COLUMNS,
        wdd_board_rows,
        wdd_classification_rows,
    )

    found = Event.objects.filter(name=event)
    if when is not None:
        found = found.filter(date=when)
    chosen = found.order_by("-date").first()
    if chosen is None:
        if when is None:
            raise PalmaresError.of(Message.of("cli.no_event", event=repr(event)))
        said = Message.of("cli.no_event_on", event=repr(event), day=when.isoformat())
        raise PalmaresError.of(said)
    if kind == "classification":
        rows, columns = wdd_classification_rows(chosen), RESULT_COLUMNS
    else:
        rows, columns = wdd_board_rows(chosen), BOARD_COLUMNS
    emit(Report([Table(kind, [Col(c) for c in columns], rows)]), fmt)


#: gunicorn's processes and threads by default (measured with bench/web.py on two cores).
class Community(enum.StrEnum):
    dip_pouch = "dip-pouch"
    tantrix = "tantrix"
    wizard = "wizard"


def recompute(
    only: Annotated[
        list[Community] | None,
        typer.Option("--only", help="This community only (repeat for several)."),
    ] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Compute every stored figure again from the stored data (after edits outside palmares)."""
    _django()
    from palmares.web.ratinglists.recompute import recompute_all

    wanted = tuple(c.value for c in only) if only else tuple(c.value for c in Community)
    done = recompute_all(wanted)
    rows = [{"recomputed": d.part, "rows": d.rows} for d in done]
    emit(Report([Table("recompute", [Col("recomputed"), Col("rows")], rows)]), fmt)


WORKERS = 2
THREADS = 2


class Server(enum.StrEnum):
    gunicorn = "gunicorn"
    uvicorn = "uvicorn"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = WORKERS,
    threads: Annotated[int, typer.Option(help="Threads per gunicorn worker.")] = THREADS,
    server: Annotated[
        Server, typer.Option(help="gunicorn (WSGI, threads) or uvicorn (ASGI).")
    ] = Server.gunicorn,
    job_workers: Annotated[
        int,
        typer.Option(help="Job workers started beside the site (0: run `palmares worker` apart)."),
    ] = 1,
) -> None:
    """Serve the site (static files by whitenoise)."""
    _django(serving=True)
    run_server(host, port, workers, server, threads, job_workers)


def worker(
    interval: Annotated[
        float, typer.Option(help="Seconds between two looks at an empty queue.")
    ] = 1.0,
    batch: Annotated[bool, typer.Option("--batch", help="Run the queued jobs, then stop.")] = False,
    max_jobs: Annotated[int | None, typer.Option(help="Stop after this many jobs.", min=1)] = None,
    parent: Annotated[
        int | None, typer.Option(hidden=True, help="Stop when this process is gone.")
    ] = None,
) -> None:
    """Run the site's long work: imports uploaded through the site, recomputes (the job queue)."""
    _django(serving=True)
    from palmares.web.jobs.worker import run_worker

    run_worker(interval=interval, batch=batch, max_tasks=max_jobs, parent=parent)


def start_job_workers(count: int) -> list[subprocess.Popen[bytes]]:
    """Start ``count`` job workers (``palmares worker``) beside this process, each stopping
    when this process (the server it becomes) is gone."""
    command = [sys.executable, "-c", "from palmares.cli.main import run; run()", "worker"]
    parent = ["--parent", str(os.getpid())]
    return [subprocess.Popen([*command, *parent]) for _ in range(count)]


def collect_static() -> None:
    """Collect the site's own static files with hashed names and their compressed copies
    (whitenoise); the admin's and the API docs' files stay served from their apps' folders.

    Several servers started at once on one machine (``palmares serve`` on two ports, one
    STATIC_ROOT) take turns under a file lock, and nothing is cleared first: a server already
    running never finds the file it serves gone (a new version of a file gets a new hashed name;
    the old copy stays, unused)."""
    import fcntl

    from django.conf import settings
    from django.core.management import call_command

    from palmares.web.lib.setup import setup_django

    setup_django()
    root = Path(str(settings.STATIC_ROOT))
    root.parent.mkdir(parents=True, exist_ok=True)
    with open(root.parent / f".{root.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        call_command(
            "collectstatic",
            interactive=False,
            verbosity=0,
            ignore_patterns=["admin", "ninja"],
        )


def run_server(
    host: str,
    port: int,
    workers: int = WORKERS,
    server: str = "gunicorn",
    threads: int = THREADS,
    job_workers: int = 1,
) -> None:
    collect_static()
    start_job_workers(job_workers)
    print(f"palmares: serving at http://{host}:{port}/ (Ctrl-C to stop)", flush=True)
    if job_workers:
        print(f"palmares: {job_workers} job worker(s) beside the site", flush=True)
    if server == "uvicorn":
        import uvicorn

        uvicorn.run(
            "palmares.web.asgi:application",
            host=host,
            port=port,
            workers=workers,
            log_level="warning",
            lifespan="off",
        )
        return
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "palmares.web.wsgi:application",
        "--bind",
        f"{host}:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
        "--log-level",
        "warning",
    ]
    sys.stdout.flush()
    os.execv(sys.executable, command)  # gunicorn takes over this process (and its signals)
