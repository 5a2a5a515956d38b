"""`palmares tournament`: the tournament day from the command line, on the database (issue 12).

The same services as the TD's desk and the JSON API (``palmares.web.tournaments``): create a
tournament, register a players.csv, keep pairs apart, take a round's roll call, make and publish
its board call, read the standings. Run by whoever holds the database (``PALMARES_DB`` or
``DATABASE_URL``); each write is in the tournament's audit log with no user.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption
from palmares.cli.output import Col, Format, Report, Table, emit, reader_language, word
from palmares.core.errors import InputError
from palmares.core.message import Message

app = typer.Typer(help="Run a tournament day on the database.", no_args_is_help=True)

IdArg = Annotated[int, typer.Argument(help="The tournament's id (palmares tournament create).")]
RoundOpt = Annotated[int, typer.Option("--round", help="The round (1 = first).")]


def _django() -> None:
    from palmares.cli.web import _django as setup

    setup()


def _get(tournament_id: int) -> Any:
    _django()
    from palmares.core.errors import PalmaresError
    from palmares.web.tournaments.models import Tournament

    found = Tournament.objects.select_related("event").filter(pk=tournament_id).first()
    if found is None:
        raise PalmaresError.of(Message.of("cli.no_tournament", id=str(tournament_id)))
    return found


@app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The tournament's name.")],
    day: Annotated[str, typer.Option("--date", help="The first day, YYYY-MM-DD.")],
    rounds: Annotated[int, typer.Option(help="Number of rounds.")],
    scoring: Annotated[str, typer.Option(help="Board scoring slug[:name=value,…].")] = (
        "divide-and-conquer"
    ),
    aggregation: Annotated[str, typer.Option(help="Aggregation slug[:name=value,…].")] = "ante",
    team_size: Annotated[
        int | None, typer.Option(help="Players per team (none: no teams).")
    ] = None,
    place: Annotated[str, typer.Option(help="Where it is played.")] = "",
    top_board: Annotated[bool, typer.Option(help="The top-board rule (seed 002).")] = False,
    fewer_games: Annotated[
        bool,
        typer.Option(help="The fewer-games adjustment (seed 002), where the aggregation has one."),
    ] = True,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Create a tournament; prints its id."""
    try:
        when = date.fromisoformat(day)
    except ValueError:
        said = Message.of("cli.date", got=repr(day))
        raise InputError.at("--date", None, None, said) from None
    _django()
    from palmares.web.tournaments.setup import SetUp, set_up

    created = set_up(
        None,
        SetUp(
            name, when, rounds, scoring, aggregation, team_size, place, None, top_board, fewer_games
        ),
    )
    t = created.tournament
    row = {"id": t.pk, "name": t.event.name, "date": t.event.date.isoformat(), "rounds": rounds}
    report = Report([Table("tournament", [Col(k) for k in row], [row])])
    report.notes.extend(_told(created.said))  # the fewer-games adjustment stored as off, and why
    emit(report, fmt)


