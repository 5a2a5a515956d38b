"""A ratings officer's import page: upload a results, matches or games file (CSV or .xlsx).
The same service as ``palmares import`` and ``POST /api/imports/{kind}``
(:func:`palmares.web.faces.uploads.import_upload`): all-or-nothing, every problem listed as
``file:line: column: message``."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from palmares.core.errors import InputError, PalmaresError
from palmares.web.accounts.roles import is_ratings_officer
from palmares.web.faces.uploads import UploadTooLarge, check_size, import_upload
from palmares.web.lib.words import told


class ImportForm(forms.Form):
    kind = forms.ChoiceField(
        choices=[
            ("results", "results (Dip Pouch)"),
            ("matches", "matches (Tantrix)"),
            ("games", "games (Wizard)"),
        ]
    )
    file = forms.FileField()


@login_required
def upload(request: HttpRequest) -> HttpResponse:
    if not is_ratings_officer(request.user):
        raise PermissionDenied("only ratings officers may import")
    form = ImportForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form, "problems": [], "summary": None}
    status = 0
    if request.method == "POST" and form.is_valid():
        kind = form.cleaned_data["kind"]
        handle = form.cleaned_data["file"]
        try:
            check_size(handle.name or "", handle.size)
            context["summary"] = import_upload(kind, handle.name or "", handle.read())
            context["kind"] = kind
        except UploadTooLarge as exc:
            context["problems"] = [told(exc)]
            status = 413
        except InputError as exc:
            context["problems"] = [told(p) for p in exc.problems]
        except PalmaresError as exc:
            context["problems"] = [told(exc)]
    status = status if status else 400 if context["problems"] else 200
    return render(request, "ui/import.html", context, status=status)
