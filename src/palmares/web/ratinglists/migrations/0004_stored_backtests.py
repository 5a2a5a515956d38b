"""The stored figures of "which rating predicts best" (ratinglists.backtests, issue 21)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ratinglists", "0003_skill_ratings"),
    ]

    operations = [
        migrations.CreateModel(
            name="Backtest",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("community", models.CharField(max_length=16)),
                ("version", models.PositiveBigIntegerField()),
                ("figures", models.JSONField()),
                ("computed_at", models.DateTimeField(auto_now=True)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("community", "version"), name="backtest_unique")
                ],
            },
        ),
    ]
