"""Every URL of the site: the pages (ui), the API (/api/), accounts and the admin."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from palmares.web.api.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    # The language form carries no CSRF token, so an anonymous page holds nothing per visitor
    # and can be cached whole (ui.pagecache); a forged request can only switch the language.
    path("i18n/", include([path("setlang/", csrf_exempt(set_language), name="set_language")])),
    path("api/", api.urls),
    path("", include("palmares.web.ui.urls")),
]
