"""Closing a tournament (issue 12, step 7): the classification filed as the event's results, the
Dip Pouch taken in incrementally (the same figures as a full replay), the two WDD files written
and read back by ``palmares import`` to the same event."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from palmares.web.events.models import Event, Result
from palmares.web.ratinglists.models import Publication, RatingEntry, SkillRating
from palmares.web.ratinglists.services import recompute_dip_pouch
from palmares.web.tournaments.exports import wdd_board_rows
from palmares.web.tournaments.models import Board, Seat, Tournament
from palmares.web.tournaments.services import import_boards
from tests.web.stored_figures import stored_rows

pytestmark = pytest.mark.django_db

NAME = "Closing Cup"


def _copy_of_the_wc(wc: Tournament, tmp_path: Path, day: date) -> Tournament:
    """A new, open tournament with the boards of the demo's WC 2007 (top board included)."""
    path = tmp_path / "boards.csv"
    rows = wdd_board_rows(wc.event)
    with path.open("w", newline="", encoding="utf-8") as out:
        w = csv.DictWriter(out, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows({k: ("" if v is None else v) for k, v in r.items()} for r in rows)
    return import_boards(path, event=NAME, day=day)


@pytest.fixture
def cup(wc: Tournament, tmp_path: Path) -> Tournament:
    return _copy_of_the_wc(wc, tmp_path, date(2011, 3, 5))


@pytest.fixture
def cup_td(cup: Tournament) -> Client:
    user = User.objects.create_user("cup-td", password="cup-password-2011")
    cup.directors.add(user)
    client = Client()
    client.force_login(user)
    return client


def _ratings() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], int]:
    entries, lists = stored_rows()
    return entries, lists, Publication.objects.get(system="dip-pouch").generation


def test_close_files_the_wc_classification(cup: Tournament, cup_td: Client, wc: Tournament) -> None:
    before = RatingEntry.objects.count()
    answer = cup_td.post(f"/api/tournaments/{cup.pk}/close")
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"event_id": cup.event_id}
    filed = dict(Result.objects.filter(event=cup.event).values_list("player__name", "rank"))
    wc_ranks = dict(Result.objects.filter(event=wc.event).values_list("player__name", "rank"))
    assert filed == wc_ranks  # the demo's WC is filed by the same rule
    assert len(filed) == 70 and sorted(filed.values())[:8] == [1, 2, 3, 4, 5, 6, 7, 8]
    cup.event.refresh_from_db()
    assert (cup.event.players, cup.event.rounds) == (70, 6)
    assert RatingEntry.objects.count() == before + 70
    from palmares.web.audit.models import AuditEntry

    logged = AuditEntry.objects.get(tournament=cup, action="close")
    assert logged.user is not None and logged.user.get_username() == "cup-td"
    assert logged.after is not None and logged.after["event_id"] == cup.event_id
    assert logged.after["classification"][0] == {"rank": 1, "player": wc_champion(wc)}
    again = cup_td.post(f"/api/tournaments/{cup.pk}/close")
    assert again.status_code == 409 and "already closed" in again.json()["detail"]
    assert Result.objects.filter(event=cup.event).count() == 70


def wc_champion(wc: Tournament) -> str:
    return str(Result.objects.get(event=wc.event, rank=1).player.name)


@pytest.mark.parametrize("day", [date(2011, 3, 5), date(2005, 6, 1), date(2007, 8, 3)])
def test_the_incremental_replay_equals_the_full_one(
    wc: Tournament, tmp_path: Path, day: date
) -> None:
    from palmares.web.tournaments.closing import close_tournament

    cup = _copy_of_the_wc(wc, tmp_path, day)
    generation = Publication.objects.get(system="dip-pouch").generation
    close_tournament(cup, None)
    entries, lists, after = _ratings()
    assert after == generation + 1
    assert len([e for e in entries if e[2] == cup.event_id]) == 70
    years = set(Publication.objects.get(system="dip-pouch").summary["years"])
    assert day.year in years
    summary = Publication.objects.get(system="dip-pouch").summary
    skill = _skill()
    assert len(skill) > 70  # the cup's players and everyone else's, only the moved rewritten
    recompute_dip_pouch()
    full_entries, full_lists, _ = _ratings()
    assert entries == full_entries
    assert lists == full_lists
    assert Publication.objects.get(system="dip-pouch").summary == summary
    assert skill == _skill()  # the skill ratings (μ ± σ) too, to the last bit


def _skill() -> list[tuple[Any, ...]]:
    return sorted(
        SkillRating.objects.filter(community="dip-pouch").values_list(
            "player_id", "mu", "sigma", "competitions"
        )
    )


