"""The request's language for the explanation layer (:mod:`palmares.explain`): the site words
every rule through it, in the language Django's locale middleware chose for the request."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language

from palmares.core.errors import PalmaresError, Problem
from palmares.core.message import Message
from palmares.explain.errors import told as told_in
from palmares.explain.language import Language, parse_language
from palmares.explain.messages import tell

__all__ = ["said", "site_language", "told"]


#: Django's language codes as the explanation layer's languages, parsed once per code.
_PARSED: dict[str, Language] = {}


def site_language() -> Language:
    """The active language as the explanation layer knows it (English for any other)."""
    code = get_language() or "en"
    found = _PARSED.get(code)
    if found is None:
        try:
            found = parse_language(code)
        except ValueError:
            found = Language.EN
        _PARSED[code] = found
    return found


def said(value: Message | Mapping[str, Any] | str) -> str:
    """A core :class:`Message` (or one kept as JSON, ``Message.to_json``) in the request's
    language; a text kept before messages were typed is shown as it was stored."""
    if isinstance(value, str):
        return value
    message = value if isinstance(value, Message) else Message.from_json(value)
    return tell(message, site_language())


def told(error: PalmaresError | Problem) -> str:
    """An error (or one problem of a file, ``file:line: column:`` kept) in the request's
    language; an error without a typed message as its text."""
    return told_in(error, site_language())
