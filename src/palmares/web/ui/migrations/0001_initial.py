"""The data generations (issue 21)."""

from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True
    dependencies = []

    operations = [
        migrations.CreateModel(
            name="DataGeneration",
            fields=[
                ("scope", models.CharField(max_length=64, primary_key=True, serialize=False)),
                ("generation", models.PositiveBigIntegerField(default=0)),
            ],
            options={"db_table": "ui_datageneration"},
        ),
    ]