@pytest.mark.parametrize("who", ["anonymous", "other_td", "officer", "td"])
def test_only_the_tournaments_director_closes(
    who: str, request: pytest.FixtureRequest, cup: Tournament
) -> None:
    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    entries = RatingEntry.objects.count()
    from palmares.web.audit.models import AuditEntry

    answer = client.post(f"/api/tournaments/{cup.pk}/close")
    assert answer.status_code == (401 if who == "anonymous" else 403)
    assert not AuditEntry.objects.filter(tournament=cup).exists()
    page = client.post(f"/diplomacy/{cup.pk}/edit/close")
    assert page.status_code == (302 if who == "anonymous" else 403)
    assert not Result.objects.filter(event=cup.event).exists()
    assert RatingEntry.objects.count() == entries


def test_the_close_page_shows_the_classification_then_files_it(
    cup: Tournament, cup_td: Client
) -> None:
    page = cup_td.get(f"/diplomacy/{cup.pk}/edit/close").content.decode()
    assert 'id="classification"' in page and 'id="close-form"' in page
    assert "champion (top board)" in page
    french = cup_td.get(f"/diplomacy/{cup.pk}/edit/close", headers={"accept-language": "fr"})
    assert "Clôturer le tournoi et l’enregistrer dans les classements" in french.content.decode()
    assert "champion (table finale)" in french.content.decode()
    assert 'id="close-link"' in cup_td.get(f"/diplomacy/{cup.pk}/").content.decode()
    done = cup_td.post(f"/diplomacy/{cup.pk}/edit/close")
    assert done.status_code == 302 and done["Location"] == f"/events/{cup.event_id}/"
    assert Result.objects.filter(event=cup.event).count() == 70
    event_page = cup_td.get(done["Location"]).content.decode()
    assert NAME in event_page
    again = cup_td.get(f"/diplomacy/{cup.pk}/edit/close").content.decode()
    assert 'id="closed"' in again and 'id="close-form"' not in again


def test_a_top_board_in_error_is_not_closed(cup: Tournament, cup_td: Client) -> None:
    second = Board.objects.filter(round__tournament=cup, round__number=3).order_by("id").first()
    assert second is not None
    second.top_board = True
    second.save()
    answer = cup_td.post(f"/api/tournaments/{cup.pk}/close")
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert detail.startswith("the top board disagrees with the invitations: ")
    assert "more than one board is flagged top_board" in detail
    assert not Result.objects.filter(event=cup.event).exists()


def test_export_needs_a_closed_event(cli: Any, cup: Tournament) -> None:
    for kind in ("classification", "boards"):
        refused = cli("export", "wdd", kind, NAME)
        assert refused.code == 2 and refused.out == ""
        assert f"{NAME} (2011-03-05) is not closed" in refused.err
    unknown = cli("export", "wdd", "classification", "No Such Cup")
    assert unknown.code == 2 and "no event named 'No Such Cup'" in unknown.err and not unknown.out
    no_boards = cli("export", "wdd", "boards", "Dip in the Ocean 2004")
    assert no_boards.code == 2 and "has no boards stored" in no_boards.err


def test_export_then_import_round_trips(
    cli: Any, cup: Tournament, cup_td: Client, write: Callable[..., Path]
) -> None:
    assert cup_td.post(f"/api/tournaments/{cup.pk}/close").status_code == 200
    event_id = cup.event_id
    ranks = dict(Result.objects.filter(event_id=event_id).values_list("player__name", "rank"))
    boards = wdd_board_rows(cup.event)
    entries = _ratings()[0]
    classification = cli("export", "wdd", "classification", NAME, "--date", "2011-03-05")
    assert classification.code == 0, classification.err
    rows = list(csv.DictReader(io.StringIO(classification.out)))
    assert len(rows) == 70 and rows[0]["rank"] == "1" and rows[0]["event"] == NAME
    board_file = cli("export", "wdd", "boards", NAME)
    played = Board.objects.filter(round__tournament=cup).count()
    assert played == 51  # five rounds of ten boards, and the top board
    assert board_file.code == 0 and board_file.out.count("\n") == 1 + 7 * played
    # Somebody spoils the stored copy; the two files put it back, to the same event.
    Result.objects.filter(event_id=event_id).update(rank=70)
    Seat.objects.filter(board__round__tournament=cup).update(centres=0)
    back = cli("import", "results", str(write("classification.csv", classification.out)))
    assert back.code == 0, back.err
    again = cli(
        "import",
        "boards",
        str(write("boards.csv", board_file.out)),
        "--event",
        NAME,
        "--date",
        "2011-03-05",
    )
    assert again.code == 0, again.err
    event = Event.objects.get(name=NAME)
    assert event.pk == event_id
    assert dict(event.results.values_list("player__name", "rank")) == ranks
    assert wdd_board_rows(event) == boards
    without_ids = [e[:3] + e[4:] for e in entries]  # the result rows are new, their figures not
    assert [e[:3] + e[4:] for e in _ratings()[0]] == without_ids
