"""The tournament day refuses bad input with ``{"detail", "field"}`` and a 4xx, never a 500, and
writes nothing (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from palmares.web.audit.models import AuditEntry
from palmares.web.events.models import Event
from palmares.web.tournaments.models import Board, CalledSeat, Tournament
from tests.web.tday_helpers import APART, PLAYERS, TEAM, create, director, register, result, send


def _refused(answer: Any, field: str | None, text: str, status: int = 400) -> None:
    assert answer.status_code == status, answer.content
    body = answer.json()
    assert body["field"] == field and text in body["detail"], body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field", "text"),
    [
        ({"scoring": "no-such-system"}, "scoring", "unknown scoring system 'no-such-system'"),
        ({"scoring": "carnage:dead=maybe"}, "scoring", "carnage: dead"),
        ({"aggregation": "ante:stake=lots"}, "aggregation", "ante: stake"),
        ({"aggregation": "ante:nothing=1"}, "aggregation", "bad parameter 'nothing=1'"),
        ({"rounds": 65543}, "rounds", "expected 1 to 99, got 65543"),
        ({"rounds": 0}, "rounds", "expected 1 to 99"),
        ({"team_size": 40000}, "team_size", "expected 1 to 99"),
        ({"name": " "}, "name", "needs a name"),
        ({"end_date": "2026-04-01"}, "end_date", "cannot end before it starts"),
    ],
)
def test_a_bad_set_up_names_its_field(change: dict[str, Any], field: str, text: str) -> None:
    _, client = director()
    body = {"name": "Bad Cup", "date": "2026-05-01", "rounds": 3, "scoring": "carnage",
            "aggregation": "ante", "team_size": None, **change}  # fmt: skip
    _refused(send(client, "POST", "/api/tournaments", body), field, text)
    assert not Event.objects.filter(name="Bad Cup").exists()


@pytest.mark.django_db
def test_parameters_and_the_fewer_games_switch_reach_the_engine() -> None:
    _, client = director()
    tid = create(client, aggregation="ante:stake=0.2", fewer_games=False, top_board=True)
    t = Tournament.objects.get(pk=tid)
    assert t.aggregation == "ante:stake=0.2" and t.top_board_rule and not t.fewer_games
    from palmares.web.tournaments.adapters import aggregation_spec

    assert aggregation_spec(t.aggregation, t.fewer_games) == "ante:stake=0.2,adjust_after=0"
    assert aggregation_spec("ante", False) == "ante:adjust_after=0"
    assert aggregation_spec("sum", False) == "sum"  # nothing to switch off
    twin = {"name": "Day Cup", "date": "2026-05-01", "rounds": 3, "scoring": "carnage",
            "aggregation": "sum", "team_size": None}  # fmt: skip
    same = send(client, "POST", "/api/tournaments", twin)
    _refused(same, "name", "exists already")


@pytest.fixture
def day(db: None) -> tuple[Client, int]:
    _, client = director()
    tid = create(client)
    register(client, tid)
    return client, tid


def test_registration_refusals(day: tuple[Client, int]) -> None:
    client, tid = day
    url = f"/api/tournaments/{tid}/players"
    _refused(send(client, "POST", url, [{"name": "Player D", "team": "Trio"}]), "0.team",
             "team Trio would have 4 players")  # fmt: skip
    _refused(send(client, "POST", url, [{"name": "X Y"}, {"name": "x  y"}]), "1.name",
             "listed twice")  # fmt: skip
    _refused(send(client, "POST", url, [{"name": "N" * 201}]), "0.name", "at most 200")
    pairs = f"/api/tournaments/{tid}/keep-apart"
    _refused(send(client, "POST", pairs, [{"player_a": "Player A", "player_b": "Nobody"}]),
             "0.player_b", "'Nobody' is not registered")  # fmt: skip
    _refused(send(client, "POST", pairs, [{"player_a": "Player A", "player_b": "player a"}]),
             "0.player_b", "paired with themself")  # fmt: skip
    bad = b"player,nationality\nOne,France\nOne,Spain\n"
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = client.post(f"{url}/file", {"file": SimpleUploadedFile("mine.csv", bad)})
    _refused(upload, None, "mine.csv:3: player: One is already listed at line 2")
    assert Tournament.objects.get(pk=tid).entries.count() == 21


def test_a_team_larger_than_the_boards_is_a_clear_error(day: tuple[Client, int]) -> None:
    client, tid = day
    # Seven present: one board, and a team of three cannot be kept apart on it.
    seven = [*TEAM, *[p for p in PLAYERS if p not in TEAM][:4]]
    send(client, "PUT", f"/api/tournaments/{tid}/rounds/1/roll-call", {"present": seven})
    answer = send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call", {"seed": 1})
    _refused(answer, None, "team Trio fills 3 seats this round but only 1 boards", status=409)
    assert not CalledSeat.objects.filter(round__tournament_id=tid).exists()


def test_roll_call_proposal_and_two_boards(day: tuple[Client, int]) -> None:
    client, tid = day
    url = f"/api/tournaments/{tid}/rounds/1/roll-call"
    body = {"present": PLAYERS[:15], "sit_out": ["Player Q"], "two_boards": []}
    roll = send(client, "PUT", url, body).json()
    assert roll["sit_out"] == ["Player Q"] and len(roll["present"]) == 16
    # 15 seats: the engine proposes one more sitter (fewest players changed) — file order.
    assert roll["proposal"]["sit_out"] == ["Player A", "Player Q"]
    assert "proposed to sit out" in " ".join(roll["proposal"]["notes"])
    both = {"present": [], "sit_out": ["Player A"], "two_boards": ["Player A"]}
    _refused(send(client, "PUT", url, both), "two_boards.0", "cannot both sit out and play two")
    accepted = send(client, "POST", f"{url}/accept").json()
    assert accepted["sit_out"] == ["Player A", "Player Q"]
    call = send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call", {}).json()
    seated = [p for b in call["boards"] for p in b["seats"].values()]
    assert len(seated) == 14 and "Player A" not in seated and "Player Q" not in seated
    assert call["report"]["sitters"] == ["Player A", "Player Q"]
    out = send(client, "PUT", url.replace("/1/", "/9/"), {"present": PLAYERS})
    _refused(out, "round", "round: expected 1 to 3, got 9")


def test_swaps_recompute_the_report_and_refuse_a_broken_constraint(
    day: tuple[Client, int],
) -> None:
    client, tid = day
    base = f"/api/tournaments/{tid}/rounds/1/board-call"
    call = send(client, "POST", base, {"seed": 1}).json()
    board_of = {p: b["label"] for b in call["boards"] for p in b["seats"].values()}
    a, b = TEAM[0], TEAM[1]
    mate_board = next(x for x in call["boards"] if b in x["seats"].values())
    other = next(p for p in mate_board["seats"].values() if p != b and p not in TEAM)
    assert board_of[a] != board_of[b]
    logged = AuditEntry.objects.count()
    refused = send(client, "POST", f"{base}/swap", {"player_a": a, "player_b": other})
    _refused(refused, None, "share board", status=409)
    assert "team Trio" in refused.json()["detail"]
    assert AuditEntry.objects.count() == logged
    label = call["boards"][0]["label"]
    before = call["boards"][0]["seats"]
    swapped = send(client, "POST", f"{base}/swap",
                   {"label": label, "power_a": "Austria", "power_b": "Turkey"}).json()  # fmt: skip
    after = swapped["boards"][0]["seats"]
    assert after["Austria"] == before["Turkey"] and after["Turkey"] == before["Austria"]
    assert swapped["report"]["objective"] == 0 and swapped["published"] is False
    assert swapped["report"]["notes"] == ["changed by the TD after the engine's call."]
    held = [*TEAM, *APART]  # kept apart from someone: the others may move anywhere
    px = next(w for w, p in after.items() if p not in held)
    py = next(w for w, p in call["boards"][1]["seats"].items() if p not in held)
    x, y = after[px], call["boards"][1]["seats"][py]
    moved = send(client, "POST", f"{base}/swap", {"player_a": x, "player_b": y}).json()
    assert moved["boards"][0]["seats"][px] == y
    assert moved["boards"][1]["seats"][py] == x
    assert moved["report"]["objective"] == 0
    send(client, "POST", f"{base}/lock")
    _refused(send(client, "POST", f"{base}/swap", {"player_a": x, "player_b": y}), None,
             "is locked", status=409)  # fmt: skip


def test_result_refusals(day: tuple[Client, int]) -> None:
    client, tid = day
    base = f"/api/tournaments/{tid}/rounds/1"
    call = send(client, "POST", f"{base}/board-call", {"seed": 1}).json()
    seats = call["boards"][0]["seats"]
    url = f"{base}/boards/1"
    _refused(send(client, "PUT", url, result(seats)), "seats", "is a draft", status=409)
    send(client, "POST", f"{base}/board-call/publish")
    good = result(seats)
    twice = dict(good, seats={**seats, "Turkey": seats["Austria"]})
    _refused(send(client, "PUT", url, twice), "seats.Turkey",
             f"{seats['Austria']} already plays Austria on this board")  # fmt: skip
    _refused(send(client, "PUT", url, dict(good, centres={**good["centres"], "Italy": 9})),
             "centres", "more than the 34 on the map")  # fmt: skip
    _refused(send(client, "PUT", url, dict(good, final_year=65543)), "final_year",
             "expected 1901 to 2100, got 65543")  # fmt: skip
    _refused(send(client, "PUT", url, dict(good, centres={**good["centres"], "Italy": 40000})),
             "centres.Italy", "expected 0 to 34")  # fmt: skip
    _refused(send(client, "PUT", url, dict(good, draw=["Zanzibar"])), "draw", "unknown power")
    _refused(send(client, "PUT", f"{base}/boards/9", good), "label", "has no board 9")
    _refused(send(client, "PUT", url.replace("/rounds/1/", "/rounds/65543/"), good), "round",
             "expected 1 to 3, got 65543")  # fmt: skip
    assert not Board.objects.filter(round__tournament_id=tid).exists()
    assert send(client, "PUT", url, good).json()["changed"] is True


def test_re_entering_the_wc_top_board_keeps_its_flag_and_year(
    td: Client, wc: Tournament, open_wc: Tournament
) -> None:
    top = Board.objects.get(round__tournament=wc, top_board=True)
    seats = {s.get_power_display(): s.player.name for s in top.seats.select_related("player")}
    centres = {s.get_power_display(): s.centres for s in top.seats.all()}
    prizes = f"/diplomacy/{wc.pk}/?tab=prizes"
    champion = td.get(prizes).content.decode().split('id="champion"')[1][:200]
    logged = AuditEntry.objects.count()
    out = {p: 1908 for p, n in centres.items() if not n}
    same = send(td, "PUT", f"/api/tournaments/{wc.pk}/rounds/6/boards/Top",
                {"centres": centres, "eliminated": out})  # fmt: skip
    assert same.status_code == 200 and same.json()["changed"] is False
    assert AuditEntry.objects.count() == logged
    # Through the form, with the same data: the top-board flag and the final year stay.
    form: dict[str, Any] = {"round": 6, "board": "Top"}
    for s in top.seats.select_related("player"):
        form[f"player_{s.power}"] = s.player.name
        form[f"centres_{s.power}"] = s.centres
        if s.eliminated:
            form[f"eliminated_{s.power}"] = s.eliminated
    assert td.post(f"/diplomacy/{wc.pk}/boards/new", form).status_code == 302
    top.refresh_from_db()
    assert top.top_board and top.final_year == 1909
    assert {s.get_power_display(): s.player.name for s in top.seats.all()} == seats
    after = td.get(prizes).content.decode().split('id="champion"')[1][:200]
    assert after == champion


def test_the_proposed_call_page_explains_an_impossible_team(wc: Tournament, client: Client) -> None:
    # Round 1's 7 players of board 1, and a team of three of them: one board cannot keep them
    # apart (this was a server error).
    board = Board.objects.filter(round__tournament=wc, round__number=1).order_by("id").first()
    assert board is not None
    seven = [s.player for s in board.seats.select_related("player")]
    from palmares.web.tournaments.models import Round, Team

    other = Tournament.objects.create(event=Event.objects.create(name="Tiny", date="2026-01-01"))
    rnd = Round.objects.create(tournament=other, number=1)
    small = Board.objects.create(round=rnd, label="1")
    for s in board.seats.all():
        small.seats.create(power=s.power, player=s.player, centres=s.centres)
    team = Team.objects.create(tournament=other, name="Three")
    team.members.set(seven[:3])
    answer = client.get(f"/diplomacy/{other.pk}/board-call/?round=2")
    assert answer.status_code == 400
    assert "team Three fills 3 seats this round but only 1 boards" in answer.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("size", [0, None])
def test_a_team_size_of_0_or_null_means_no_teams(size: int | None) -> None:
    _, client = director()
    body = {"name": f"Solo Cup {size}", "date": "2026-05-01", "rounds": 3, "scoring": "carnage",
            "aggregation": "sum", "team_size": size}  # fmt: skip
    made = send(client, "POST", "/api/tournaments", body)
    assert made.status_code == 201, made.content
    assert Tournament.objects.get(pk=made.json()["id"]).team_size is None


def test_a_tournament_recorded_from_its_boards_takes_no_registration(
    td: Client, open_wc: Tournament
) -> None:
    """The demo's WC 2007 was imported from its boards: results and no call. Registering a
    player would make it a tournament run here whose every result lacks its call; the API used
    to answer 500 (the day's invariants broken after the write), it refuses with 409 and writes
    nothing, through the API and through the upload."""
    entries, players, audit = open_wc.entries.count(), _players(), AuditEntry.objects.count()
    url = f"/api/tournaments/{open_wc.pk}/players"
    _refused(send(td, "POST", url, [{"name": "Zed Newcomer"}]), None,
             "recorded from its boards file", status=409)  # fmt: skip
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = td.post(
        f"{url}/file", {"file": SimpleUploadedFile("p.csv", b"player\nZed Newcomer\n")}
    )
    _refused(upload, None, "takes no registration", status=409)
    assert (open_wc.entries.count(), _players(), AuditEntry.objects.count()) == (
        entries,
        players,
        audit,
    )


def _players() -> int:
    from palmares.web.players.models import Player

    return Player.objects.count()
