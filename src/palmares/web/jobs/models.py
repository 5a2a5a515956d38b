"""What the site keeps of a job beside the queue's own row (``django_tasks_db.DBTaskResult``,
same id): what it does, who asked, and how it failed when it did, as typed messages told in the
reader's language."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class Job(models.Model):
    """One job; ``id`` is its task result's id in the queue."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    #: What the job does: a typed message (``Message.to_json``), e.g. ``jobs.import``.
    what = models.JSONField()
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(auto_now_add=True)
    #: The uploaded file the job reads (under ``PALMARES_JOBS_DIR``), until it has run.
    upload = models.CharField(max_length=500, blank=True, default="")
    #: Why it failed: a list of problems (``file``, ``line``, ``column``, ``text``, ``said``).
    problems = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
