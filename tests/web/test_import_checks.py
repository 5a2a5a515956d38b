"""Issue 13 on the database: values past every column refused on SQLite and PostgreSQL alike
(never wrapped), replacing an event only by one of its kind, no file emptying a tournament, one
identity rule for players, and exact Tantrix TP."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.db import connection
from django.db.backends.base.operations import BaseDatabaseOperations

from palmares.io import limits
from palmares.web.events.models import Event, Result
from palmares.web.players.models import Player
from palmares.web.tantrixdb.models import Match
from palmares.web.tournaments.models import Seat

pytestmark = pytest.mark.django_db

Write = Callable[[str, str], Path]


def _field(dotted: str) -> Any:
    app, model, name = dotted.split(".")
    return apps.get_model(app, model)._meta.get_field(name)


@pytest.mark.parametrize("limit", limits.ALL, ids=lambda lim: lim.field)
def test_limits_are_the_models(limit: Any) -> None:
    """Django's fields are the source of truth of io/limits.py."""
    field = _field(limit.field)
    if isinstance(limit, limits.TextLimit):
        assert field.max_length == limit.length
    elif isinstance(limit, limits.DecimalLimit):
        assert (field.max_digits, field.decimal_places) == (limit.digits, limit.places)
    else:
        kind = field.get_internal_type()
        # Django's portable range for the field, which the database in use holds whole.
        assert (limit.minimum, limit.maximum) == BaseDatabaseOperations.integer_field_ranges[kind]
        low, high = connection.ops.integer_field_range(kind)
        assert low <= limit.minimum and limit.maximum <= high


def _counts() -> tuple[int, ...]:
    models = [m for m in apps.get_models() if m.__module__.startswith("palmares.")]
    return tuple(m._default_manager.count() for m in models)


BOARD = "round,board,power,player,centres\n" + "".join(
    f"{{round}},1,{p},P{p},{c}\n" for p, c in zip("AEFGIRT", [9, 8, 7, 5, 3, 2, 0], strict=True)
)

# (command, file name, content, the error it must print): one value past each kind of column.
PAST = [
    (
        ["results"],
        "results.csv",
        "event,date,player,rank,rounds\nBig,2009-01-01,Ann,1,65537\n",
        ":2: rounds: must be at most 32767, got 65537",
    ),
    (
        ["results"],
        "results.csv",
        "event,date,player,rank,players\nBig,2009-01-01,Ann,1,4294967298\n",
        ":2: players: must be at most 2147483647, got 4294967298",
    ),
    (
        ["results"],
        "results.csv",
        "event,date,player,rank\nBig,2009-01-01,Ann,18446744073709551617\n",
        ":2: rank: must be at most 2147483647",
    ),
    (
        ["results"],
        "results.csv",
        f"event,date,player,rank,event_id\nBig,2009-01-01,Ann,1,{'e' * 65}\n",
        ":2: event_id: at most 64 characters, got 65",
    ),
    (
        ["results"],
        "results.csv",
        "event,date,player,rank,coefficient\nBig,2009-01-01,Ann,1,1e3\n",
        ":2: coefficient: expected a number",
    ),
    (
        ["boards", "--event", "Big", "--date", "2009-01-01"],
        "boards.csv",
        BOARD.format(round=65543),
        ":2: round: must be at most 32767, got 65543",
    ),
    (
        ["boards", "--event", "Big", "--date", "2009-01-01"],
        "boards.csv",
        BOARD.format(round=1).replace("1,1,A,", "1,bbbbbbbbbbbbbbbbb,A,"),
        ":2: board: at most 16 characters, got 17",
    ),
    (
        ["boards", "--event", "E" * 201, "--date", "2009-01-01"],
        "boards.csv",
        BOARD.format(round=1),
        "--event: at most 200 characters, got 201",
    ),
    (
        ["matches"],
        "matches.csv",
        "event,date,round,player_a,player_b,games,tp_a,tp_b\nE,2001-01-01,R1,a,b,65537,1310740,0\n",
        ":2: games: must be at most 32767, got 65537",
    ),
    (
        ["matches"],
        "matches.csv",
        "event,date,round,player_a,player_b,games,tp_a,tp_b\n"
        f"E,2001-01-01,{'r' * 17},a,b,1,10,10\n",
        ":2: round: at most 16 characters, got 17",
    ),
    (
        ["games"],
        "games.csv",
        "date,game,player,score\n2010-04-02,G,a,2147483648\n2010-04-02,G,b,1\n2010-04-02,G,c,0\n",
        ":2: score: must be at most 2147483647, got 2147483648",
    ),
    (
        ["tournaments"],
        "t.csv",
        "tournament,date,player,place,games_finished\nCup,2010-05-01,a,1,32768\n",
        ":2: games_finished: must be at most 32767, got 32768",
    ),
    (
        ["results"],
        "results.csv",
        "event,date,player,rank,nationality\nBig,2009-01-01,Ann,1,No\x00rway\n",
        ":2: nationality: contains a NUL character",
    ),
]


@pytest.mark.parametrize(("command", "name", "content", "error"), PAST)
def test_values_past_their_column_are_refused(
    cli: Any, write: Write, command: list[str], name: str, content: str, error: str
) -> None:
    before = _counts()
    path = write(name, content)
    answer = cli("import", command[0], str(path), *command[1:])
    assert answer.code == 2, answer.err
    assert error in answer.err
    assert _counts() == before


