"""Migration tournaments 0004: the unused ``Award`` table goes (issue 19).

Prizes (champion, places 2-7, best countries, teams) are computed from the stored boards on
every read (``tournaments.adapters.tournament_prizes``), so a correction moves them at once
(``prize_moves``); a stored copy would be a second truth to keep in step. Nothing wrote or read
the table. Checked both ways on the backend under test: on PostgreSQL inside the test's own
transaction (its DDL is transactional); on SQLite in a fresh database file in a child process
(SQLite's schema editor cannot run inside the test's transaction).
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.web.fresh_sqlite import run_on_fresh_sqlite

BEFORE = ("tournaments", "0003_top_board_and_overrides")
AFTER = ("tournaments", "0004_drop_unused_award")
TABLE = "tournaments_award"

ROUND_TRIP = r"""
import django
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
seen = [TABLE in connection.introspection.table_names()]
for target in (BEFORE, AFTER):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    seen.append(TABLE in connection.introspection.table_names())
print(seen)
"""


@pytest.mark.django_db
def test_the_model_is_gone_and_the_models_match_the_migrations() -> None:
    assert "Award" not in {m.__name__ for m in apps.get_app_config("tournaments").get_models()}
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def _round_trip_here() -> list[bool]:
    """PostgreSQL: back to 0003 and forward to 0004 inside the test's transaction."""
    seen = [TABLE in connection.introspection.table_names()]
    for target in (BEFORE, AFTER):
        MigrationExecutor(connection).migrate([target])
        seen.append(TABLE in connection.introspection.table_names())
    return seen


def _round_trip_in_a_fresh_sqlite_file(folder: Path) -> list[bool]:
    """SQLite: every migration on a new file, then back to 0003 and forward, in a child."""
    code = f"TABLE, BEFORE, AFTER = {TABLE!r}, {BEFORE!r}, {AFTER!r}\n" + ROUND_TRIP
    out = run_on_fresh_sqlite(code, folder)
    return [part.strip() == "True" for part in out.strip().strip("[]").split(",")]


@pytest.mark.django_db
def test_the_migration_drops_the_table_and_undoes(tmp_path: Path) -> None:
    if connection.vendor == "postgresql":
        seen = _round_trip_here()
    else:
        assert connection.vendor == "sqlite"
        seen = _round_trip_in_a_fresh_sqlite_file(tmp_path)
    assert seen == [False, True, False]
