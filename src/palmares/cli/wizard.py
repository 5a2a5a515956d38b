"""`palmares wizard`: Wizard online league: months, master points, tournaments.

Commands (DESIGN.md, issue 5): ``month games.csv --month YYYY-MM``, ``all-scores games.csv
--month YYYY-MM``, ``junior games.csv --session YYYY-MM``, ``tournament tournament.csv
[--triad triad.csv] [--games games.csv]`` and ``ledger games.csv tournaments.csv PLAYER``, each
with ``--explain``. Thin: read the files, call ``palmares.wizard``, build a Report, emit it.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption
from palmares.cli.output import Col, Format, Report, Table, emit, fixed, shown
from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.explain import Language, explain, tell
from palmares.io.wizard import read_game_columns, read_games, read_tournaments, read_triads
from palmares.wizard.game import Game
from palmares.wizard.invitational import previous_month, uninvited
from palmares.wizard.junior import junior_table, session_of
from palmares.wizard.ledger import METHOD
from palmares.wizard.ledger import ledger as player_ledger
from palmares.wizard.master_points import Award
from palmares.wizard.month import LeagueTable, Period, month_table, parse_month, table_of
from palmares.wizard.rules import wizard_rules
from palmares.wizard.tournament import TournamentResult, tournament_result
from palmares.wizard.triad import TriadGame

app = typer.Typer(
    help="Wizard online league: months, master points, tournaments.", no_args_is_help=True
)

GamesArg = Annotated[
    Path, typer.Argument(help="games.csv: date, game, player, score or place.", show_default=False)
]
ExplainOption = Annotated[bool, typer.Option("--explain", help="Say how each figure was made.")]
QualifyingOption = Annotated[
    int | None,
    typer.Option("--qualifying-games", min=1, help="Games for a number ranking (default: 30)."),
]
FractionalWinsOption = Annotated[
    bool,
    typer.Option("--fractional-wins", help="A tie for first counts 1/k of a win to each of k."),
]
TriadOption = Annotated[
    Path | None, typer.Option("--triad", help="triad.csv: tournament, player, score or place.")
]


def _number(value: Any) -> str:
    """A master-point or win figure: whole numbers as such, fractions to two decimals."""
    if value is None or value == "":
        return ""
    return shown(Fraction(value), 2, exact=False)


def _reasons(awards: tuple[Award, ...], language: Language | None) -> str:
    """What the awards were for, in words (``palmares.explain``)."""
    return "; ".join(line for a in awards for line in explain(a.reason, language))


def _month_rows(table: LeagueTable, language: Language | None) -> list[dict[str, Any]]:
    return [
        {
            "rank": x.rank,
            "player": x.player,
            "games": x.games,
            "points": x.points,
            "skill_ratio": x.skill_ratio,
            "wins": x.wins,
            "win_percentage": x.win_percentage,
            "matrix": x.matrix,
            "master_points": x.master_points,
            "reason": _reasons(x.awards, language),
        }
        for x in table.lines
    ]


MONTH_COLUMNS = [
    Col("rank", "Rank", justify="right"),
    Col("player", "Player"),
    Col("games", "Games", justify="right"),
    Col("points", Message.of("label.points"), justify="right"),
    Col("skill_ratio", "SR", fixed(2), justify="right"),
    Col("wins", Message.of("label.wins"), _number, justify="right"),
    Col("win_percentage", Message.of("label.win_percentage"), fixed(2), justify="right"),
    Col("matrix", Message.of("label.matrix"), justify="right"),
    Col("master_points", Message.of("label.master_points"), _number, justify="right"),
    Col("reason", Message.of("label.for")),
]


def _require_games(path: Path, label: str, table: LeagueTable) -> None:
    if not table.lines:
        raise PalmaresError.of(Message.of("cli.no_game_dated", file=str(path), period=label))


def _month_of(
    games: Path, month: str, qualifying_games: int | None, fractional_wins: bool
) -> tuple[Period, LeagueTable]:
    """The month's league table from a games file (``month`` and ``all-scores`` share it)."""
    period = parse_month(month)
    table = month_table(
        read_games(games, between=(period.first, period.last)),
        period,
        qualifying_games=qualifying_games,
        rules=wizard_rules(fractional_wins=fractional_wins),
    )
    _require_games(games, period.label, table)
    return period, table


