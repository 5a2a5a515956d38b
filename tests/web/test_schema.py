"""The schema check before a command (lib/schema.py): the migration files it finds are the ones
Django's loader finds, and one not recorded as applied is seen (then ``migrate`` runs)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from palmares.web.lib import schema

pytestmark = pytest.mark.django_db


def test_the_files_on_disk_are_the_loaders() -> None:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    assert schema._on_disk() == set(loader.disk_migrations)
    assert ("ratinglists", "0009_system_last_in_keys") in schema._on_disk()


def test_a_migration_not_recorded_is_unapplied() -> None:
    assert schema.unapplied() == set()
    MigrationRecorder(connection).record_unapplied("ratinglists", "0009_system_last_in_keys")
    assert schema.unapplied() == {("ratinglists", "0009_system_last_in_keys")}
