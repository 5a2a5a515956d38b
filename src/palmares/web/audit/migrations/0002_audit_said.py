"""What a write did, kept as typed messages beside its snapshots (issue 32: the audit in
words)."""

from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="auditentry",
            name="said",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