@app.command("register")
def register(
    tournament_id: IdArg,
    players: Annotated[
        Path, typer.Argument(help="players.csv or .xlsx: player, team, nationality.")
    ],
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Register a players.csv; says which players are new to the database."""
    t = _get(tournament_id)
    from palmares.web.tournaments.registration import register_file

    rows = [
        {"name": r.name, "player_id": r.player_id, "new": r.new}
        for r in register_file(None, t, players)
    ]
    emit(Report([Table("players", [Col("name"), Col("player_id"), Col("new")], rows)]), fmt)


@app.command("keep-apart")
def keep_apart(
    tournament_id: IdArg,
    pairs: Annotated[Path, typer.Argument(help="pairs.csv: player_a, player_b.")],
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Keep the pairs of pairs.csv apart."""
    from palmares.io.seeding import read_pairs_csv

    found = read_pairs_csv(pairs)
    t = _get(tournament_id)
    from palmares.web.tournaments.registration import add_keep_apart

    row = {"pairs": len(found), "new": add_keep_apart(None, t, found)}
    emit(Report([Table("keep_apart", [Col(k) for k in row], [row])]), fmt)


@app.command("board-call")
def board_call(
    tournament_id: IdArg,
    round_: RoundOpt,
    seed: Annotated[int, typer.Option(help="Seed of the search (same seed, same call).")] = 1,
    publish: Annotated[bool, typer.Option(help="Publish the call (players see it).")] = False,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Make round N's board call from its roll call (every active player if none was taken)."""
    t = _get(tournament_id)
    from palmares.web.tournaments.boardcall import make_call, publish_call

    call = make_call(None, t, round_, seed=seed)
    said = list(call.said)
    if publish:
        call = publish_call(None, t, round_)
        said += call.said
    rows = [
        {"board": label, "power": power, "player": player}
        for label, seats in call.boards.items()
        for power, player in seats.items()
    ]
    report = call.report
    quality = [{"measure": m, "value": v} for m, v in report.get("rows", [])]
    emit(
        Report(
            [
                Table(
                    "call",
                    [Col("board"), Col("power", display=word), Col("player")],
                    rows,
                    title=Message.of("label.board_call", round=round_),
                ),
                Table(
                    "quality",
                    [Col("measure"), Col("value", justify="right")],
                    quality,
                    title=Message.of("label.quality"),
                ),
            ],
            notes=[*_told(said), *(_told_json(n) for n in report.get("notes", []))],
        ),
        fmt,
    )


@app.command("standings")
def standings(
    tournament_id: IdArg,
    after_round: Annotated[int | None, typer.Option(help="Standings after this round.")] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The engine's standings of the tournament, from the boards entered."""
    t = _get(tournament_id)
    from palmares.web.tournaments.adapters import standings as compute

    result = compute(t, up_to_round=after_round)
    rows = [
        {"rank": s.rank, "player": s.player, "score": s.score, "games": s.games}
        for s in result.players
    ]
    cols = [
        Col("rank", justify="right"),
        Col("player"),
        Col("score", justify="right"),
        Col("games", justify="right"),
    ]
    emit(Report([Table("standings", cols, rows)]), fmt)


def _told(said: Sequence[Any]) -> list[str]:
    """What a write did, in the ``--language`` asked, else the locale's."""
    from palmares.explain.messages import tell

    return [tell(m, reader_language()) for m in said]


def _told_json(note: Any) -> str:
    """A stored note (a message kept as JSON) in the ``--language`` asked, else the locale's."""
    from palmares.core.message import Message
    from palmares.explain.messages import tell

    return tell(Message.from_json(note), reader_language()) if isinstance(note, dict) else str(note)


def _done(said: Sequence[Any], fmt: Format) -> None:
    """Print what a write did (a line each), as a one-column table."""
    rows = [{"done": line} for line in _told(said)]
    emit(Report([Table("done", [Col("done")], rows)]), fmt)


NamesOpt = Annotated[
    str, typer.Option(help="Names separated by commas (as registered; case and accents free).")
]


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


@app.command("roll-call")
def roll_call(
    tournament_id: IdArg,
    round_: RoundOpt,
    present: NamesOpt = "",
    sit_out: NamesOpt = "",
    two_boards: NamesOpt = "",
    accept: Annotated[
        bool, typer.Option(help="Accept the engine's proposal of sitters and two-boarders.")
    ] = False,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Take round N's roll call (present, sitting out, two boards), or accept the proposal."""
    t = _get(tournament_id)
    from palmares.web.tournaments import rollcall

    if accept:
        _, said = rollcall.accept_proposal(None, t, round_)
    else:
        _, said = rollcall.take_roll_call(
            None, t, round_, _names(present), _names(sit_out), _names(two_boards)
        )
    _done(said, fmt)


@app.command("swap")
def swap(
    tournament_id: IdArg,
    round_: RoundOpt,
    player_a: Annotated[str, typer.Argument(help="A player (or a power, with --board).")],
    player_b: Annotated[str, typer.Argument(help="The other player (or power).")],
    board: Annotated[
        str | None,
        typer.Option(help="The board: of a two-boarder's place, or where two powers swap."),
    ] = None,
    powers: Annotated[bool, typer.Option(help="Swap two powers of --board.")] = False,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Swap two players of round N's call (or two powers of one board, with --powers)."""
    t = _get(tournament_id)
    from palmares.web.tournaments import boardcall

    if powers:
        if board is None:
            raise InputError.at("--board", None, None, "name the board whose powers swap")
        call = boardcall.swap_powers(None, t, round_, board, player_a, player_b)
    else:
        call = boardcall.swap_players(None, t, round_, player_a, player_b, board=board)
    _done(call.said, fmt)


@app.command("publish")
def publish(
    tournament_id: IdArg,
    round_: RoundOpt,
    lock: Annotated[bool, typer.Option(help="Also lock the call (no swap, no new call).")] = False,
    back: Annotated[
        bool, typer.Option("--unpublish", help="Take the publication back (a draft again).")
    ] = False,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Publish round N's call for the players (or lock it, or take it back)."""
    t = _get(tournament_id)
    from palmares.web.tournaments import boardcall

    if back:
        call = boardcall.unpublish_call(None, t, round_)
    else:
        call = boardcall.publish_call(None, t, round_, lock=lock)
    _done(call.said, fmt)


@app.command("result")
def result(
    tournament_id: IdArg,
    round_: RoundOpt,
    board: Annotated[str, typer.Option(help="The board's label.")],
    sheet: Annotated[
        Path,
        typer.Argument(
            help="The board in boards.json's form (one board): centres, eliminated, final_year, "
            "draw."
        ),
    ],
    seat: Annotated[
        list[str] | None,
        typer.Option(
            help="POWER=PLAYER where the seats differ from the call (a swap in the call; "
            "repeat for each power, all seven)."
        ),
    ] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Enter (or correct) board L's result of round N, on the published call's seats."""
    from palmares.io.boards import read_boards_json

    found = read_boards_json(sheet)
    if len(found) != 1:
        raise InputError.at(str(sheet), None, None, "give one board")
    sheet_board = found[0]
    seats: dict[str, str] | None = None
    if seat:
        seats = {}
        for item in seat:
            power, sep, player = item.partition("=")
            if not sep or not power.strip() or not player.strip():
                said = Message.of("cli.seat", got=repr(item))
                raise InputError.at("--seat", None, None, said)
            seats[power.strip()] = player.strip()
    t = _get(tournament_id)
    from palmares.web.tournaments.results import BoardResult, enter_result

    done = enter_result(
        None,
        t,
        round_,
        board,
        BoardResult(
            centres=dict(sheet_board.centres),
            eliminated=dict(sheet_board.eliminated),
            draw=sorted(sheet_board.draw) if sheet_board.draw is not None else None,
            final_year=sheet_board.final_year,
            seats=seats,
        ),
    )
    _done(done.said if done.changed else (), fmt)


@app.command("remove-results")
def remove_results(
    tournament_id: IdArg,
    round_: RoundOpt,
    board: Annotated[str | None, typer.Option(help="Only this board (default: the round).")] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Remove round N's results (or one board's), so the round can be called again or the
    tournament closed."""
    t = _get(tournament_id)
    from palmares.web.tournaments.results import remove_results as remove

    _done(remove(None, t, round_, [board] if board else None), fmt)


@app.command("undo")
def undo(
    tournament_id: IdArg, fmt: FormatOption = Format.table, language: LanguageOption = None
) -> None:
    """Undo the last result entry (from the audit log)."""
    t = _get(tournament_id)
    from palmares.web.tournaments.undo import undo_last_result

    _done(undo_last_result(None, t)["said"], fmt)


@app.command("close")
def close(
    tournament_id: IdArg, fmt: FormatOption = Format.table, language: LanguageOption = None
) -> None:
    """Close the tournament: file its classification into the ratings."""
    t = _get(tournament_id)
    from palmares.web.tournaments.closing import close_tournament

    event = close_tournament(t, None)
    row = {"event_id": event.pk, "players": event.players, "rounds": event.rounds}
    emit(Report([Table("closed", [Col(k) for k in row], [row])]), fmt)
