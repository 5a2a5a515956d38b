"""The stored Wizard ledgers (``wizarddb.ledgers``, issue 15): after each import they equal the
engine's full replay (``wizard.ledger.ledger`` over the whole stored history) and a rebuild from
nothing, while the engine is run only for the units the import wrote (a later month, a month or
a tournament in the middle of history), and the rows before the change are left as they were."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from palmares.web.events.models import Event
from palmares.web.lib.synthetic import write_wizard_months
from palmares.web.players.models import Player
from palmares.web.wizarddb import adapters, ledgers
from palmares.web.wizarddb.models import Game, LedgerRow, LedgerState, Placement, TournamentPlace
from palmares.web.wizarddb.services import import_games, import_tournaments
from palmares.wizard.master_points import Award

FIELDS = (
    *("player", "seq", "origin", "idx", "day", "source"),
    *("kind", "points", "reason", "balance", "levels"),
)


def _rows() -> list[tuple[Any, ...]]:
    return list(LedgerRow.objects.order_by("player", "seq").values_list(*FIELDS))


def _names() -> set[str]:
    placed = Placement.objects.values_list("player__name", flat=True)
    places = TournamentPlace.objects.values_list("player__name", flat=True)
    return set(placed) | set(places) | {"nobody at all"}


def _matches_a_full_replay() -> list[tuple[Any, ...]]:
    """Every stored ledger equals the engine's replay of the whole history, and the rows equal
    those of a rebuild from nothing; returns the rows."""
    cache.clear()  # the replay's inputs are read afresh
    names = _names()
    replayed = adapters.replayed_ledgers(names)  # the months' tables made once for all
    for name in names:
        assert ledgers.stored_ledger(name) == replayed[name], name
    rows = _rows()
    assert rows, "the history pays master points"
    ledgers.rebuild()
    assert _rows() == rows
    return rows


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The units each update gives the engine."""
    calls: list[list[str]] = []
    replay = ledgers.replay

    def counted(units: Sequence[str]) -> dict[str, tuple[Award, ...]]:
        calls.append(list(units))
        return replay(units)

    monkeypatch.setattr(ledgers, "replay", counted)
    return calls


def _months(tmp_path: Path, name: str, months: list[tuple[int, int]], seed: int) -> Path:
    return write_wizard_months(tmp_path / name, months, players=16, games=120, seed=seed)


def _cup(write: Callable[..., Path], day: str, order: Sequence[int]) -> Path:
    rows = "".join(f"Cup,{day},w{i:03d},{place},,no\n" for place, i in enumerate(order, 1))
    return write(
        f"cup-{day}.csv", "tournament,date,player,place,games_finished,invitational\n" + rows
    )


def test_the_demo_history_is_stored_as_the_engine_replays_it(db: None) -> None:
    assert ledgers.stored()
    _matches_a_full_replay()


def test_a_later_month_recomputes_that_month_only(
    db: None, tmp_path: Path, write: Callable[..., Path], spy: list[list[str]]
) -> None:
    # the Master Point Plan of 2021-02-01: three lists pay their Top 10 (month.py)
    import_games(_months(tmp_path, "a.csv", [(2020, 12), (2021, 1)], 1))
    _matches_a_full_replay()
    before = {r.pk: r.balance for r in LedgerRow.objects.all()}
    spy.clear()
    import_games(_months(tmp_path, "b.csv", [(2021, 2)], 2))
    assert spy == [["month:2021-02"]]
    assert LedgerRow.objects.filter(origin="month:2021-02", kind="sr-top-10").exists()
    # every row before February is the row it was (same id, same balance): none rewritten
    kept = LedgerRow.objects.filter(day__lt="2021-02-01")
    assert {r.pk: r.balance for r in kept} == before
    _matches_a_full_replay()


