"""The round's lifecycle (issue 32): a tournament's planned rounds kept apart from the rounds
played (the event's, once closed), whether a round's roll call was taken, the board of its call
that seats the top board, and the places a swap changed after publication."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models


def forward(apps: Any, schema_editor: Any) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    Round = apps.get_model("tournaments", "Round")
    for t in Tournament.objects.select_related("event"):
        t.planned_rounds = t.event.rounds
        t.save(update_fields=["planned_rounds"])
    Round.objects.filter(presences__isnull=False).update(roll_taken=True)
    for rnd in Round.objects.exclude(call_report={}):
        label = rnd.call_report.get("top_board") if isinstance(rnd.call_report, dict) else None
        if label:
            rnd.top_board = str(label)[:16]
            rnd.save(update_fields=["top_board"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_drop_unused_award")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="planned_rounds",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="top_board",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.AddField(
            model_name="round",
            name="roll_taken",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="calledseat",
            name="changed",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
