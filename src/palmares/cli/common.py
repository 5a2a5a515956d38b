"""Options shared by every command."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from palmares.cli.output import Format
from palmares.explain.language import Language, language_from_env

__all__ = ["FormatOption", "LanguageOption", "bulk", "language_of"]

FormatOption = Annotated[
    Format,
    typer.Option("--format", "-f", help="table (for people), csv or json (full precision)."),
]

LanguageOption = Annotated[
    Language | None,
    typer.Option(
        "--language",
        help="Language of the explanations: en or fr (default: from LC_ALL, LC_MESSAGES, LANG).",
        case_sensitive=False,
    ),
]


def language_of(option: Language | None) -> Language:
    """The ``--language`` given, else the locale environment's."""
    return option if option is not None else language_from_env()


@contextmanager
def bulk() -> Iterator[None]:
    """No cyclic garbage collection while the block runs: a command reading a million rows
    makes millions of objects and no cycles, and each collection would scan them all again
    (a third of the player page's time on a large file, issue 15). Restored after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
