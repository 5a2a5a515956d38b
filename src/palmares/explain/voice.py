"""A :class:`Voice`: one language's gettext catalogue with its numbers.

Renderers write ``v.say("{power} = {raw}", power=..., raw=v.figure(...))``: the message is the
English sentence and the catalogue's key (``xgettext --keyword=say``), looked up in
``explain/locale/<lang>/LC_MESSAGES/palmares.mo`` and filled with already formatted values.
The stdlib :mod:`gettext` reads the catalogue, so the CLI needs no Django.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from palmares.core.rounding import Number
from palmares.explain import numbers
from palmares.explain.language import Language, language_from_env

__all__ = ["DOMAIN", "LOCALE_DIR", "N_", "Voice", "voice"]

DOMAIN = "palmares"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is said later (``v.say(WORDS[x])``)."""
    return message


@functools.cache
def _catalogue(language: Language) -> gettext.NullTranslations:
    if language is Language.EN:
        return gettext.NullTranslations()  # the messages are the English text
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language.value])


@dataclass(frozen=True, slots=True)
class Voice:
    """Words and numbers in one :class:`Language`."""

    language: Language

    def say(self, message: str, /, **values: object) -> str:
        """``message`` in this language, its ``{name}`` fields filled from ``values``."""
        return _catalogue(self.language).gettext(message).format(**values)

    def say_n(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The singular or plural of a message as this language counts ``n``; ``{n}`` is ``n``
        unless ``values`` gives it (as a formatted figure)."""
        return _catalogue(self.language).ngettext(singular, plural, n).format(**{"n": n, **values})

    def figure(
        self, value: Number, places: int = 3, *, exact: bool = True, fixed: bool = False
    ) -> str:
        """:func:`palmares.explain.numbers.figure` in this language."""
        return numbers.figure(value, places, exact=exact, fixed=fixed, language=self.language)

    def percent(
        self, value: Number, places: int = 2, *, exact: bool = True, fixed: bool = False
    ) -> str:
        """:func:`palmares.explain.numbers.percent` in this language."""
        return numbers.percent(value, places, exact=exact, fixed=fixed, language=self.language)

    def ordinal(self, n: int, *, feminine: bool = False) -> str:
        """:func:`palmares.explain.numbers.ordinal` in this language."""
        return numbers.ordinal(n, language=self.language, feminine=feminine)

    def and_list(
        self, items: Sequence[str], *, ampersand: bool = False, serial_comma: bool = False
    ) -> str:
        """:func:`palmares.explain.numbers.and_list` in this language."""
        return numbers.and_list(
            items, language=self.language, ampersand=ampersand, serial_comma=serial_comma
        )


def voice(language: Language | str | None = None) -> Voice:
    """The :class:`Voice` of ``language`` (a :class:`Language`, a code or locale such as
    ``fr_FR.UTF-8``; ``None``: the locale environment's)."""
    from palmares.explain.language import parse_language

    if language is None:
        return Voice(language_from_env())
    if isinstance(language, Language):
        return Voice(language)
    return Voice(parse_language(language))
