"""Reports from the table (issue 38): each registered player's personal code (a code of its
own for every existing registration, drawn by ``secrets``), the board's majority rule, whether
an agreed board is stored at once, and the players' reports."""

from __future__ import annotations

from typing import Any

import django.db.models.deletion
from django.db import migrations, models

import palmares.web.tournaments.models


def codes(apps: Any, schema_editor: Any) -> None:
    Entry = apps.get_model("tournaments", "Entry")
    for entry in Entry.objects.all():
        entry.code = palmares.web.tournaments.models.personal_code()
        entry.save(update_fields=["code"])


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0004_trigram_fastupdate_off"),
        ("tournaments", "0005_lifecycle"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="code",
            field=models.CharField(default="", max_length=8),
        ),
        migrations.RunPython(codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="entry",
            name="code",
            field=models.CharField(
                default=palmares.web.tournaments.models.personal_code, max_length=8
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="report_majority",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="tournament",
            name="report_auto_accept",
            field=models.BooleanField(default=False),
        ),
        migrations.CreateModel(
            name="BoardReport",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("label", models.CharField(max_length=16)),
                (
                    "power",
                    models.CharField(
                        choices=[
                            ("A", "Austria"),
                            ("E", "England"),
                            ("F", "France"),
                            ("G", "Germany"),
                            ("I", "Italy"),
                            ("R", "Russia"),
                            ("T", "Turkey"),
                        ],
                        max_length=1,
                    ),
                ),
                ("centres", models.JSONField()),
                ("eliminated", models.JSONField(default=dict)),
                ("draw", models.JSONField(default=list)),
                ("final_year", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("updated", models.DateTimeField(auto_now=True)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="players.player",
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="reports",
                        to="tournaments.round",
                    ),
                ),
            ],
            options={
                "ordering": ("round", "label", "power"),
                "constraints": [
                    models.UniqueConstraint(
                        fields=("round", "label", "player"), name="board_report_unique"
                    )
                ],
            },
        ),
    ]
