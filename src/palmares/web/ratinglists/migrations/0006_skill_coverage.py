"""What the stored Wizard and Tantrix skill ratings are the replay of (issue 15)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ratinglists", "0005_fk_indexes_covered"),
    ]

    operations = [
        migrations.CreateModel(
            name="SkillCoverage",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("community", models.CharField(max_length=16, unique=True)),
                ("model", models.CharField(max_length=32)),
                ("last", models.JSONField()),
                ("digest", models.JSONField()),
                ("competitions", models.PositiveBigIntegerField()),
                ("players", models.PositiveIntegerField()),
            ],
        ),
    ]
