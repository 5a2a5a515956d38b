"""Whole anonymous pages answered before the middleware stack (issue 21: ≤ 1 ms of application
CPU per request for a cached page).

A page cached by :func:`palmares.web.ui.pagecache.cached_page` is the same for every anonymous
visitor who asks for the same address in the same language; building its answer again costs the
sessions, authentication, CSRF, locale, messages and security middleware, the URL resolver, the
view's wrapper and the gzip compression, several times the cost of the page itself.
:class:`EarlyPageMiddleware`, the outermost middleware, keeps the finished answer (status,
headers, body: compressed when the visitor accepts gzip) of such a page, keyed by the address,
the host, the language the visitor would get, whether the request came over TLS and whether the
visitor accepts gzip. The next visitor with the same key gets it after one small query: the
data generation of the page's scopes (:func:`palmares.web.lib.generations.data_generation`),
read from the database, which must equal the one the page was built under; a write committed
through any process changes it, so no process ever answers a stale page.

Only a GET with no session cookie and no message cookie, no body and no ``If-None-Match``
(revalidations take the ordinary path and its 304) is answered early; everything else, and a
miss, goes through the whole stack, which stores the answer on its way out when the view marked
it (``cached_page`` does, with its scopes and generation) and it sets no cookie.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.translation import get_language_from_request

from palmares import __version__
from palmares.web.lib.generations import data_generation

__all__ = ["EarlyPageMiddleware", "early_page", "mark"]

#: The attribute of a response that may be kept: ``(scopes, generation)`` it was built under.
MARK = "_palmares_early"
#: The attribute of a request whose answer may be kept (set by the middleware).
ELIGIBLE = "_palmares_early_eligible"
View = Callable[..., HttpResponse]


def mark(response: HttpResponse, scopes: tuple[str, ...], generation: tuple[int, ...]) -> None:
    """Let :class:`EarlyPageMiddleware` keep ``response`` (an anonymous page built under the
    data ``generation`` of ``scopes``)."""
    setattr(response, MARK, (scopes, generation))


def early_page(*scopes: str) -> Callable[[View], View]:
    """Let the middleware keep a view's answers to anonymous visitors under the data
    generation of ``scopes`` (read before the view runs: a write meanwhile makes a newer
    generation), for a view that caches its own parts (the projector's screens)."""

    def decorate(view: View) -> View:
        @wraps(view)
        def kept(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not getattr(request, ELIGIBLE, False):
                return view(request, *args, **kwargs)
            generation = data_generation(scopes)
            response = view(request, *args, **kwargs)
            if response.status_code == 200:
                mark(response, scopes, generation)
            return response

        return kept

    return decorate


class EarlyPageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.static = settings.STATIC_URL or "/static/"
        self.session_cookie = settings.SESSION_COOKIE_NAME
        self.message_cookie = getattr(settings, "MESSAGE_COOKIE_NAME", "messages")
        self.redirect = bool(settings.SECURE_SSL_REDIRECT)

    def _key(self, request: HttpRequest) -> str | None:
        """The key of the request's answer, or None: not one to answer early."""
        meta = request.META
        if (
            request.method != "GET"
            or request.path.startswith(self.static)
            or "HTTP_IF_NONE_MATCH" in meta
            or meta.get("CONTENT_LENGTH") not in (None, "", "0")
        ):
            return None
        cookies = request.COOKIES
        if self.session_cookie in cookies or self.message_cookie in cookies:
            return None
        secure = request.is_secure()
        if self.redirect and not secure:
            return None
        try:
            host = request.get_host()
        except DisallowedHost:  # the ordinary path answers 400
            return None
        i18n_patterns, _ = is_language_prefix_patterns_used(settings.ROOT_URLCONF)
        language = get_language_from_request(request, check_path=i18n_patterns)
        gzip = bool(re_accepts_gzip.search(meta.get("HTTP_ACCEPT_ENCODING", "")))
        # the raw address: a query string is kept as sent (two spellings, two entries)
        address = request.path + "?" + meta.get("QUERY_STRING", "")
        raw = f"{__version__}:{int(secure)}{int(gzip)}:{language}:{host}:{address}"
        return "early:" + hashlib.sha256(raw.encode()).hexdigest()  # any text: a safe key

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = self._key(request)
        if key is not None:
            found = cache.get(key)
            if found is not None:
                scopes, generation, status, headers, content = found
                # no scopes: the page shows no stored data (the formula), nothing to read
                if not scopes or data_generation(scopes) == generation:
                    response = HttpResponse(content, status=status)
                    for name, value in headers:
                        response.headers[name] = value
                    return response
            setattr(request, ELIGIBLE, True)
        response = self.get_response(request)
        if key is not None:
            self._keep(key, response)
        return response

    def _keep(self, key: str, response: HttpResponse) -> None:
        marked: Any = getattr(response, MARK, None)
        if (
            marked is None
            or response.status_code != 200
            or response.streaming
            or response.cookies
            or marked[1][1:]  # built inside a transaction that has written: its own
        ):
            return
        scopes, generation = marked
        headers = list(response.headers.items())
        cache.set(key, (scopes, generation, response.status_code, headers, response.content))
