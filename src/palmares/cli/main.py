"""Entry point of the ``palmares`` command.

Errors reach the user as one line each on stderr with a non-zero exit, never as a traceback
(set ``PALMARES_DEBUG=1`` to see one). Exit codes: 1 usage, 2 bad input or unknown name,
70 an internal error.
"""

from __future__ import annotations

import logging
import os
import sys

import typer

from palmares.cli import (
    demo,
    dip_pouch,
    diplomacy,
    ratings,
    tantrix,
    tournament,
    users,
    web,
    wizard,
)
from palmares.cli.output import progress_bar
from palmares.core.errors import PalmaresError

app = typer.Typer(
    name="palmares",
    help="Results, scores and ratings of game tournaments and leagues.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(diplomacy.app, name="diplomacy")
app.add_typer(dip_pouch.app, name="dip-pouch")
app.add_typer(tantrix.app, name="tantrix")
app.add_typer(wizard.app, name="wizard")
app.add_typer(tournament.app, name="tournament")
app.add_typer(ratings.app, name="ratings")
app.add_typer(web.import_app, name="import")
app.add_typer(web.export_app, name="export")
app.add_typer(users.app, name="users")
app.command("serve")(web.serve)
app.command("demo")(demo.demo)

log = logging.getLogger("palmares")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (also used by the tests)."""
    logging.basicConfig(
        level=logging.DEBUG if os.environ.get("PALMARES_DEBUG") else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    try:
        with progress_bar():
            result = app(args=argv, standalone_mode=False)
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
