"""The request's language for the explanation layer (:mod:`palmares.explain`): the site words
every rule through it, in the language Django's locale middleware chose for the request."""

from __future__ import annotations

from django.utils.translation import get_language

from palmares.explain.language import Language, parse_language

__all__ = ["site_language"]


def site_language() -> Language:
    """The active language as the explanation layer knows it (English for any other)."""
    try:
        return parse_language(get_language() or "en")
    except ValueError:
        return Language.EN
