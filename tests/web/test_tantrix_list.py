"""The Tantrix rating list after a tournament: computed by the engine after each import
(``tantrix.rating_list.update_list``), shown with each player's change, and a player's rating
after each tournament. Figures as ``palmares tantrix update`` prints them for NZ 2000
(docs/tantrix.md): Ridcully 1937.00 → 1949.59, Runes 1862.00 → 1892.11, Scarab 1748.00 → 1736.99,
Pekko 2001.5332826939064 over 52 G."""

from __future__ import annotations

import csv
import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.test import Client

from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.tantrixdb.models import Rating


def _row(page: str, name: str) -> list[str]:
    row = page.split(f">{name}</a></td>")[1].split("</tr>")[0]
    return [cell.split("</td>")[0] for cell in row.split('<td class="num">')[1:]]


def test_the_list_after_nz_2000_is_stored(db: None) -> None:
    nz = Event.objects.get(kind="tantrix")
    after = {r.player.name: r for r in Rating.objects.filter(event=nz).select_related("player")}
    assert len(after) == 24  # the six official entries and the eighteen newly rated players
    pekko = after["Pekko"]
    assert str(pekko.rating).startswith("2001.533282693") and pekko.games == 52
    assert pekko.before == 2023 and pekko.tournament_games == 16 and pekko.official


def test_rating_list_page_shows_the_change(client: Client, db: None) -> None:
    answer = client.get("/tantrix/")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "The list after NZ Tantrix Championship 2000" in page
    # rating, before, change, tournament Elo, tournament G, G
    assert _row(page, "Pekko") == ["2001.53", "2023.00", "-21.47", "1953.23", "16", "52"]
    assert _row(page, "Ridcully")[:3] == ["1949.59", "1937.00", "12.59"]
    assert _row(page, "Runes")[:3] == ["1892.11", "1862.00", "30.11"]
    assert _row(page, "Scarab")[:3] == ["1736.99", "1748.00", "-11.01"]
    # A newcomer enters with the tournament rating (MattK: 1934, seed 003) and no change.
    assert _row(page, "MattK") == ["1934.01", "", "", "1934.01", "8", "8"]
    first = page.split('id="tantrix-ratings"')[1].split("</tr>")[1]
    assert ">Pekko<" in first  # still at the top


def test_player_history_shows_the_rating_after_each_tournament(
    client: Client, cli: Any, write: Callable[..., Path], db: None
) -> None:
    """A second tournament without its own list is applied to the list after NZ 2000."""
    later = write(
        "later.csv",
        "event,date,round,player_a,player_b,games,tp_a,tp_b,own_rating,illustrative\n"
        "Wellington Open 2001,2001-03-01,R1,Pekko,MattK,1,10,10,,no\n",
    )
    done = cli("import", "matches", str(later))
    assert done.code == 0, done.err
    pekko = Player.objects.get(name="Pekko")
    page = html.unescape(client.get(f"/tantrix/players/{pekko.pk}/").content.decode())
    table = page.split('id="tantrix-after"')[1].split("</table>")[0]
    assert table.index("Wellington Open 2001") < table.index("NZ Tantrix Championship 2000")
    # 10 : 10 against a player who met no one else: Pekko keeps his own rating (2001.53 × 52
    # + 2001.53 × 1) / 53; MattK (8 G at 1934.01) is rated 2001.53 off Pekko, (8 × 1934.01 +
    # 2001.53) / 9 = 1941.51.
    wellington = table.split("Wellington Open 2001")[1].split("</tr>")[0]
    assert ">2001.53<" in wellington and ">0.00<" in wellington and ">53<" in wellington
    nz = table.split("NZ Tantrix Championship 2000")[1].split("</tr>")[0]
    assert ">2023.00<" in nz and ">2001.53<" in nz and ">-21.47<" in nz
    current = client.get("/tantrix/").content.decode()
    assert "The list after Wellington Open 2001" in current
    assert _row(current, "MattK")[:3] == ["1941.51", "1934.01", "7.50"]


def _lists() -> list[tuple[Any, ...]]:
    return sorted(
        Rating.objects.filter(event__isnull=False).values_list(
            "event_id",
            "player_id",
            "as_of",
            "rating",
            "games",
            "official",
            "before",
            "change",
            "tournament_elo",
            "tournament_games",
        )
    )


def test_an_import_replays_from_its_tournament_as_the_full_replay_would(
    db: None, tmp_path: Path
) -> None:
    """Issue 15: an import replays the lists from its earliest tournament on, not from the
    first one; the lists are those of the full replay (a later and an earlier tournament)."""
    from palmares.web.faces.demo import SAMPLE
    from palmares.web.tantrixdb.services import import_matches, recompute_lists

    text = (SAMPLE / "tantrix-nz-2000-matches.csv").read_text(encoding="utf-8")
    ratings = SAMPLE / "tantrix-nz-2000-ratings.csv"
    for name, day, before in (
        ("Wellington Open 2001", "2001-03-10", None),  # rated against the list after NZ 2000
        ("Auckland Cup 2000", "2000-06-01", ratings),  # before NZ 2000: it is replayed after
    ):
        path = tmp_path / f"{day}.csv"
        path.write_text(
            text.replace("NZ Tantrix Championship 2000", name).replace("2000-11-01", day),
            encoding="utf-8",
        )
        import_matches(path, ratings=before)
        after_import = _lists()
        recompute_lists()
        assert _lists() == after_import
    assert Event.objects.filter(kind="tantrix").count() == 3


