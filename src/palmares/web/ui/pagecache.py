"""The cache of the ranking and player pages, keyed by the generation of the stored figures.

Every recompute bumps ``Publication.generation`` (every process reads it from the database), so
a page cached under an older generation is never served again. Two levels:

- ``public_page``: for an anonymous GET the whole page is the same for everyone who asks for the
  same URL in the same language (the header holds no per-visitor token: the language form needs
  none, see ``palmares.web.urls``), so the finished HTML is cached and answered with an ``ETag``
  and ``Cache-Control: public, no-cache``: a browser or proxy may keep it but asks again each
  time, and an unchanged page costs one query and a 304.
- ``cached_fragment``: for a signed-in visitor (whose header shows their name and a logout form)
  only the page's body is cached.

- ``cached_page(*scopes)``: the same for a view that shows data of the apps ``scopes``
  (``lib.generations``): an anonymous GET is answered from the cache of the page built under
  the scopes' data generation, read from the database on every request (one small query), so
  a write made through any process is seen by every other at once. Its answer, headers and
  compressed body included, is then kept by the outermost middleware (``ui.earlycache``), which
  answers the next anonymous visitor before sessions, authentication and the URL resolver run,
  after the same one query.

The cache is Django's per-process memory cache (no server to install); a process builds a page
once per generation and language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import (
    add_never_cache_headers,
    get_conditional_response,
    patch_cache_control,
)
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from palmares.web.lib.generations import cache_key, data_generation
from palmares.web.ui.earlycache import mark

__all__ = [
    "cache_key",
    "cached_fragment",
    "cached_page",
    "cached_value",
    "framed",
    "public_page",
    "transient",
]

#: Marks stand for a page's entries in its cached frame (``framed``): no escaping changes them,
#: and no request carries a NUL (``lib.limits`` refuses it).
MARK_EDGE = "\x00"
_MARKS = re.compile(f"{MARK_EDGE}palmares-frame-(\\w+){MARK_EDGE}")

T = TypeVar("T")
_MISSING = object()


def cached_fragment(key: str, build: Callable[[], str]) -> SafeString:
    """A rendered fragment from the cache, or built and cached."""
    found = cache.get(key)
    html = found if isinstance(found, str) else build()
    if found is None:
        cache.set(key, html)
    return mark_safe(html)  # rendered by our own templates, escaped there


def cached_value(key: str, build: Callable[[], T]) -> T:
    """A value (e.g. the lists' summary under a generation) from the cache, or built and
    cached."""
    found = cache.get(key, _MISSING)
    if found is _MISSING:
        found = build()
        cache.set(key, found)
    return found  # type: ignore[no-any-return]


def public_page(
    request: HttpRequest, generation: object, build: Callable[[bool], HttpResponse]
) -> HttpResponse:
    """The page for ``request``: ``build(signed_in)`` renders it (``signed_in``: cache only its
    body); for an anonymous GET or HEAD the whole page is cached under ``generation`` (the
    generation number, or a tuple of what the page's data depends on), the language and the
    URL, and a request whose ``If-None-Match`` names it gets a 304."""
    if request.method not in ("GET", "HEAD") or request.user.is_authenticated:
        return build(True)
    key = cache_key("page", generation, get_language(), request.get_full_path())
    etag = f'"{key[5:37]}"'
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        response = unchanged
    else:
        found = cache.get(key)
        if isinstance(found, bytes):
            response = HttpResponse(found)
        else:
            response = build(False)
            if response.status_code != 200:
                return response
            if getattr(response, TRANSIENT, False):
                add_never_cache_headers(response)
                return response
            cache.set(key, response.content)
    response["ETag"] = etag
    patch_cache_control(response, public=True, no_cache=True)
    return response


#: The attribute of a response that shows work under way (figures a job is computing): it is
#: never kept, so that the next visit shows where that work stands (a job that failed is queued
#: again, one that is done has bumped the data's generation).
TRANSIENT = "_palmares_transient"


def transient(response: HttpResponse) -> HttpResponse:
    """Mark ``response`` as showing work under way: :func:`public_page` and
    :func:`cached_page` keep none of it and the browser is told not to either."""
    setattr(response, TRANSIENT, True)
    return response


def _mark(name: str) -> str:
    return f"{MARK_EDGE}palmares-frame-{name}{MARK_EDGE}"


def framed(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    signed_in: bool,
    titled: str | None = None,
    escaped: tuple[str, ...] = (),
) -> HttpResponse:
    """``template`` rendered with ``context``, whose entries are HTML (``SafeString``s, shown as
    ``{{ name }}``) but those named in ``escaped`` (text the template escapes, shown as
    ``{{ name }}`` and tested as ``{% if name %}``) and ``titled`` (an object shown only as
    ``{{ <titled>.name }}``, escaped).

    For an anonymous visitor (``signed_in`` false) the frame (the head, the anonymous header,
    the tail) is the same on every such page in a language: it is rendered once per template,
    language and which escaped texts are empty, with marks where the entries go, which are then
    put in, in one pass (a text put in is never read again for marks) — the template's bytes
    for a fraction of the cost (issue 21: a page that misses the cache under 1 ms of CPU)."""
    if signed_in:
        return render(request, template, context)
    present = tuple(bool(context[name]) for name in escaped)
    key = cache_key("frame", template, titled, escaped, present, get_language())
    marks: dict[str, Any] = {}
    values: dict[str, str] = {}
    for name, value in context.items():
        if name == titled:
            marks[name] = {"name": _mark(name)}
            values[name] = escape(value.name)
        elif name in escaped:
            marks[name] = _mark(name) if value else value  # {% if name %} as the page's
            values[name] = escape(value)
        else:
            marks[name] = _mark(name)
            values[name] = str(value)
    shell = cached_fragment(key, lambda: render_to_string(template, marks, request))
    return HttpResponse(_MARKS.sub(lambda found: values[found.group(1)], shell))


View = Callable[..., HttpResponse]


def cached_page(*scopes: str) -> Callable[[View], View]:
    """Cache a view's anonymous GET pages whole under the data generation of ``scopes`` (the
    apps whose data it shows: ``"tournaments"``, ``"players"`` …), with an ``ETag``
    (:func:`public_page`); no scopes: the page shows no stored data. Signed-in visitors get
    the view itself (its figures come from the services' own caches,
    ``lib.generations.cached_read``)."""

    def decorate(view: View) -> View:
        @wraps(view)
        def cached(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in ("GET", "HEAD") or request.user.is_authenticated:
                return view(request, *args, **kwargs)
            # no scopes: the page shows no stored data (the formula), nothing to read
            version = data_generation(scopes) if scopes else ()
            generation = (version, view.__module__, view.__name__)
            response = public_page(request, generation, lambda _: view(request, *args, **kwargs))
            if response.status_code == 200 and not getattr(response, TRANSIENT, False):
                mark(response, scopes, version)  # kept whole by the outermost middleware
            return response

        return cached

    return decorate
