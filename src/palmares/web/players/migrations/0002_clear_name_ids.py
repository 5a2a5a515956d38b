"""Players imported from results.csv rows without ``player_id`` were stored under the external id
``name:<key>`` (issue 13), so no other file found them. A player is found by ``Player.key`` when a
file gives no id: clear those made-up ids. (Two rows of one person that the old rule split stay
two players; merging them is left to an officer.)"""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def clear(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Player = apps.get_model("players", "Player")
    Player.objects.filter(external_id__startswith="name:").update(external_id="")


class Migration(migrations.Migration):
    dependencies = [("players", "0001_initial")]

    operations = [migrations.RunPython(clear, migrations.RunPython.noop)]
