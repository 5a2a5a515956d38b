"""A ratings officer's import page: upload a results, matches or games file (CSV or .xlsx).
The same job as ``POST /api/imports/{kind}`` (issue 37: queued, :mod:`palmares.web.jobs`), over
the same services as ``palmares import``: the page answers at once with the job's page, which
shows its progress, then its summary or every problem as ``file:line: column: message``
(all-or-nothing)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from palmares.web.accounts.roles import is_ratings_officer
from palmares.web.faces.uploads import UploadTooLarge, check_size
from palmares.web.jobs.services import enqueue_import
from palmares.web.lib.concurrency import WriteConflict
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
        except UploadTooLarge as exc:
            context["problems"] = [told(exc)]
            status = 413
        else:
            try:
                job = enqueue_import(request.user.pk, kind, handle)
            except WriteConflict as exc:
                context["problems"] = [str(exc)]
                status = 409
            else:
                return redirect("job", job_id=job.id)
    status = status if status else 400 if context["problems"] else 200
    return render(request, "ui/import.html", context, status=status)
