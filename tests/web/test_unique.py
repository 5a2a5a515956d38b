"""Issue 15: the keys of the rating moves and the lists (``lib.unique.UniqueIndex``) — on SQLite
an index of their own, which a bulk write drops and builds again; on PostgreSQL the same ``UNIQUE``
constraint; on both a refusal of a duplicate, and Django's own message for it."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from palmares.web.events.models import Event, Result
from palmares.web.lib.bulk import indexes_after, insert_raw
from palmares.web.players.models import Player
from palmares.web.ratinglists.models import Standing

KEYS = {
    "ratinglists_ratingentry": ("rating_entry_unique", ["player_id", "event_id", "system"]),
    "ratinglists_standing": ("standing_unique", ["player_id", "year", "system"]),
}


@pytest.mark.django_db
@pytest.mark.parametrize("table", sorted(KEYS))
def test_each_key_is_unique_and_one_a_bulk_write_can_rebuild(table: str) -> None:
    name, columns = KEYS[table]
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)[name]
        assert found["columns"] == columns and found["unique"]
        if connection.vendor == "sqlite":
            # an index SQLite can drop (``sql`` is NULL for the automatic index of a
            # constraint written into the table), and nothing unique written into the table
            cursor.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = %s", [name]
            )
            assert cursor.fetchone()[0].startswith("CREATE UNIQUE INDEX")
            cursor.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = %s", [table]
            )
            assert "CONSTRAINT" not in cursor.fetchone()[0].split("CHECK")[0]
        else:
            cursor.execute(
                "SELECT contype FROM pg_constraint WHERE conname = %s AND conrelid = %s::regclass",
                [name, table],
            )
            assert cursor.fetchall() == [("u",)]


@pytest.fixture
def anne() -> tuple[Event, Player]:
    event = Event.objects.create(name="Keys Open", date=date(2026, 5, 1))
    player = Player.objects.create(name="Anne Keys")
    Result.objects.create(event=event, player=player, rank=1)
    return event, player


@pytest.mark.django_db
def test_a_second_line_of_a_player_in_a_list_is_refused(anne: tuple[Event, Player]) -> None:
    _, player = anne
    line = {"system": "dip-pouch", "year": 2026, "player": player, "rating": Decimal("40.5")}
    places = {"rank": 1, "events": 1, "position": 1}
    Standing.objects.create(**line, **places)
    with pytest.raises(ValidationError) as refused:
        Standing(**line, **places).validate_constraints()
    # Django's own message for a unique constraint on fields, as before
    assert refused.value.messages == ["Standing with this Player, Year and System already exists."]
    with pytest.raises(IntegrityError), transaction.atomic():
        Standing.objects.create(**line, **places)
    assert Standing.objects.filter(player=player).count() == 1


@pytest.mark.django_db
def test_a_bulk_write_with_a_duplicate_line_fails_its_rebuild_and_writes_nothing(
    anne: tuple[Event, Player],
) -> None:
    _, player = anne
    fields = ["system", "year", "player_id", "nationality", "rating", "rank", "events", "position"]
    line = ("dip-pouch", 2026, player.pk, "", Decimal("40.5"), 1, 1, 1)
    lines = Standing.objects.filter(player=player)
    stored = Standing.objects.count()
    with pytest.raises(IntegrityError), transaction.atomic(), indexes_after(Standing):
        insert_raw(Standing, fields, [line, line])
    assert Standing.objects.count() == stored and not lines.exists()
    with transaction.atomic(), indexes_after(Standing):
        insert_raw(Standing, fields, [line])
    assert lines.get().rating == Decimal("40.5")
    assert Standing.objects.count() == stored + 1
    with connection.cursor() as cursor:  # the index is back after the write
        assert connection.introspection.get_constraints(cursor, "ratinglists_standing")[
            "standing_unique"
        ]["unique"]
