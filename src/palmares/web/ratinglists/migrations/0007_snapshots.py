"""The stored columns of the Dip Pouch results (issue 15: an update after a write reads the
rows of the events written, not every result)."""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def _uncompressed(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """PostgreSQL: the columns stored as they are (numbers, little to gain), not compressed
    by TOAST on every write (pglz: a quarter of a second for 25 MB)."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "ALTER TABLE ratinglists_snapshot ALTER COLUMN data SET STORAGE EXTERNAL"
        )


class Migration(migrations.Migration):
    dependencies = [("ratinglists", "0006_skill_coverage")]

    operations = [
        migrations.CreateModel(
            name="Snapshot",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("system", models.CharField(max_length=32, unique=True)),
                ("stamp", models.PositiveBigIntegerField()),
                ("data", models.BinaryField()),
            ],
        ),
        migrations.CreateModel(
            name="SnapshotTouch",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("system", models.CharField(max_length=32, unique=True)),
                ("base", models.PositiveBigIntegerField()),
                ("stamp", models.PositiveBigIntegerField()),
                ("events", models.JSONField(default=list)),
            ],
        ),
        migrations.RunPython(_uncompressed, migrations.RunPython.noop),
    ]