@app.command("month")
def month(
    games: GamesArg,
    month: Annotated[str, typer.Option("--month", help="The month, YYYY-MM.")],
    qualifying_games: QualifyingOption = None,
    fractional_wins: FractionalWinsOption = False,
    fmt_: FormatOption = Format.table,
    explain_: ExplainOption = False,
    language: LanguageOption = None,
) -> None:
    """The month's table: rank, points, Skill Ratio, wins, W.P., matrix and master points."""
    period, table = _month_of(games, month, qualifying_games, fractional_wins)
    rows = _month_rows(table, language)
    report = Report(
        tables=[
            Table(
                "month",
                MONTH_COLUMNS,
                rows,
                title=Message.of("cli.wizard_month", period=period.label),
            )
        ]
    )
    report.language = language
    if explain_:
        report.explain = list(explain(table, language))
    emit(report, fmt_)


@app.command("all-scores")
def all_scores(
    games: GamesArg,
    month: Annotated[str, typer.Option("--month", help="The month, YYYY-MM.")],
    qualifying_games: QualifyingOption = None,
    fractional_wins: FractionalWinsOption = False,
    fmt_: FormatOption = Format.table,
    explain_: ExplainOption = False,
    language: LanguageOption = None,
) -> None:
    """GET ALL SCORES: every player of the month, ranked on Skill Ratio."""
    period, table = _month_of(games, month, qualifying_games, fractional_wins)
    positions = table.sr_positions()
    by_player = {row["player"]: row for row in _month_rows(table, language)}
    rows = [{"position": positions[x.player], **by_player[x.player]} for x in table.all_scores()]
    columns = [Col("position", "#", justify="right"), *MONTH_COLUMNS[:-1]]
    report = Report(
        tables=[
            Table(
                "all_scores", columns, rows, title=Message.of("cli.all_scores", period=period.label)
            )
        ]
    )
    report.language = language
    if explain_:
        report.explain = list(explain(table, language))
    emit(report, fmt_)


@app.command("junior")
def junior(
    games: GamesArg,
    session: Annotated[
        str, typer.Option("--session", help="A month of the two-month session, YYYY-MM.")
    ],
    fmt_: FormatOption = Format.table,
    explain_: ExplainOption = False,
    language: LanguageOption = None,
) -> None:
    """A Wizard Junior two-month session (Jan-Feb, Mar-Apr, ...): 20 games for master points."""
    period = session_of(parse_month(session).first)
    table = junior_table(read_games(games, between=(period.first, period.last)), period)
    _require_games(games, period.label, table)
    rows = _month_rows(table, language)
    report = Report(
        tables=[
            Table(
                "junior", MONTH_COLUMNS, rows, title=Message.of("cli.junior", period=period.label)
            )
        ]
    )
    report.language = language
    if explain_:
        report.explain = list(explain(table, language))
    emit(report, fmt_)


TOURNAMENT_COLUMNS = [
    Col("tournament", "Tournament"),
    Col("date", "Date"),
    Col("place", justify="right"),
    Col("player", "Player"),
    Col("games_finished", "Games", justify="right"),
    Col("master_points", Message.of("label.master_points"), _number, justify="right"),
    Col("triad", Message.of("label.triad"), _number, justify="right"),
    Col("total", Message.of("label.total"), _number, justify="right"),
    Col("reason", Message.of("label.for")),
]


def _tournament_rows(result: TournamentResult, language: Language | None) -> list[dict[str, Any]]:
    t = result.tournament
    return [
        {
            "tournament": t.name,
            "date": t.day,
            "place": x.place,
            "player": x.player,
            "games_finished": x.games_finished,
            "master_points": x.master_points,
            "triad": x.triad_points,
            "total": x.total,
            "reason": _reasons(x.awards, language),
        }
        for x in result.lines
    ]


