"""Errors that reach a user as one clear line each.

Every problem found in an input file names the file, the line and the column, and says what is
wrong (DESIGN.md, "Interchange formats"): ``results.csv:12: rank: must be at least 1, got 0``.
A reader collects every problem in a file before it raises, so a user can fix them all at once,
and nothing is computed from a file that has any.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["InputError", "PalmaresError", "Problem"]


class PalmaresError(ValueError):
    """Base of every error palmares reports to a user (without a traceback)."""


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

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
        if self.column:
            return f"{where}: {self.column}: {self.message}"
        return f"{where}: {self.message}"


class InputError(PalmaresError):
    """An input file (or value) was rejected; carries every :class:`Problem` found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("InputError needs at least one problem")
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(cls, file: str, line: int | None, column: str | None, message: str) -> InputError:
        """An error with a single problem."""
        return cls([Problem(file, line, column, message)])
