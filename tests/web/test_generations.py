"""Data generations (issue 21): every committed write bumps the scope it changed, in the
database, so a page cached by one process is never served stale after a write made through
another connection or process."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection, connections, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.events.models import Event
from palmares.web.faces.demo import SAMPLE
from palmares.web.lib.generations import ANY, builds_afresh, cached_read, data_generation, scope_of
from palmares.web.players.models import Player
from palmares.web.tantrixdb.services import import_matches
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.results import BoardResult, enter_result
from palmares.web.tournaments.services import import_boards
from palmares.web.ui.models import DataGeneration


def test_each_statement_is_placed_in_its_app() -> None:
    assert scope_of('INSERT INTO "players_player" ("name") VALUES (%s)') == "players"
    assert scope_of('UPDATE "tournaments_seat" SET "centres" = 3') == "tournaments"
    assert scope_of('DELETE FROM "tantrixdb_match" WHERE id = 1') == "tantrixdb"
    assert scope_of("update wizarddb_game set code = 'x'") == "wizarddb"
    assert scope_of("SELECT * FROM players_player") is None
    # sessions, logins and the generations themselves change no page
    assert scope_of('UPDATE "django_session" SET "session_data" = %s') is None
    assert scope_of('UPDATE "auth_user" SET "last_login" = %s') is None
    assert scope_of("INSERT INTO ui_datageneration (scope) VALUES ('x')") is None
    # what cannot be placed counts for every page
    assert scope_of("TRUNCATE players_player, events_event CASCADE") == ANY
    assert scope_of("WITH x AS (DELETE FROM events_result RETURNING id) SELECT 1") == ANY
    assert scope_of('INSERT INTO "somebody_elses" VALUES (1)') == ANY
    assert scope_of("CREATE INDEX a ON players_player (key)") is None


def _stored(scope: str) -> int:
    found = DataGeneration.objects.filter(scope=scope).values_list("generation", flat=True)
    return int(found.first() or 0)


@pytest.mark.django_db(transaction=True)
def test_a_transaction_bumps_its_scopes_once_after_its_commit() -> None:
    before = _stored("players")
    with transaction.atomic():
        Player.objects.create(name="Ann Example", key="ann example")
        Player.objects.create(name="Bo Example", key="bo example")
        # not yet in the database: the writing transaction carries its own marker
        assert _stored("players") == before
        assert len(data_generation(["players"])) == 3
    assert _stored("players") == before + 1
    assert data_generation(["players"]) == (data_generation(["players"])[0],)
    Player.objects.filter(name="Ann Example").update(nationality="Norway")  # autocommit
    assert _stored("players") == before + 2


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_bumps_nothing() -> None:
    before = data_generation(["players"])
    with pytest.raises(RuntimeError), transaction.atomic():
        Player.objects.create(name="Never Stored", key="never stored")
        raise RuntimeError("undo")
    assert data_generation(["players"]) == before
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint rolled back: the outer write still counts
                Player.objects.create(name="Undone", key="undone")
                raise RuntimeError("undo the savepoint")
        except RuntimeError:
            pass
        Player.objects.create(name="Kept", key="kept")
    assert data_generation(["players"])[0] == before[0] + 1


def _elsewhere(work: Callable[[], object]) -> None:
    """``work`` in another thread: its own database connection, committed there."""

    def run() -> None:
        try:
            work()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()


@pytest.mark.django_db(transaction=True)
def test_a_write_through_another_connection_is_seen_by_a_cached_page(client: Client) -> None:
    """The Tantrix pages are cached whole (and their engine figures by the adapters) in this
    process; a rename committed through another connection reaches them at once, though
    nothing told this process's cache."""
    import_matches(
        SAMPLE / "tantrix-nz-2000-matches.csv", ratings=SAMPLE / "tantrix-nz-2000-ratings.csv"
    )
    nz = Event.objects.get(kind="tantrix").pk
    for path in ("/tantrix/", f"/tantrix/events/{nz}/"):
        assert ">Pekko<" in client.get(path).content.decode()
    cached = len(cache._cache)  # type: ignore[attr-defined]
    assert cached >= 2
    with CaptureQueriesContext(connection) as queries:  # a hit: the generation's one query
        assert client.get("/tantrix/").status_code == 200
    assert len(queries) == 1

    _elsewhere(lambda: Player.objects.filter(name="Pekko").update(name="Pekko Renamed"))

    for path in ("/tantrix/", f"/tantrix/events/{nz}/"):
        page = client.get(path).content.decode()
        assert ">Pekko Renamed<" in page and ">Pekko<" not in page
    # the stale pages were never removed from this process's cache: the database's number
    # alone moved the pages to new keys
    assert len(cache._cache) > cached  # type: ignore[attr-defined]


@pytest.mark.django_db(transaction=True)
def test_a_board_entered_elsewhere_reaches_the_cached_standings(
    client: Client, tmp_path: Path
) -> None:
    """The tournament page after each round is cached whole, its standings and prizes by the
    adapters; a corrected board committed through another connection is in the next page,
    which is the page built from nothing."""
    boards = tmp_path / "boards.csv"
    boards.write_text(
        "round,board,power,player,centres\n"
        + "".join(
            f"{r},1,{p},P{p},{c}\n"
            for r in (1, 2)
            for p, c in zip("AEFGIRT", [9, 8, 7, 5, 3, 2, 0], strict=True)
        )
    )
    mini = import_boards(boards, event="Mini", day=date(2009, 6, 1))
    paths = [f"/diplomacy/{mini.pk}/", f"/diplomacy/{mini.pk}/?round=1", "/diplomacy/"]
    before = {path: client.get(path).content.decode() for path in paths}
    ids = dict(Player.objects.filter(name__startswith="P").values_list("name", "pk"))
    centres = [0, 2, 3, 5, 7, 8, 9]  # round 2 corrected: Turkey's board now
    result = BoardResult(
        centres=dict(zip(GREAT_POWERS, centres, strict=True)),
        eliminated={"Austria": 1908},
        draw=None,
        final_year=1909,
        seats={power: ids[f"P{p}"] for power, p in zip(GREAT_POWERS, "AEFGIRT", strict=True)},
    )
    _elsewhere(lambda: enter_result(None, Tournament.objects.get(pk=mini.pk), 2, "1", result))

    after = {path: client.get(path).content.decode() for path in paths}
    assert after[paths[0]] != before[paths[0]]
    assert after[paths[1]] == before[paths[1]]  # round 1's standings did not change
    cache.clear()
    assert after == {path: client.get(path).content.decode() for path in paths}


@pytest.mark.django_db(transaction=True)
def test_a_read_is_built_afresh_in_a_transaction_and_cached_outside() -> None:
    """``builds_afresh`` is ``cached_read``'s own rule: inside a transaction every read is
    built again (a write's "before" is the database's); outside, once per generation."""
    cache.clear()
    builds: list[int] = []

    def build() -> int:
        builds.append(1)
        return len(builds)

    assert not builds_afresh()
    assert cached_read(("events",), ("afresh-test",), build) == 1
    assert cached_read(("events",), ("afresh-test",), build) == 1  # cached
    with transaction.atomic():
        assert builds_afresh()
        assert cached_read(("events",), ("afresh-test",), build) == 2
        assert cached_read(("events",), ("afresh-test",), build) == 3
    assert not builds_afresh()
