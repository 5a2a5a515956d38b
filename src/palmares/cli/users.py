"""`palmares users`: accounts of the site and their API tokens.

``palmares users add NAME --role td|officer|admin`` reads the password from standard input (its
first line), or asks for it twice without echo on a terminal. ``palmares users token NAME``
prints a new API token for ``Authorization: Bearer TOKEN`` (only its hash is stored; the old
token of that user stops working).
"""

from __future__ import annotations

import enum
import getpass
import sys
from typing import Annotated

import typer

from palmares.core.errors import PalmaresError
from palmares.core.message import Message

app = typer.Typer(help="Accounts of the site and their API tokens.", no_args_is_help=True)


class Role(enum.StrEnum):
    td = "td"
    officer = "officer"
    admin = "admin"


def _django() -> None:
    from palmares.cli.web import _django as setup

    setup()


def read_password() -> str:
    """The password: asked twice without echo on a terminal, else stdin's first line."""
    if sys.stdin.isatty():
        first = getpass.getpass("password: ")
        if getpass.getpass("password (again): ") != first:
            raise PalmaresError.of(Message.of("cli.passwords_differ"))
        return first
    line = sys.stdin.readline()
    return line.removesuffix("\n").removesuffix("\r")


@app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The user name (login).")],
    role: Annotated[Role, typer.Option(help="td, officer (ratings officer) or admin.")],
) -> None:
    """Add a user with a role; the password comes from stdin or a no-echo prompt."""
    password = read_password()
    _django()
    from palmares.web.accounts.services import add_user

    add_user(name, role.value, password)
    print(f"user {name} added ({role.value})")


@app.command("token")
def token(name: Annotated[str, typer.Argument(help="The user name.")]) -> None:
    """Print a new API token for the user (the previous one stops working)."""
    _django()
    from palmares.web.accounts.services import issue_token

    print(issue_token(name))
