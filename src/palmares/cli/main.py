"""Entry point of the ``palmares`` command.

Errors reach the user as one line each on stderr with a non-zero exit, never as a traceback
(set ``PALMARES_DEBUG=1`` to see one). Exit codes: 1 usage, 2 bad input or unknown name,
70 an internal error.

A command loads only the modules it needs (issue 20: the board call through the command line
within half a second of the call in process; issue 15: ``palmares --help`` within 0.3 s): the
groups and commands are imported on demand, by the first word of the command line. The root
group is a :class:`LazyGroup`: its ``--help`` lists every part from :data:`HELP` without
importing any, and a part is imported only when the command line names it.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any

import typer
import typer.core
import typer.main

# typer's own click (typer ≥ 0.29 ships it; the classes its groups are made of).
from typer import _click as click

from palmares.cli import coercion, lazy_rich
from palmares.cli.output import speaking
from palmares.cli.progress import progress_bar
from palmares.core.errors import PalmaresError
from palmares.explain.errors import told
from palmares.explain.language import Language

lazy_rich.install()
coercion.install()

#: Each command group or command of ``palmares``: the module defining it and its name there,
#: in the order of ``--help``.
PARTS: dict[str, tuple[str, str, bool]] = {
    "diplomacy": ("palmares.cli.diplomacy", "app", True),
    "dip-pouch": ("palmares.cli.dip_pouch", "app", True),
    "tantrix": ("palmares.cli.tantrix", "app", True),
    "wizard": ("palmares.cli.wizard", "app", True),
    "tournament": ("palmares.cli.tournament", "app", True),
    "ratings": ("palmares.cli.ratings", "app", True),
    "import": ("palmares.cli.web", "import_app", True),
    "export": ("palmares.cli.web", "export_app", True),
    "users": ("palmares.cli.users", "app", True),
    "serve": ("palmares.cli.web", "serve", False),
    "worker": ("palmares.cli.web", "worker", False),
    "recompute": ("palmares.cli.web", "recompute", False),
    "demo": ("palmares.cli.demo", "demo", False),
}

#: The help line of each part, as its module gives it (a test checks they agree), so that
#: ``palmares --help`` lists the parts without importing them. A part missing here is imported
#: to list it.
HELP: dict[str, str] = {
    "diplomacy": "Diplomacy boards and tournaments: board scores, standings, awards, board call.",
    "dip-pouch": "The WDD's Dip Pouch Tournament Rating: ranking, player page, event report.",
    "tantrix": "Tantrix Elo: tournament points and performance ratings.",
    "wizard": "Wizard online league: months, master points, tournaments.",
    "tournament": "Run a tournament day on the database.",
    "ratings": "Skill ratings (Weng–Lin) and the backtest: which rating predicts best.",
    "import": "Load a file into the database.",
    "export": "Write the database's data back out.",
    "users": "Accounts of the site and their API tokens.",
    "serve": "Serve the site (static files by whitenoise).",
    "worker": "Run the site's long work: imports uploaded through the site, recomputes (the job "
    "queue).",
    "recompute": "Compute every stored figure again from the stored data (after edits outside "
    "palmares).",
    "demo": (
        "Load Dip in the Ocean 2004, a synthetic 2001–2010 Diplomacy history with the 2007 "
        "World\nChampionship, the NZ 2000 Tantrix tournament and a Wizard month; then serve "
        "the site.\nRunning it again replaces the sample data (nothing is duplicated)."
    ),
}

#: The settings of the root ``palmares`` group.
_ROOT: dict[str, Any] = {
    "name": "palmares",
    "help": "Results, scores and ratings of game tournaments and leagues.",
    "no_args_is_help": True,
    "pretty_exceptions_enable": False,
    "add_completion": False,
}

log = logging.getLogger("palmares")


def build_app(argv: Sequence[str] | None = None) -> typer.Typer:
    """The ``palmares`` command with the parts ``argv`` names (all of them when it names none
    or asks for help); in a group, only the sub-command named is loaded when the group can."""
    words = [a for a in argv or () if not a.startswith("-")]
    asks_help = any(a in ("--help", "-h") for a in argv or ())
    first = words[0] if words and not asks_help else None
    app = typer.Typer(**_ROOT)
    # A group even with one part loaded (else typer would run a lone command without its name).
    app.callback()(_root)
    for name, (module_name, attr, group) in PARTS.items():
        if first in PARTS and name != first:
            continue
        module = importlib.import_module(module_name)
        part: Any = getattr(module, attr)
        if group:
            load = getattr(module, "load", None)
            if callable(load):
                load(words[1] if first == name and len(words) > 1 else None)
            app.add_typer(part, name=name)
        else:
            app.command(name)(part)
    return app


class LazyGroup(typer.core.TyperGroup):
    """The root group: lists the parts of :data:`PARTS` (commands first, then groups, as typer
    orders them) and imports one only when it is called; its help reads :data:`HELP`.

    ``commands`` holds a stand-in per part (its name and help line: what the help and typer's
    "did you mean" read); the parts imported are in ``loaded``."""

    #: The command line's words (the one after the part's name is the sub-command to load).
    argv: Sequence[str] = ()
    _listing = False

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.loaded: dict[str, click.Command] = {}
        plain = [name for name, (_, _, group) in PARTS.items() if not group]
        order = plain + [name for name, (_, _, group) in PARTS.items() if group]
        self.commands = {name: typer.core.TyperCommand(name, help=HELP.get(name)) for name in order}

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in PARTS:
            return None
        if cmd_name in self.loaded:
            return self.loaded[cmd_name]
        if self._listing and cmd_name in HELP:
            return self.commands[cmd_name]
        words = [a for a in self.argv if not a.startswith("-")]
        sub = words[1:2] if words[:1] == [cmd_name] else []
        whole: Any = typer.main.get_command(build_app([cmd_name, *sub]))
        command: click.Command = whole.commands[cmd_name]
        self.loaded[cmd_name] = command
        return command

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


#: Click commands already built, by the words that decide what :func:`build_app` loads.
_BUILT: dict[tuple[tuple[str, ...], bool], Any] = {}


def _command(argv: Sequence[str]) -> Any:
    """The click command for ``argv``: the :class:`LazyGroup`, built once per process for the
    first two words and the help flag (building walks every command's signature: a tenth of a
    second a call)."""
    words = [a for a in argv if not a.startswith("-")]
    key = (tuple(words[:2]), any(a in ("--help", "-h") for a in argv))
    if key not in _BUILT:
        root = typer.Typer(cls=LazyGroup, **_ROOT)
        root.callback()(_root)
        group = typer.main.get_command(root)
        assert isinstance(group, LazyGroup)
        group.argv = list(argv)
        _BUILT[key] = group
    return _BUILT[key]


def _root() -> None:
    """Results, scores and ratings of game tournaments and leagues."""


def __getattr__(name: str) -> Any:
    """``app``: the whole command (every part loaded)."""
    if name == "app":
        return build_app()
    raise AttributeError(name)


def _language_asked(args: list[str]) -> str | None:
    """The value of a ``--language`` option among ``args`` (``None``: not given, or unknown)."""
    for i, arg in enumerate(args):
        if arg == "--language" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--language="):
            value = arg.partition("=")[2]
        else:
            continue
        return value if value in ("en", "fr") else None
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (also used by the tests)."""
    logging.basicConfig(
        level=logging.DEBUG if os.environ.get("PALMARES_DEBUG") else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    args = sys.argv[1:] if argv is None else argv
    try:
        asked = _language_asked(args)
        with progress_bar(), speaking(None if asked is None else Language(asked)):
            result = _command(args).main(args=args, standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except typer.Abort:
        sys.stderr.write("aborted\n")
        return 130
    except typer.TyperException as exc:
        # Typer's usage errors (its click exceptions) know how to show themselves.
        show = getattr(exc, "show", None)
        if callable(show):
            show()
        else:
            sys.stderr.write(f"error: {exc}\n")
        return int(getattr(exc, "exit_code", 2))
    except PalmaresError as exc:
        # in the command's --language, else the locale's (the typed message, where it has one)
        for line in told(exc, _language_asked(args)).splitlines():
            sys.stderr.write(f"error: {line}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    except Exception as exc:  # the last guard: no traceback reaches a user
        if os.environ.get("PALMARES_DEBUG"):
            raise
        if _unavailable(exc):
            sys.stderr.write(f"error: the database cannot be used: {exc}".rstrip() + "\n")
            sys.stderr.write("(check DATABASE_URL, or PALMARES_DB for SQLite)\n")
            return 69
        log.debug("internal error", exc_info=True)
        sys.stderr.write(f"internal error: {type(exc).__name__}: {exc}\n")
        sys.stderr.write("(set PALMARES_DEBUG=1 to see the traceback)\n")
        return 70
    return result if isinstance(result, int) else 0


def _unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` is the database refusing to open or answer (Django's
    ``OperationalError``: no server, no such database, a refused login, a locked file): the
    environment's, not a fault of the program (exit 69, ``EX_UNAVAILABLE``). Told by its class,
    so that this module need not import Django."""
    kind = type(exc)
    return kind.__name__ == "OperationalError" and kind.__module__.startswith("django.db")


def run() -> None:
    sys.exit(main())


if __name__ == "__main__":
    run()
