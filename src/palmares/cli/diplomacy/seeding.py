"""Commands of `palmares diplomacy` (seeding): ``seed``, the board call of one round.

Seed 002, "Board Assignments"; issue 6. The work is done by :mod:`palmares.diplomacy.seeding`;
this module reads the files, calls it and prints the call and its quality report.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from palmares.cli.common import FormatOption, LanguageOption, language_of
from palmares.cli.diplomacy.app import app
from palmares.cli.output import Col, Format, Report, Table, emit, word
from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.seeding import SeedingProblem, board_call
from palmares.diplomacy.seeding.problem import Fill
from palmares.diplomacy.seeding.report import quality_rows, summary
from palmares.explain.messages import tell
from palmares.io.boards import read_boards_csv, read_teams_csv
from palmares.io.seeding import read_pairs_csv, read_players_csv

__all__ = ["app", "seed"]


@app.command("seed")
def seed(
    players: Annotated[Path, typer.Argument(help="players.csv: player, optional boards, team.")],
    round_: Annotated[int, typer.Option("--round", help="The round to seat (1 = first).")],
    history: Annotated[
        Path | None,
        typer.Option(help="boards.csv of the earlier rounds (centres may be left out)."),
    ] = None,
    keep_apart: Annotated[
        Path | None, typer.Option(help="pairs.csv: player_a, player_b never seated together.")
    ] = None,
    teams: Annotated[Path | None, typer.Option(help="teams.csv: team, player.")] = None,
    top_board: Annotated[
        str | None,
        typer.Option(help="The fixed top board: seven players, comma-separated (board 1)."),
    ] = None,
    fill: Annotated[
        str,
        typer.Option(help="When seats do not fill whole boards, propose: auto, sit or double."),
    ] = "auto",
    seed_: Annotated[
        int, typer.Option("--seed", help="Seed of the search (same seed, same call).")
    ] = 0,
    time_limit: Annotated[
        float, typer.Option(help="Processor seconds the search may take at most.")
    ] = 2.0,
    rounds: Annotated[
        int | None,
        typer.Option(
            help="The tournament's number of rounds (foreseen; default: 7, one per power)."
        ),
    ] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The board call of one round: players to boards and powers, and its quality report."""
    if fill not in ("auto", "sit", "double"):
        raise PalmaresError.of(Message.of("seeding.fill_option", got=repr(fill)))
    fill_: Fill = "auto" if fill == "auto" else ("sit" if fill == "sit" else "double")
    entrants = read_players_csv(players)
    past = read_boards_csv(history, results=False).boards if history else ()
    pairs = read_pairs_csv(keep_apart) if keep_apart else ()
    team_map = read_teams_csv(teams) if teams else {}
    top = tuple(p.strip() for p in top_board.split(",") if p.strip()) if top_board else ()
    problem = SeedingProblem(
        round=round_,
        entrants=entrants,
        history=past,
        keep_apart=pairs,
        teams=team_map,
        top_board=top,
        fill=fill_,
        rounds=rounds,
    )
    try:
        call = board_call(problem, seed=seed_, time_limit=time_limit)
    except InputError:
        raise
    except PalmaresError as exc:
        # The field cannot be seated as listed: say which file lists it.
        wrong: Message | str = str(exc) if exc.said is None else exc.said
        raise PalmaresError.of(
            Message.of("core.in_file", file=str(players), problem=wrong)
        ) from None
    q = call.quality
    words = language_of(language)
    report = Report(
        tables=[
            Table(
                "call",
                [Col("round"), Col("board"), Col("power", display=word), Col("player")],
                [
                    {"round": s.round, "board": s.board, "power": s.power, "player": s.player}
                    for s in call.seats
                ],
                title=Message.of("label.board_call", round=call.round),
            ),
            Table(
                "quality",
                [
                    Col("measure", Message.of("label.measure")),
                    Col("value", Message.of("label.value"), justify="right"),
                ],
                [{"measure": tell(m, words), "value": v} for m, v in quality_rows(call)],
                title=Message.of("label.quality"),
            ),
            Table(
                "repeated_pairs",
                [
                    Col("board"),
                    Col("player_a"),
                    Col("player_b"),
                    Col("times", Message.of("label.met_before")),
                ],
                [
                    {"board": p.board, "player_a": p.a, "player_b": p.b, "times": p.times}
                    for p in q.repeated_pairs
                ],
                title=Message.of("label.pairs_again"),
            ),
            Table(
                "power_repeats",
                [
                    Col("board"),
                    Col("player"),
                    Col("power", display=word),
                    Col("times", Message.of("label.played_before")),
                ],
                [
                    {"board": r.board, "player": r.player, "power": r.power, "times": r.times}
                    for r in q.power_repeats
                ],
                title=Message.of("label.power_repeats"),
            ),
        ],
        notes=[tell(m, words) for m in summary(call)],
        language=words,
        explain=[
            tell(m, words)
            for m in (
                *call.bound.explain,
                Message.of("seeding.search", seed=call.seed, moves=call.moves),
            )
        ],
    )
    emit(report, fmt)
