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

from palmares.core.message import Message
from palmares.explain.language import Language
from palmares.explain.messages import tell

__all__ = ["InputError", "PalmaresError", "Problem"]


class PalmaresError(ValueError):
    """Base of every error palmares reports to a user (without a traceback).

    An error made with :meth:`of` keeps its message as a typed value (``said``): its text is
    the English, and :meth:`told` says it in a user's language (the site's French pages)."""

    #: The message as a typed value, where the error was made with one.
    said: Message | None = None

    @classmethod
    def of(cls, said: Message) -> Self:
        """The error saying ``said`` (its text: the English)."""
        error = cls(tell(said, Language.EN))
        error.said = said
        return error

    def told(self, language: Language | str | None) -> str:
        """The error in ``language`` (its text where it has no typed message)."""
        return str(self) if self.said is None else tell(self.said, language)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in an input: where it is and what is wrong.

    ``line`` is the 1-based line of the file (the header is line 1); ``column`` the column's name
    as the format spells it. Either may be ``None`` when the problem is with the whole file or row.
    """

    file: str
    line: int | None
    column: str | None
    message: str
    #: ``message`` as a typed value, for :meth:`told` (``None``: the text only).
    said: Message | None = None

    @classmethod
    def of(cls, file: str, line: int | None, column: str | None, said: Message) -> Problem:
        """The problem saying ``said`` (``message``: its English)."""
        return cls(file, line, column, tell(said, Language.EN), said)

    def __str__(self) -> str:
        return self._where(self.message)

    def told(self, language: Language | str | None) -> str:
        """``file:line: column: message`` with the message in ``language``."""
        return self._where(self.message if self.said is None else tell(self.said, language))

    def told_message(self, language: Language | str | None) -> str:
        """The message alone in ``language``."""
        return self.message if self.said is None else tell(self.said, language)

    def _where(self, message: str) -> str:
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
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(
        cls, file: str, line: int | None, column: str | None, message: str | Message
    ) -> InputError:
        """An error with a single problem (a :class:`Message` is kept typed)."""
        if isinstance(message, Message):
            return cls([Problem.of(file, line, column, message)])
        return cls([Problem(file, line, column, message)])

    def told(self, language: Language | str | None) -> str:
        """Every problem, a line each, with its message in ``language``."""
        return "\n".join(p.told(language) for p in self.problems)
