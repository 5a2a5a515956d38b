"""Security headers on every answer (pages, the API, static files).

Django sets ``X-Frame-Options: DENY`` (``X_FRAME_OPTIONS``), ``Referrer-Policy``
(``SECURE_REFERRER_POLICY``) and ``X-Content-Type-Options``; this adds what Django 5.2 has no
setting for:

- ``Content-Security-Policy``: scripts only from the site's own files (no inline script, no
  inline event handler, no ``eval``); styles from its files and ``style`` attributes (a few
  pages size bars with them); nothing may frame a page (``frame-ancestors 'none'``), forms post
  only to the site, no plugins;
- ``Permissions-Policy``: no camera, microphone, geolocation, payment or other device access;
- ``Cross-Origin-Opener-Policy: same-origin``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

__all__ = ["CONTENT_SECURITY_POLICY", "PERMISSIONS_POLICY", "SecurityHeadersMiddleware"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        # Django's clickjacking middleware sets it on what the views answer; static files too
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response
