"""Every page answers 200 and shows its key figures (from the engines, half up)."""

from __future__ import annotations

import html

from django.test import Client

from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.tournaments.models import Tournament
from palmares.web.wizarddb.models import TournamentPlace


def test_home_lists_top_of_each_ranking(client: Client, ocean: Event) -> None:
    page = client.get("/").content.decode()
    latest = Event.objects.order_by("-date", "name").first()
    assert latest is not None and latest.name in page
    assert "Pekko" in page  # top of the Tantrix list (2023)


def test_event_report_prints_the_seed_scores(client: Client, ocean: Event) -> None:
    page = client.get(f"/events/{ocean.pk}/").content.decode()
    # Seed 000 prints "Coeff 18.86" for this 24-player event: the WDD's stored value, not the
    # formula's 8.86 (24 / 3.5 + 2).
    assert ">18.86<" in page and ">8.86<" not in page
    for name, score in [
        ("Edi Birsan", "97.92"),
        ("Jerry Fest", "93.75"),
        ("Matt Shields", "64.58"),
        ("Mitchell Wageler", "10.42"),
        ("Mark Zoffel", "35.42"),
    ]:
        row = page.split(name)[1].split("</tr>")[0]
        assert f">{score}<" in row, (name, row)


def test_event_report_lists_ties_as_the_seed_does(client: Client, ocean: Event) -> None:
    """Seed 000 lists tied players in the order the results came (9th: O'Connor then Shields;
    22nd: Bray, Nick, Wageler), not alphabetically by first name."""
    page = html.unescape(client.get(f"/events/{ocean.pk}/").content.decode())
    seed_order = [
        "Jeff Dwornicki", "Doug Scott", "Robert O'Connor", "Matt Shields", "Brad Basden",
        "Gary Waines", "Mark Zoffel", "Brenden Huang", "Len Tennant",
        "Doug Bray", "Andrew Nick", "Mitchell Wageler",
    ]  # fmt: skip
    positions = [page.index(f">{name}<") for name in seed_order]
    assert positions == sorted(positions)


def test_formula_page_works_the_seed_example(client: Client) -> None:
    page = client.get("/dip-pouch/formula/").content.decode()
    for figure in ["88.46", "20.57", "33.46", "5.019", "60.019"]:
        assert figure in page
    assert (
        "Therefore, we add 5.019 points to this player&#x27;s rating as a results of this event, "
        "meaning their rating increases from 55 to 60.019."
    ) in page


def test_ranking_international_national_and_year(client: Client, db: None) -> None:
    page = client.get("/dip-pouch/").content.decode()
    assert 'id="ranking"' in page and "Permanent" in page and ">2007<" in page
    france = client.get("/dip-pouch/?nation=France").content.decode()
    rows = france.split("<tbody>")[1].split("</tbody>")[0]
    assert rows.count("<tr>") > 10 and "Germany" not in rows
    assert client.get("/dip-pouch/?year=2004").status_code == 200
    assert client.get("/dip-pouch/?year=abc").status_code == 404


def test_player_page_has_history_and_chart(client: Client, ocean: Event) -> None:
    birsan = Player.objects.get(name="Edi Birsan")
    page = client.get(f"/players/{birsan.pk}/").content.decode()
    assert 'id="chart"' in page and "<svg" in page and "<script" not in page
    assert "Dip in the Ocean 2004" in page and ">97.92<" in page
    assert ">50.92<" in page  # 40 + 18.86% (the stored coefficient) of (97.92 − 40)
    # The chart is drawn on the server: each point's tooltip names the event and the rating.
    assert "<title>2004-08-27 · Dip in the Ocean 2004 · rating 50.92</title>" in page


def test_events_list(client: Client, db: None) -> None:
    assert "World Diplomacy Championship 2007" in client.get("/dip-pouch/events/").content.decode()