@app.command("tournament")
def tournament(
    tournaments: Annotated[
        Path,
        typer.Argument(help="tournament.csv: tournament, date, player, place.", show_default=False),
    ],
    triad: TriadOption = None,
    games: Annotated[
        Path | None,
        typer.Option("--games", help="games.csv, to check who was invited to invitationals."),
    ] = None,
    fmt_: FormatOption = Format.table,
    explain_: ExplainOption = False,
    language: LanguageOption = None,
) -> None:
    """Tournament master points by field size and place, with the TRIAD where one was played."""
    events = read_tournaments(tournaments)
    triads = _triads(triad, {t.name for t in events})
    # The months' tables of the players who may be ranked (issue 33: the same ranks, from the
    # file's tallies at once).
    tables = (
        {t.period: t for t in read_game_columns(games).month_tables(paid=True)}
        if games is not None
        else None
    )
    report = Report(tables=[Table("tournament", TOURNAMENT_COLUMNS, [])])
    report.language = language
    for t in events:
        result = tournament_result(t, triad=triads.get(t.name))
        report.tables[0].rows.extend(_tournament_rows(result, language))
        if explain_:
            report.explain.extend(explain(result, language))
        if tables is not None and t.invitational:
            month = previous_month(t.day)
            previous = tables.get(month) or table_of([], month)
            for player in uninvited(t, previous):
                warning = Message.of(
                    "wizard.uninvited",
                    player=player,
                    tournament=t.name,
                    size=previous.rules.invitational_size,
                    month=previous.period.label,
                )
                report.notes.append(tell(warning, language))
    emit(report, fmt_)


def _triads(path: Path | None, names: set[str]) -> dict[str, TriadGame]:
    if path is None:
        return {}
    triads = read_triads(path)
    unknown = sorted(set(triads) - names)
    if unknown:
        said = Message.of("cli.no_tournament_named", file=str(path), names=tuple(unknown))
        raise PalmaresError.of(said)
    return triads


LEDGER_COLUMNS = [
    Col("date", "Date"),
    Col("source", "Month or tournament"),
    Col("kind", Message.of("label.award")),
    Col("master_points", Message.of("label.master_points"), _number, justify="right"),
    Col("total", Message.of("label.total"), _number, justify="right"),
    Col("level", Message.of("label.level")),
    Col("reason", Message.of("label.for")),
]


@app.command("ledger")
def ledger(
    games: GamesArg,
    tournaments: Annotated[
        Path, typer.Argument(help="tournament.csv (may be empty of rows).", show_default=False)
    ],
    player: Annotated[str, typer.Argument(help="The player's name as in the files.")],
    triad: TriadOption = None,
    junior: Annotated[
        Path | None,
        typer.Option("--junior", help="games.csv of Wizard Junior (two-month sessions)."),
    ] = None,
    fmt_: FormatOption = Format.table,
    explain_: ExplainOption = False,
    language: LanguageOption = None,
) -> None:
    """A player's master points across months, tournaments and Junior sessions, and what each
    was for."""
    all_games = read_game_columns(games)
    junior_games: tuple[Game, ...] = read_games(junior) if junior else ()
    events = read_tournaments(tournaments)
    triads = _triads(triad, {t.name for t in events})
    # The months' tables of the players who may earn master points (issue 33: the same awards,
    # from the file's tallies at once).
    months = all_games.month_tables(paid=True)
    book = player_ledger(player, (), events, triads=triads, junior=junior_games, months=months)
    known = (
        set(all_games.names)
        | {p for g in junior_games for p in g.players}
        | {p.player for t in events for p in t.placings}
    )
    if player not in known:
        said = Message.of(
            "cli.in_neither", player=player, games=str(games), tournaments=str(tournaments)
        )
        raise PalmaresError.of(said)
    rows = [
        {
            "date": e.award.day,
            "source": e.award.source,
            "kind": e.award.kind,
            "master_points": e.award.points,
            "total": e.balance,
            "level": ", ".join(lv.name for lv in e.levels),
            "reason": _reasons((e.award,), language),
        }
        for e in book.entries
    ]
    report = Report(
        tables=[
            Table("ledger", LEDGER_COLUMNS, rows, title=Message.of("cli.ledger", player=player))
        ]
    )
    report.language = language
    report.notes.extend(explain(book, language))
    if explain_:
        report.explain = [
            *explain(METHOD, language),
            *(line for e in book.entries for line in explain(e, language)),
        ]
    emit(report, fmt_)