def test_a_month_or_a_tournament_in_the_middle_recomputes_from_there(
    db: None, tmp_path: Path, write: Callable[..., Path], spy: list[list[str]]
) -> None:
    # 2019: the matrix ranking, and tournaments still pay master points (rules.py)
    import_games(_months(tmp_path, "a.csv", [(2019, 1), (2019, 3), (2019, 4)], 3))
    import_tournaments(_cup(write, "2019-03-13", range(16)))
    _matches_a_full_replay()
    spy.clear()
    import_games(_months(tmp_path, "b.csv", [(2019, 2)], 4))
    assert spy == [["month:2019-02"]]
    _matches_a_full_replay()
    january = LedgerRow.objects.filter(day__lt="2019-02-01").values_list("pk", flat=True)
    untouched = set(january)
    # the Cup again, places reversed: only its unit is replayed, every ledger still exact
    spy.clear()
    import_tournaments(_cup(write, "2019-03-13", range(15, -1, -1)))
    cup = Event.objects.get(name="Cup", kind="wizard")
    assert spy == [[f"event:{cup.pk}"]]
    assert untouched <= set(LedgerRow.objects.values_list("pk", flat=True))
    rows = _matches_a_full_replay()
    assert any(r[2] == f"event:{cup.pk}" for r in rows)


def test_the_ledger_page_reads_the_stored_ledger(
    client: Client, db: None, tmp_path: Path, spy: list[list[str]]
) -> None:
    import_games(_months(tmp_path, "a.csv", [(2012, 5)], 5))
    top = LedgerRow.objects.filter(origin="month:2012-05").order_by("idx").first()
    assert top is not None
    person = Player.objects.get(name=top.player)
    spy.clear()
    page = client.get(f"/wizard/players/{person.pk}/").content.decode()
    assert spy == []  # no unit replayed by the request
    total = ledgers.stored_ledger(person.name).total
    assert f'id="ledger-total">{round(total)}<' in page
    api = client.get(f"/api/wizard/players/{person.pk}/ledger").json()
    assert api[-1]["balance"] == str(total)


def test_a_month_imported_again_replaces_its_games_and_its_awards(
    db: None, tmp_path: Path, spy: list[list[str]]
) -> None:
    """The same games (date and id) with other players and scores replace the stored ones whole:
    no game is stored twice, July is untouched, and June's awards are those of the new file."""
    import_games(_months(tmp_path, "a.csv", [(2015, 6), (2015, 7)], 6))
    july = Placement.objects.filter(game__date__gte="2015-07-01", game__date__lt="2015-08-01")
    july_rows = sorted(july.values_list("pk", "score"))
    spy.clear()
    again = _months(tmp_path, "b.csv", [(2015, 6)], 7)
    import_games(again)
    assert spy == [["month:2015-06"]]
    june = Placement.objects.filter(game__date__gte="2015-06-01", game__date__lt="2015-07-01")
    assert Game.objects.filter(date__gte="2015-06-01", date__lt="2015-07-01").count() == 120
    assert june.count() == len(again.read_text(encoding="utf-8").splitlines()) - 1
    assert sorted(july.values_list("pk", "score")) == july_rows
    _matches_a_full_replay()


def test_the_tournament_page_explains_its_awards_once(client: Client, db: None) -> None:
    event = Event.objects.filter(kind="wizard", wizard_places__isnull=False).distinct()[0]
    page = client.get(f"/wizard/tournaments/{event.pk}/").content.decode()
    assert f"<title>{event.name} · palmares</title>" in page
    assert page.count('id="explain"') == 1


def test_a_database_whose_ledgers_were_never_built_replays_then_builds_them(
    db: None, tmp_path: Path, spy: list[list[str]]
) -> None:
    """Migrated with its history in place (no ledger stored yet): the pages replay, and the
    first import builds every ledger."""
    rows = _rows()
    LedgerRow.objects.all().delete()
    LedgerState.objects.all().delete()
    name = rows[-1][0]
    cache.clear()
    assert not ledgers.stored() and ledgers.player_ledger(name) == adapters.replayed_ledger(name)
    assert ledgers.player_ledger(name).entries  # replayed, though nothing is stored
    spy.clear()
    import_games(_months(tmp_path, "a.csv", [(2016, 4)], 8))
    assert len(spy) == 1 and "month:2016-04" in spy[0] and len(spy[0]) > 1  # every unit
    assert ledgers.stored()
    _matches_a_full_replay()
