"""An error told to its reader: the core's errors keep their typed messages (``said``) and are
told here, when they are read, in the reader's language (the CLI's ``--language``, the site's
and the API's language). The core writes no sentence and imports no words (issue 35).
"""

from __future__ import annotations

from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.explain.language import Language
from palmares.explain.messages import tell

__all__ = ["told", "told_message"]


def told(error: PalmaresError | Problem, language: Language | str | None) -> str:
    """``error`` in ``language``: an :class:`InputError` a problem a line
    (``file:line: column: message``), one :class:`Problem` the same way; an error without a
    typed message as its text."""
    if isinstance(error, Problem):
        return error.where(told_message(error, language))
    if isinstance(error, InputError):
        return "\n".join(told(p, language) for p in error.problems)
    return str(error) if error.said is None else tell(error.said, language)


def told_message(problem: Problem, language: Language | str | None) -> str:
    """What is wrong in ``problem``, alone, in ``language``."""
    return problem.text if problem.said is None else tell(problem.said, language)
