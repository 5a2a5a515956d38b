"""The lists' order (latest first, then by name) from an index: the events list and the home page
need no sort (issue 21)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0001_initial"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="event",
            name="event_kind_date",
        ),
        migrations.AddIndex(
            model_name="event",
            index=models.Index(fields=["kind", "-date", "name"], name="event_kind_date_name"),
        ),
        migrations.AddIndex(
            model_name="event",
            index=models.Index(fields=["-date", "name"], name="event_date_name"),
        ),
    ]
