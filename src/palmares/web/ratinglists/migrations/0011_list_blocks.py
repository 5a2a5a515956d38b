"""The published lists stored in blocks of lines (issue 15, ``ratinglists.blocks``): the lines
stored as rows become blocks, and only the Permanent list keeps its rows."""

from typing import Any

import numpy as np
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def _to_blocks(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """PostgreSQL: the blocks stored as they are (numbers), not compressed by TOAST. Then each
    stored list's rows, in list order, as its blocks; the yearly lists' rows go."""
    from palmares.web.ratinglists.blocks import block_lines, encode_list

    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "ALTER TABLE ratinglists_listblock ALTER COLUMN data SET STORAGE EXTERNAL"
        )
    standing = apps.get_model("ratinglists", "Standing")
    block = apps.get_model("ratinglists", "ListBlock")
    keys = standing.objects.values_list("system", "year").distinct().order_by("system", "year")
    for system, year in list(keys):
        rows: list[Any] = list(
            standing.objects.filter(system=system, year=year)
            .order_by("position")
            .values_list("player_id", "nationality", "rating", "rank", "national_rank", "events")
        )
        names = sorted({r[1] for r in rows if r[1]})
        code = {n: i for i, n in enumerate(names)}
        found = encode_list(
            np.array([r[0] for r in rows], dtype=np.int64),
            np.array([float(r[2]) for r in rows], dtype=np.float64),
            np.array([r[3] for r in rows], dtype=np.int64),
            np.array([-1 if r[4] is None else r[4] for r in rows], dtype=np.int64),
            np.array([r[5] for r in rows], dtype=np.int64),
            np.array([code.get(r[1], -1) for r in rows], dtype=np.int64),
            names,
        )
        block.objects.bulk_create(
            block(
                system=system,
                year=year,
                nation=k[0],
                block=k[1],
                lines=block_lines(data),
                data=data,
            )
            for k, data in sorted(found.items())
        )
    standing.objects.exclude(year=0).delete()


class Migration(migrations.Migration):
    dependencies = [("ratinglists", "0010_keys_own_indexes")]

    operations = [
        migrations.CreateModel(
            name="ListBlock",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("system", models.CharField(default="dip-pouch", max_length=32)),
                ("year", models.PositiveSmallIntegerField()),
                ("nation", models.CharField(blank=True, default="", max_length=64)),
                ("block", models.PositiveIntegerField()),
                ("lines", models.PositiveIntegerField()),
                ("data", models.BinaryField()),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("system", "year", "nation", "block"), name="list_block_unique"
                    )
                ],
            },
        ),
        migrations.RunPython(_to_blocks, migrations.RunPython.noop),
    ]