def test_tournament_page_standings_boards_teams(client: Client, wc: Tournament) -> None:
    page = client.get(f"/diplomacy/{wc.pk}/").content.decode()
    assert 'id="standings"' in page and 'id="tab-teams"' in page
    assert "stake" in page.lower()  # the ante explained per player
    # The other sections are pages of their own (?tab=), the standings' page stays short.
    assert 'id="champion"' not in page and 'id="teams"' not in page and "card board" not in page
    teams = client.get(f"/diplomacy/{wc.pk}/?tab=teams").content.decode()
    assert 'id="teams"' in teams and 'id="standings"' not in teams
    boards = client.get(f"/diplomacy/{wc.pk}/?tab=boards&round=3").content.decode()
    assert "Round 3, board " in boards and "Round 2, board " not in boards
    page = client.get(f"/diplomacy/{wc.pk}/?tab=prizes").content.decode()
    assert "Top board" in page
    assert "takes the most points from the top-board pot" in page
    assert 'id="places"' in page and 'id="best-countries"' in page and 'id="invitations"' in page
    assert 'class="errorlist"' not in page  # the top board is the seven invited
    champion = page.split('id="champion"><strong>')[1].split("<")[0]
    report = client.get(f"/events/{wc.event_id}/").content.decode()
    first = report.split('id="report"')[1].split("<tbody>")[1].split("</tr>")[0]
    assert champion in first and '<td class="num">1</td>' in first
    first = client.get(f"/diplomacy/{wc.pk}/?round=1").content.decode()
    assert "Standings after round 1" in first


def test_tantrix_pages_print_the_seed_tables(client: Client, db: None) -> None:
    page = client.get("/tantrix/").content.decode()
    assert "Pekko" in page and ">2023.00<" in page  # his rating before NZ 2000
    event = Event.objects.get(kind="tantrix")
    tables = client.get(f"/tantrix/events/{event.pk}/").content.decode()
    unrated = tables.split('id="unrated"')[1].split("</table>")[0]
    matt = unrated.split(">MattK<")[1].split("</tr>")[0]  # seed 003: 43.8 %, −89, 2023, 1934
    for cell in [">Pekko<", ">43.8<", ">-89<", ">2023<", ">1934<"]:
        assert cell in matt, matt
    tyedyed = unrated.split(">tyedyed<")[1].split("</tr>")[0]
    assert ">-276<" in tyedyed  # the Factor with 400·√2, not 565.7
    pekko = Player.objects.get(name="Pekko")
    assert "2023" in client.get(f"/tantrix/players/{pekko.pk}/").content.decode()


def test_wizard_month_tournament_and_ledger(client: Client, db: None) -> None:
    assert "2010-03" in client.get("/wizard/").content.decode()
    month = client.get("/wizard/2010-3/").content.decode()
    ranking = month.split('id="wizard-ranking"')[1].split("</table>")[0]
    assert '<td class="num">1</td>' in ranking
    assert client.get("/wizard/2010-13/").status_code == 404
    cup = Event.objects.get(kind="wizard")
    assert "Spring Cup 2010" in client.get(f"/wizard/tournaments/{cup.pk}/").content.decode()
    winner = TournamentPlace.objects.get(event=cup, place=1).player
    ledger = client.get(f"/wizard/players/{winner.pk}/").content.decode()
    assert 'id="ledger-total"' in ledger and "Spring Cup 2010" in ledger


def test_search_is_accent_and_case_insensitive(client: Client, db: None) -> None:
    page = client.get("/search?q=EDI birsan").content.decode()
    assert "Edi Birsan" in page
    accented = Player.objects.filter(name__contains="è").first()
    assert accented is not None
    bare = accented.name.replace("è", "e").upper()
    assert accented.name in client.get("/search", {"q": bare}).content.decode()
    assert "Dip in the Ocean 2004" in client.get("/search?q=ocean").content.decode()


