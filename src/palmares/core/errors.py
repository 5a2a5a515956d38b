"""Errors that reach a user as one clear line each.

Every problem found in an input file names the file, the line and the column, and says what is
wrong (DESIGN.md, "Interchange formats"): ``results.csv:12: rank: must be at least 1, got 0``.
A reader collects every problem in a file before it raises, so a user can fix them all at once,
and nothing is computed from a file that has any.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Self

from palmares.core.message import Message, english

__all__ = ["InputError", "PalmaresError", "Problem"]


class PalmaresError(ValueError):
    """Base of every error palmares reports to a user (without a traceback).

    An error made with :meth:`of` keeps its message as a typed value (``said``); the words layer
    tells it in the reader's language when it is read (``palmares.explain.errors.told``: the
    CLI, the site, the API). ``str()`` is its English for a log line (:func:`english`)."""

    #: The message as a typed value, where the error was made with one.
    said: Message | None = None

    @classmethod
    def of(cls, said: Message) -> Self:
        """The error saying ``said``."""
        error = cls(said.key)
        error.said = said
        return error

    def __str__(self) -> str:
        return super().__str__() if self.said is None else english(self.said)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in an input: where it is and what is wrong.

    ``line`` is the 1-based line of the file (the header is line 1); ``column`` the column's name
    as the format spells it. Either may be ``None`` when the problem is with the whole file or row.
    What is wrong is a typed message (``said``), told in the reader's language by the words
    layer; ``text`` is a problem's words where it has no typed message (a library's own error).
    """

    file: str
    line: int | None
    column: str | None
    text: str
    #: What is wrong as a typed value (``None``: ``text`` only).
    said: Message | None = None

    @classmethod
    def of(cls, file: str, line: int | None, column: str | None, said: Message) -> Problem:
        """The problem saying ``said``."""
        return cls(file, line, column, "", said)

    @property
    def message(self) -> str:
        """What is wrong in English (a log's text, :func:`english`)."""
        return self.text if self.said is None else english(self.said)

    def __str__(self) -> str:
        return self.where(self.message)

    def where(self, message: str) -> str:
        """``file:line: column: message``."""
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
        if self.column:
            return f"{where}: {self.column}: {message}"
        return f"{where}: {message}"


class InputError(PalmaresError):
    """An input file (or value) was rejected; carries every :class:`Problem` found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("InputError needs at least one problem")
        super().__init__(self.problems)

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)

    @classmethod
    def at(
        cls, file: str, line: int | None, column: str | None, message: str | Message
    ) -> InputError:
        """An error with a single problem (a :class:`Message` is kept typed)."""
        if isinstance(message, Message):
            return cls([Problem.of(file, line, column, message)])
        return cls([Problem(file, line, column, message)])
