"""Entry point of the ``palmares`` command.

Errors reach the user as one line each on stderr with a non-zero exit, never as a traceback
(set ``PALMARES_DEBUG=1`` to see one). Exit codes: 1 usage, 2 bad input or unknown name,
70 an internal error.

A command loads only the modules it needs (issue 20: the board call through the command line
within half a second of the call in process): the groups and commands are imported on demand,
by the first word of the command line; ``--help`` and an unknown word load them all.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any

import typer
import typer.main

from palmares.cli.output import progress_bar
from palmares.core.errors import PalmaresError

#: Each command group or command of ``palmares``: the module defining it and its name there,
#: in the order of ``--help``.
PARTS: dict[str, tuple[str, str, bool]] = {
    "diplomacy": ("palmares.cli.diplomacy", "app", True),
    "dip-pouch": ("palmares.cli.dip_pouch", "app", True),
    "tantrix": ("palmares.cli.tantrix", "app", True),
    "wizard": ("palmares.cli.wizard", "app", True),
    "ratings": ("palmares.cli.ratings", "app", True),
    "tournament": ("palmares.cli.tournament", "app", True),
    "import": ("palmares.cli.web", "import_app", True),
    "export": ("palmares.cli.web", "export_app", True),
    "serve": ("palmares.cli.web", "serve", False),
    "demo": ("palmares.cli.demo", "demo", False),
}

log = logging.getLogger("palmares")


def build_app(argv: Sequence[str] | None = None) -> typer.Typer:
    """The ``palmares`` command with the parts ``argv`` names (all of them when it names none
    or asks for help); in a group, only the sub-command named is loaded when the group can."""
    words = [a for a in argv or () if not a.startswith("-")]
    asks_help = any(a in ("--help", "-h") for a in argv or ())
    first = words[0] if words and not asks_help else None
    app = typer.Typer(
        name="palmares",
        help="Results, scores and ratings of game tournaments and leagues.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )
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


#: Click commands already built, by the words that decide what :func:`build_app` loads.
_BUILT: dict[tuple[tuple[str, ...], bool], Any] = {}


def _command(argv: Sequence[str]) -> Any:
    """The click command for ``argv``, built once per process for the first two words and the
    help flag, which decide what :func:`build_app` loads (building walks every command's
    signature: a tenth of a second a call)."""
    words = [a for a in argv if not a.startswith("-")]
    key = (tuple(words[:2]), any(a in ("--help", "-h") for a in argv))
    if key not in _BUILT:
        _BUILT[key] = typer.main.get_command(build_app(argv))
    return _BUILT[key]


def _root() -> None:
    """Results, scores and ratings of game tournaments and leagues."""


def __getattr__(name: str) -> Any:
    """``app``: the whole command (every part loaded)."""
    if name == "app":
        return build_app()
    raise AttributeError(name)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (also used by the tests)."""
    logging.basicConfig(
        level=logging.DEBUG if os.environ.get("PALMARES_DEBUG") else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    try:
        with progress_bar():
            args = sys.argv[1:] if argv is None else argv
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
        for line in str(exc).splitlines():
            sys.stderr.write(f"error: {line}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    except Exception as exc:  # the last guard: no traceback reaches a user
        if os.environ.get("PALMARES_DEBUG"):
            raise
        log.debug("internal error", exc_info=True)
        sys.stderr.write(f"internal error: {type(exc).__name__}: {exc}\n")
        sys.stderr.write("(set PALMARES_DEBUG=1 to see the traceback)\n")
        return 70
    return result if isinstance(result, int) else 0


def run() -> None:
    sys.exit(main())


if __name__ == "__main__":
    run()
