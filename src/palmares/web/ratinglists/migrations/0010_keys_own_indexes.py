"""``rating_entry_unique`` and ``standing_unique`` as indexes of their own on SQLite
(``lib.unique``, issue 15)."""

from django.db import migrations

from palmares.web.lib.unique import UniqueIndex, own_index_operations


class Migration(migrations.Migration):
    dependencies = [("ratinglists", "0009_system_last_in_keys")]

    operations = own_index_operations(
        "ratinglists",
        {
            "ratingentry": UniqueIndex(
                fields=("player", "event", "system"), name="rating_entry_unique"
            ),
            "standing": UniqueIndex(fields=("player", "year", "system"), name="standing_unique"),
        },
    )