def _rated(monkeypatch: Any) -> list[str]:
    """The tournaments the recompute gives the engine, in order (a spy on
    ``services.tournament_rating``)."""
    from palmares.web.tantrixdb.adapters import tournament_rating

    calls: list[str] = []

    def counted(event: Event, entries: Any = None, matches: Any = None) -> Any:
        calls.append(event.name)
        return tournament_rating(event, entries, matches)

    monkeypatch.setattr("palmares.web.tantrixdb.services.tournament_rating", counted)
    return calls


def _copy(tmp_path: Path, name: str, day: str) -> Path:
    from palmares.web.faces.demo import SAMPLE

    text = (SAMPLE / "tantrix-nz-2000-matches.csv").read_text(encoding="utf-8")
    path = tmp_path / f"{name}.csv"
    path.write_text(
        text.replace("NZ Tantrix Championship 2000", name).replace("2000-11-01", day),
        encoding="utf-8",
    )
    return path


def test_a_tournament_in_the_middle_is_replayed_with_the_later_ones_only(
    db: None, tmp_path: Path, monkeypatch: Any
) -> None:
    """The engine rates the imported tournament and those after it, not the ones before; the
    lists equal a full replay's."""
    from palmares.web.tantrixdb.services import import_matches, recompute_lists

    for name, day in (("T1", "2001-01-10"), ("T2", "2001-02-10"), ("T3", "2001-03-10")):
        import_matches(_copy(tmp_path, name, day))
    rated = _rated(monkeypatch)
    import_matches(_copy(tmp_path, "Middle", "2001-02-01"))
    assert rated == ["Middle", "T2", "T3"]  # not NZ 2000 nor T1
    rated.clear()
    import_matches(_copy(tmp_path, "Latest", "2001-04-01"))
    assert rated == ["Latest"]
    after_import = _lists()
    rated.clear()
    recompute_lists()
    assert rated == ["NZ Tantrix Championship 2000", "T1", "Middle", "T2", "T3", "Latest"]
    assert _lists() == after_import


def test_a_list_imported_for_a_day_replays_that_days_earlier_tournament(
    db: None, tmp_path: Path, monkeypatch: Any
) -> None:
    """A ``ratings.csv`` dated a day is the list of every tournament of that day: importing it
    with the day's second tournament replays the first one too, as a full replay does."""
    from palmares.web.faces.demo import SAMPLE
    from palmares.web.tantrixdb.services import import_matches, recompute_lists

    import_matches(_copy(tmp_path, "Morning", "2001-03-10"))
    rated = _rated(monkeypatch)
    import_matches(
        _copy(tmp_path, "Evening", "2001-03-10"), ratings=SAMPLE / "tantrix-nz-2000-ratings.csv"
    )
    assert rated == ["Morning", "Evening"]
    after_import = _lists()
    recompute_lists()
    assert _lists() == after_import


def test_the_event_page_works_each_rating_out_once(client: Client, db: None) -> None:
    """The notes and each player's working are rendered once, in the page's body (not again in
    its title)."""
    nz = Event.objects.get(kind="tantrix")
    page = client.get(f"/tantrix/events/{nz.pk}/").content.decode()
    assert "<title>NZ Tantrix Championship 2000 · palmares</title>" in page
    assert page.count('id="explain"') == 1 and page.count('id="notes"') == 1
    assert page.count("<pre>") == 24  # one working per player of the list after NZ 2000


def test_an_import_without_a_list_stores_each_tournament_once(
    db: None, tmp_path: Path, monkeypatch: Any
) -> None:
    """Issue 33: the tournaments of a file are found and written together (their field sizes
    counted at once); with no official list before them the replay rates none of them, as
    rating them changes no list; importing the file again replaces them (same ids)."""
    from palmares.web.tantrixdb.models import Match
    from palmares.web.tantrixdb.services import import_matches, stored_matches

    rows: list[list[str]] = []
    for name, day in (("Alone", "1999-01-10"), ("Again", "1999-02-10")):
        with _copy(tmp_path, name, day).open(encoding="utf-8", newline="") as f:
            read = list(csv.reader(f))
        rows += [[*r[:8], "", *r[9:]] for r in read[1 if rows else 0 :]]  # (no own rating)
    both = tmp_path / "both.csv"
    with both.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    rated = _rated(monkeypatch)
    events = import_matches(both)
    assert [e.name for e in events] == ["Alone", "Again"]
    assert rated == ["NZ Tantrix Championship 2000"]  # (after them, its list imported)
    nz = Event.objects.get(name="NZ Tantrix Championship 2000")
    for e in events:
        e.refresh_from_db()
        assert e.players == nz.players and e.kind == "tantrix"
        assert not Rating.objects.filter(event=e).exists()
    assert stored_matches(events) == 2 * Match.objects.filter(event=nz).count()
    again = import_matches(both)
    assert [e.pk for e in again] == [e.pk for e in events]
    assert stored_matches(again) == stored_matches(events)
