"""`palmares demo`: create the database, load the bundled sample data, serve the site."""

from __future__ import annotations

from typing import Annotated

import typer

from palmares.cli.web import run_server


def demo(
    port: Annotated[int, typer.Option(help="Port to serve on.")] = 8000,
    host: Annotated[str, typer.Option(help="Address to serve on.")] = "127.0.0.1",
    no_serve: Annotated[bool, typer.Option("--no-serve", help="Load the data and exit.")] = False,
) -> None:
    """Load Dip in the Ocean 2004, a synthetic 2001–2010 Diplomacy history with the 2007 World
    Championship, the NZ 2000 Tantrix tournament and a Wizard month; then serve the site.
    Running it again replaces the sample data (nothing is duplicated)."""
    from palmares.web.lib.setup import setup_django

    setup_django(debug_if_unset=True)
    from palmares.web.faces.demo import demo_accounts, load_demo

    summary = load_demo()
    print(f"palmares: sample data loaded ({summary.events} events, {summary.results} results)")
    for account in demo_accounts():
        print(
            f"palmares: log in at http://{host}:{port}/accounts/login/ as {account.username!r} "
            f"({account.role}) with the password {account.password!r}"
        )
    if not no_serve:
        run_server(host, port)  # gunicorn, two workers
