"""`palmares tournament`: the tournament day from the command line, on the database (issue 12).

The same services as the TD's desk and the JSON API (``palmares.web.tournaments``): create a
tournament, register a players.csv, keep pairs apart, take a round's roll call, make and publish
its board call, read the standings. Run by whoever holds the database (``PALMARES_DB`` or
``DATABASE_URL``); each write is in the tournament's audit log with no user.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption
from palmares.cli.output import Col, Format, Report, Table, emit
from palmares.core.errors import InputError

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
        raise PalmaresError(f"no tournament {tournament_id}")
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
) -> None:
    """Create a tournament; prints its id."""
    try:
        when = date.fromisoformat(day)
    except ValueError:
        raise InputError.at("--date", None, None, f"expected YYYY-MM-DD, got {day!r}") from None
    _django()
    from palmares.web.tournaments.setup import SetUp, create_tournament

    t = create_tournament(
        None,
        SetUp(
            name, when, rounds, scoring, aggregation, team_size, place, None, top_board, fewer_games
        ),
    )
    row = {"id": t.pk, "name": t.event.name, "date": t.event.date.isoformat(), "rounds": rounds}
    emit(Report([Table("tournament", [Col(k) for k in row], [row])]), fmt)


@app.command("register")
def register(
    tournament_id: IdArg,
    players: Annotated[
        Path, typer.Argument(help="players.csv or .xlsx: player, team, nationality.")
    ],
    fmt: FormatOption = Format.table,
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
) -> None:
    """Make round N's board call from its roll call (every active player if none was taken)."""
    t = _get(tournament_id)
    from palmares.web.tournaments.boardcall import make_call, publish_call

    call = make_call(None, t, round_, seed=seed)
    if publish:
        call = publish_call(None, t, round_)
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
                    [Col("board"), Col("power"), Col("player")],
                    rows,
                    title=f"Board call, round {round_}",
                ),
                Table(
                    "quality",
                    [Col("measure"), Col("value", justify="right")],
                    quality,
                    title="Quality",
                ),
            ],
            notes=list(report.get("notes", [])),
        ),
        fmt,
    )


@app.command("standings")
def standings(
    tournament_id: IdArg,
    after_round: Annotated[int | None, typer.Option(help="Standings after this round.")] = None,
    fmt: FormatOption = Format.table,
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