def test_french(client: Client, db: None) -> None:
    page = client.get("/dip-pouch/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'lang="fr"' in page and "Classement" in page
    formula = client.get("/dip-pouch/formula/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "sa cote passe de 55 à 60,019." in formula
    assert "60.019" not in formula


def test_cached_pages_follow_a_recompute(officer: Client, ocean: Event) -> None:
    from palmares.web.ratinglists.services import generation

    before = generation()
    fest = Player.objects.get(name="Jerry Fest")
    page = officer.get(f"/players/{fest.pk}/").content.decode()
    assert ">93.75<" in page  # 2nd of 24
    ranking = officer.get("/dip-pouch/").content.decode()
    payload = '[{"player": "Jerry Fest", "rank": 1}, {"player": "Edi Birsan", "rank": 2}]'
    url = f"/api/events/{ocean.pk}/results?players=2"  # a field of 2: the stored 24 goes
    officer.put(url, data=payload, content_type="application/json")
    assert generation() == before + 1
    again = officer.get(f"/players/{fest.pk}/").content.decode()
    assert ">75.00<" in again and ">93.75<" not in again  # 1st of 2, not the cached page
    assert officer.get("/dip-pouch/").content.decode() != ranking


def test_ranking_pages_are_ranges_of_positions(client: Client, db: None) -> None:
    def ranks(query: str) -> list[int]:
        body = client.get(f"/dip-pouch/{query}").content.decode().split("<tbody>")[1]
        return [int(r.split('<td class="num">')[1].split("<")[0]) for r in body.split("<tr>")[1:]]

    first, second = ranks(""), ranks("?page=2")
    assert len(first) == len(second) == 50
    assert first == sorted(first) and second == sorted(second) and second[0] >= first[-1]
    assert ranks("?page=999") == ranks("?page=10") and ranks("?page=x") == first
    france = ranks("?nation=France")
    assert france[0] == 1 and france == sorted(france)


def test_the_board_call_shows_only_the_tournaments_real_rounds(
    client: Client, wc: Tournament
) -> None:
    """Issue 32, finding 6: the closed six-round championship has no round 7 to call."""
    for url in ("", "?round=7", "?round=99"):
        page = client.get(f"/diplomacy/{wc.pk}/board-call/{url}").content.decode()
        assert "Board call, round 7" not in page and 'id="call-quality"' not in page
        assert "Board call, round 6" in page
    earlier = client.get(f"/diplomacy/{wc.pk}/board-call/?round=2").content.decode()
    assert "Board call, round 2" in earlier
    call = earlier.split('id="board-call"')[1]
    assert call.count("<tr>") == 70 and call.count("Austria") == 10


def test_board_call_seats_everyone_for_the_next_round(client: Client, open_wc: Tournament) -> None:
    open_wc.event.rounds = 7  # one more round planned: the engine proposes its call
    open_wc.event.save(update_fields=["rounds"])
    page = client.get(f"/diplomacy/{open_wc.pk}/board-call/").content.decode()
    assert "Board call, round 7" in page and 'id="call-quality"' in page
    call = page.split('id="board-call"')[1]
    assert call.count("<tr>") == 70 and call.count("Austria") == 10


def test_search_puts_exact_then_prefix_then_substring_matches_first(
    client: Client, db: None
) -> None:
    for name in ["Xan Borel", "Aaxan Borel", "Xan", "Xanthe Ríos", "100%_Xan"]:
        Player.objects.create(name=name)
    page = client.get("/search", {"q": "XAN"}).content.decode()
    found = page.split('id="players"')[1].split("</ul>")[0]
    order = ["Xan<", "Xan Borel", "Xanthe Ríos", "100%_Xan", "Aaxan Borel"]
    assert [found.index(f">{name}") for name in order] == sorted(
        found.index(f">{name}") for name in order
    )
    literal = client.get("/search", {"q": "%_x"}).content.decode()  # no LIKE wildcards
    assert "100%_Xan" in literal and "Xan Borel" not in literal
    short = client.get("/search", {"q": "xa"}).content.decode()  # under 3: prefixes only
    assert "Xanthe Ríos" in short and "Aaxan Borel" not in short
    events = client.get("/search", {"q": "dip in the ocean 2004"}).content.decode()
    assert "Dip in the Ocean 2004" in events.split('id="found-events"')[1]


def test_search_has_trigram_indexes_on_postgresql_only(db: None) -> None:
    """Migration players 0003: the substring part of search is served by a trigram index on
    PostgreSQL (pg_trgm is there); on SQLite the migration creates nothing."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT indexname FROM pg_indexes WHERE indexname LIKE '%%_key_trgm'")
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE name LIKE '%_key_trgm'")
        found = sorted(row[0] for row in cursor.fetchall())
    expected = ["events_event_key_trgm", "players_player_key_trgm"]
    assert found == (expected if connection.vendor == "postgresql" else [])