def test_the_largest_values_are_stored_as_they_are(cli: Any, write: Write) -> None:
    """At the top of each range nothing wraps (PostgreSQL binds server-side in the tests)."""
    results = write(
        "top.csv",
        "event,date,player,rank,rounds,players\nTop,2009-01-01,Ann,1,32767,2147483647\n",
    )
    assert cli("import", "results", str(results)).code == 0
    event = Event.objects.get(name="Top")
    assert (event.rounds, event.players) == (32767, 2147483647)
    boards = write("b.csv", BOARD.format(round=32767))
    assert (
        cli("import", "boards", str(boards), "--event", "Top B", "--date", "2009-01-01").code == 0
    )
    assert Event.objects.get(name="Top B").tournament.rounds.get().number == 32767


def test_a_header_only_boards_file_keeps_the_stored_tournament(cli: Any, write: Write) -> None:
    event = ["--event", "World Diplomacy Championship 2007", "--date", "2007-08-10"]
    seats = Seat.objects.count()
    answer = cli(
        "import", "boards", str(write("b.csv", "round,board,power,player,centres\n")), *event
    )
    assert answer.code == 2 and "no boards: the file has a header row only" in answer.err
    assert Seat.objects.count() == seats


def test_replacing_needs_the_same_kind(cli: Any, write: Write) -> None:
    tantrix = Event.objects.filter(kind=Event.Kind.TANTRIX).first()
    assert tantrix is not None
    day = tantrix.date.isoformat()
    matches = tantrix.tantrix_matches.count()
    results = write("r.csv", f"event,date,player,rank\n{tantrix.name},{day},Ann,1\n")
    answer = cli("import", "results", str(results))
    assert answer.code == 2
    assert (
        "is stored as a Tantrix event: an import of Diplomacy data may only replace" in answer.err
    )
    boards = write("b.csv", BOARD.format(round=1))
    assert cli("import", "boards", str(boards), "--event", tantrix.name, "--date", day).code == 2
    cup = write("t.csv", f"tournament,date,player,place\n{tantrix.name},{day},a,1\n")
    assert cli("import", "tournaments", str(cup)).code == 2
    tantrix.refresh_from_db()
    assert tantrix.kind == Event.Kind.TANTRIX and tantrix.tantrix_matches.count() == matches
    ocean = Event.objects.get(name="Dip in the Ocean 2004")
    m = write(
        "m.csv",
        "event,date,round,player_a,player_b,games,tp_a,tp_b\n"
        f"{ocean.name},{ocean.date.isoformat()},1,a,b,1,10,10\n",
    )
    refused = cli("import", "matches", str(m))
    assert refused.code == 2 and "is stored as a Diplomacy event" in refused.err
    assert Event.objects.get(pk=ocean.pk).kind == Event.Kind.DIPLOMACY


def test_two_events_of_a_file_cannot_be_one_stored_event(cli: Any, write: Write) -> None:
    first = write("one.csv", "event,date,player,rank,event_id\nOld,2009-01-01,Ann,1,X1\n")
    assert cli("import", "results", str(first)).code == 0
    both = write(
        "both.csv",
        "event,date,player,rank,event_id\nOld,2009-01-01,Bob,1,\nNew,2009-02-01,Cy,1,X1\n",
    )
    answer = cli("import", "results", str(both))
    assert answer.code == 2 and "are both the stored event Old (2009-01-01)" in answer.err
    assert [r.player.name for r in Result.objects.filter(event__external_id="X1")] == ["Ann"]


def test_one_player_whatever_the_file(cli: Any, write: Write) -> None:
    """A results row without player_id finds the person of a boards file, by the name key."""
    boards = write("b.csv", BOARD.format(round=1).replace("PA", "Zoë Quist"))
    assert (
        cli("import", "boards", str(boards), "--event", "Id Cup", "--date", "2009-03-01").code == 0
    )
    results = write("r.csv", "event,date,player,rank\nId Open,2009-04-01,ZOE QUIST,1\n")
    assert cli("import", "results", str(results)).code == 0
    people = Player.objects.filter(key="zoe quist")
    assert people.count() == 1 and people.get().external_id == ""
    assert people.get().results.count() == 1 and people.get().seats.count() == 1


def test_two_spellings_on_one_board_are_refused(cli: Any, write: Write) -> None:
    boards = write("b.csv", BOARD.format(round=1).replace("PA", "Ann A").replace("PE", "ANN A"))
    answer = cli("import", "boards", str(boards), "--event", "Twice", "--date", "2009-03-01")
    assert answer.code == 2 and ":3: player: 'ANN A' is 'Ann A' of line 2" in answer.err
    assert not Event.objects.filter(name="Twice").exists()


def test_tantrix_games_given_one_by_one_are_stored_exactly(cli: Any, write: Write) -> None:
    """Tile scores 30–29 give 13.3–6.7 (the published table): stored, and rated, exactly."""
    games = write(
        "g.csv",
        "event,date,round,player_a,player_b,score_a,score_b\n"
        "Tile Cup,2001-02-03,1,Ann,Bob,30,29\nTile Cup,2001-02-03,1,Ann,Bob,40,20\n",
    )
    answer = cli("import", "matches", str(games))
    assert answer.code == 0, answer.err
    match = Match.objects.get(event__name="Tile Cup")
    assert (match.games, match.tp_a, match.tp_b) == (2, Decimal("31.3"), Decimal("8.7"))
    assert (match.shown_tp_a, match.shown_tp_b) == ("31.3", "8.7")


def test_exports_escape_formulas(cli: Any, write: Write) -> None:
    """A name a spreadsheet would run is written as text; negative numbers stay numbers."""
    results = write("f.csv", "event,date,player,rank\n=HYPERLINK(1),2009-05-01,@Ann,1\n")
    assert cli("import", "results", str(results)).code == 0
    answer = cli("export", "results", "--format", "csv")
    row = next(line for line in answer.out.splitlines() if "HYPERLINK" in line)
    assert row.startswith("'=HYPERLINK(1),2009-05-01,,'@Ann,")
