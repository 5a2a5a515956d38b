"""Every URL of the site: the pages (ui), the API (/api/), accounts and the admin."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from palmares.web.api.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", api.urls),
    path("", include("palmares.web.ui.urls")),
]
