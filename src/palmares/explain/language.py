"""The languages explanations are told in, and which one a run uses by default."""

from __future__ import annotations

import enum
import os
from collections.abc import Mapping

__all__ = ["Language", "language_from_env", "parse_language"]


class Language(enum.StrEnum):
    """A language the explanation layer speaks (ISO 639-1 code)."""

    EN = "en"
    FR = "fr"


def parse_language(text: str) -> Language:
    """``en``/``fr``, or a locale or HTTP tag (``fr_FR.UTF-8``, ``fr-ca``, ``en-GB``) as its
    language; anything else is a :class:`ValueError` naming the choices."""
    code = text.strip().replace("-", "_").split(".", 1)[0].split("@", 1)[0].split("_", 1)[0]
    try:
        return Language(code.lower())
    except ValueError:
        choices = "|".join(lang.value for lang in Language)
        raise ValueError(f"unknown language {text!r}: expected {choices}") from None


def language_from_env(environ: Mapping[str, str] | None = None) -> Language:
    """The language the locale environment asks for, as POSIX reads it: the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set; ``C``, ``POSIX``, unset or a language
    without a catalogue here is English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            try:
                return parse_language(value)
            except ValueError:
                return Language.EN
    return Language.EN
