"""The room's screens poll small fragments: each answer carries an ``ETag`` and a screen that
sends it back (``If-None-Match``) gets a 304 with no body while nothing changed (issue 14).

A fragment is keyed by what it shows (the screen and its options) and the tournament's data
version (:func:`palmares.web.tournaments.screens.data_version`, or any cached source's
generation): the HTML is built once per version and language and kept in Django's cache, so a
hall of projectors polling every few seconds costs the server two small queries a poll. The
fragments hold no per-visitor content (no header, no form), so every visitor shares them.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from palmares.web.ui.pagecache import cache_key, cached_fragment

__all__ = ["Fragment", "fragment", "fragment_response"]


class Fragment:
    """A screen's fragment: its cache ``key``, its ``etag`` and its HTML (built on first use)."""

    def __init__(self, parts: tuple[object, ...], build: Callable[[], str]) -> None:
        self.key = cache_key("screen", get_language(), *parts)
        self.etag = f'"{self.key[5:37]}"'
        self._build = build

    def html(self) -> SafeString:
        return cached_fragment(self.key, self._build)


def fragment(parts: tuple[object, ...], build: Callable[[], str]) -> Fragment:
    """The fragment keyed by ``parts`` (which must include the data version)."""
    return Fragment(parts, build)


def fragment_response(request: HttpRequest, found: Fragment) -> HttpResponse:
    """The fragment's answer: a 304 when the request names its ``ETag`` (weakly, as after the
    gzip middleware), else its HTML; browsers and proxies must ask again every time."""
    unchanged = get_conditional_response(request, etag=found.etag)
    response = unchanged if unchanged is not None else HttpResponse(found.html())
    response["ETag"] = found.etag
    patch_cache_control(response, public=True, no_cache=True)
    return response
