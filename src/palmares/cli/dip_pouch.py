"""`palmares dip-pouch`: the WDD's Dip Pouch Tournament Rating (seed 000, issue 3).

- ``ranking results.csv [--as-of DATE | --year YYYY] [--nationality X]``: rank, national rank,
  player, nationality, rating, events counted; no option: the list as it stands today.
- ``player results.csv NAME [--explain]``: the player page, newest event first.
- ``event results.csv NAME``: the event report (the seed's Dip in the Ocean 2004 table).
- ``events results.csv``: the included events with their tournament values.

Thin: read the file (palmares.io.results), ask the history (palmares.ratings), build a Report.
Table format shows ratings, coefficients and scores to two decimals, half up, and a rank as
"8/65"; csv and json carry full precision.
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption, bulk, language_of
from palmares.cli.output import TABLE_ROWS, Col, Format, Report, Table, emit, fixed
from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.explain import Language, explain
from palmares.explain.numbers import figure
from palmares.io.fields import iso_date
from palmares.io.results import read_result_columns
from palmares.ratings.ranking import year_end

if TYPE_CHECKING:
    from palmares.ratings.history import RatingHistory

app = typer.Typer(
    help="The WDD's Dip Pouch Tournament Rating: ranking, player page, event report.",
    no_args_is_help=True,
)

ResultsArg = Annotated[Path, typer.Argument(help="results.csv (DESIGN.md format).")]
TWO = fixed(2)


def _shown_id(key: Any) -> str:
    """A player id for people: blank for players known only by name (key ``name:…``)."""
    return "" if key is None or str(key).startswith("name:") else str(key)


def _history(path: Path, language: Language | None = None) -> RatingHistory:
    from palmares.ratings.history import replay_columns  # numba: only when a command needs it

    history = replay_columns(read_result_columns(path))
    for flagged in history.warnings():
        for line in explain(flagged, language):
            sys.stderr.write(f"warning: {line}\n")
    return history


LimitOption = Annotated[
    int | None, typer.Option("--limit", min=1, help="Only the first N rows.", show_default=False)
]
AllOption = Annotated[
    bool,
    typer.Option(
        "--all", help=f"Every row, in the table too (it shows the first {TABLE_ROWS} otherwise)."
    ),
]


def _kept(limit: int | None, show_all: bool, fmt: Format) -> int | None:
    """How many rows to keep: ``--limit N``; else every row, except that the table format shows
    the first :data:`~palmares.cli.output.TABLE_ROWS` unless ``--all`` (csv and json: all)."""
    if limit is not None and show_all:
        raise PalmaresError.of(Message.of("cli.limit_or_all"))
    if limit is not None:
        return limit
    return TABLE_ROWS if fmt is Format.table and not show_all else None


def _cut_note(
    shown: int, listed: int | None, limit: int | None, events: bool
) -> list[str | Message]:
    """The note under a list of players (or ``events``) cut short without being asked to."""
    if listed is None or shown >= listed or limit is not None:
        return []
    if events:
        return [Message.of("cli.cut_events", shown=shown, listed=listed)]
    return [Message.of("cli.cut_players", shown=shown, listed=listed)]


def _day(text: str) -> date:
    try:
        return iso_date(text)
    except ValueError as exc:
        said = getattr(exc, "said", None)
        problem: Message | str = str(exc) if said is None else said
        raise PalmaresError.of(
            Message.of("core.in_file", file="--as-of", problem=problem)
        ) from None


@app.command()
def ranking(
    results: ResultsArg,
    as_of: Annotated[str | None, typer.Option("--as-of", help="The list on DATE.")] = None,
    year: Annotated[
        int | None, typer.Option("--year", min=1, max=9999, help="The list on 31 Dec YYYY.")
    ] = None,
    nationality: Annotated[str | None, typer.Option(help="Only this nationality.")] = None,
    limit: LimitOption = None,
    show_all: AllOption = False,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The international (and national) ranking, today or as of a date or year end."""
    with bulk():
        if as_of is not None and year is not None:
            raise PalmaresError.of(Message.of("cli.as_of_or_year"))
        day = _day(as_of) if as_of is not None else year_end(year) if year is not None else None
        kept = _kept(limit, show_all, fmt)
        history = _history(results, language)
        listed = history.ranking(
            as_of=day or date.today(),
            nationality=nationality,
            exact=True,
            fractions=False,
            limit=kept,
        )
        rows = [
            {
                "rank": e.rank,
                "national_rank": e.national_rank,
                "player": e.name,
                "nationality": e.nationality,
                "rating": e.rating,
                "events": e.events,
                "player_id": e.player,
            }
            for e in listed.entries
        ]
        cols = [
            Col("rank", "Rank", justify="right"),
            Col("national_rank", "Nat. rank", justify="right"),
            Col("player", "Player"),
            Col("nationality", "Nat."),
            Col("rating", "Rating", TWO, "right"),
            Col("events", "Events", justify="right"),
            Col("player_id", "Player id", _shown_id),
        ]
        if day is not None and nationality:
            title = Message.of(
                "dip_pouch.ranking_as_of_in", day=day.isoformat(), nationality=nationality
            )
        elif day is not None:
            title = Message.of("dip_pouch.ranking_as_of", day=day.isoformat())
        elif nationality:
            title = Message.of("dip_pouch.ranking_permanent_in", nationality=nationality)
        else:
            title = Message.of("dip_pouch.ranking_permanent")
        notes = _cut_note(len(rows), listed.listed, limit, events=False)
        told = language_of(language)
        emit(Report([Table("ranking", cols, rows, title)], notes=notes, language=told), fmt)


def _rank_of(row: dict[str, Any]) -> str:
    return f"{row['rank']}/{row['players']}"


@app.command()
def player(
    results: ResultsArg,
    name: Annotated[str, typer.Argument(help="Player id or name.")],
    explain_: Annotated[bool, typer.Option("--explain", help="Tell each step in words.")] = False,
    language: LanguageOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The player page: rating, ranks, then one row per event, newest first."""
    with bulk():
        page = _history(results, language).player_page(name)
        rows = [
            {
                "date": ln.event.date,
                "country": ln.event.country,
                "event": ln.event.name,
                "rank": ln.rank,
                "players": ln.players,
                "coefficient": ln.coefficient,
                "score": ln.score,
                "rating": ln.rating,
                "rating_before": ln.step.before,
                "event_id": ln.event.event_id,
            }
            for ln in page.lines
        ]
        if fmt is Format.table:
            for r in rows:
                r["rank_of"] = _rank_of(r)
            cols = [
                Col("date", "Date"),
                Col("country", "Country"),
                Col("event", "Event"),
                Col("rank_of", "Rank", justify="right"),
                Col("coefficient", "Coeff", TWO, "right"),
                Col("score", "Score", TWO, "right"),
                Col("rating", "Rating", TWO, "right"),
            ]
        else:
            cols = [
                Col(k)
                for k in (
                    "date",
                    "country",
                    "event",
                    "rank",
                    "players",
                    "coefficient",
                    "score",
                    "rating",
                    "rating_before",
                    "event_id",
                )
            ]
        p = page.player
        title = Message.of(
            "dip_pouch.player_title",
            name=p.name,
            nationality=p.nationality or Message.of("dip_pouch.nationality_unknown"),
            rating=figure(page.rating, 2, fixed=True, language=language_of(language)),
            rank=page.rank or "-",
            national_rank=page.national_rank or "-",
        )
        summary = {
            "player_id": p.key,
            "player": p.name,
            "nationality": p.nationality,
            "rating": page.rating,
            "rank": page.rank,
            "national_rank": page.national_rank,
            "events": len(page.lines),
        }
        tables = [Table("player", cols, rows, title)]
        if fmt is Format.json:
            tables.append(Table("summary", [Col(k) for k in summary], [summary]))
        emit(Report(tables, explain=list(explain(page, language)) if explain_ else []), fmt)


@app.command()
def event(
    results: ResultsArg,
    name: Annotated[str, typer.Argument(help="Event id or name.")],
    language: LanguageOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The event report: date, place, players, rounds, coefficient, then each player's score."""
    with bulk():
        report = _history(results, language).event_report(name)
        ev, value = report.event, report.value
        rows = [
            {
                "rank": ln.rank,
                "player": ln.name,
                "nationality": ln.nationality,
                "score": ln.score,
                "player_id": ln.player,
                "rating_before": ln.rating_before,
                "rating_after": ln.rating_after,
            }
            for ln in report.lines
        ]
        cols = [
            Col("rank", "Rank", justify="right"),
            Col("player", "Player"),
            Col("nationality", "Nat."),
            Col("score", "Score", TWO, "right"),
            Col("player_id", "Player id", _shown_id),
            Col("rating_before", "Rating before", TWO, "right"),
            Col("rating_after", "Rating after", TWO, "right"),
        ]
        rounds = ev.rounds if ev.rounds else Message.of("dip_pouch.more_than_one")
        facts: dict[str, object] = {
            "event_id": ev.event_id,
            "event": ev.name,
            "date": ev.date,
            "country": ev.country,
            "place": ev.place,
            "players": ev.field_size,
            "rounds": ev.rounds,
            "world_championship": ev.world_championship,
            "coefficient": value.value,
            "rule": value.rule,
            "formula": value.formula,
            "flagged": value.above_cap,
        }
        lines = Table("event", cols, rows)
        if fmt is Format.table:
            # The seed's header: Date, Place, Number of players, Number of rounds, Coeff.
            facts["rounds_shown"] = rounds
            seed_header = [
                Col("date", "Date"),
                Col("place", "Place"),
                Col("players", "Number of players", justify="right"),
                Col("rounds_shown", "Number of rounds", justify="right"),
                Col("coefficient", "Coeff", TWO, "right"),
            ]
            tables = [Table("facts", seed_header, [facts], ev.name), lines]
        else:  # csv prints the first table: the players
            tables = [lines, Table("facts", [Col(k) for k in facts], [facts])]
        notes: list[str | Message] = [
            Message.of("dip_pouch.flag", line=line)
            for f in report.flags
            for line in explain(f, language)
        ]
        emit(Report(tables, explain=list(explain(value, language)), notes=notes), fmt)


@app.command()
def events(
    results: ResultsArg,
    limit: LimitOption = None,
    show_all: AllOption = False,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The list of included events with their tournament values, in the order applied."""
    with bulk():
        kept = _kept(limit, show_all, fmt)
        rows = [
            {
                "date": s.event.date,
                "event": s.event.name,
                "event_id": s.event.event_id,
                "country": s.event.country,
                "place": s.event.place,
                "players": s.event.field_size,
                "rounds": s.event.rounds,
                "world_championship": s.event.world_championship,
                "coefficient": s.value.value,
                "rule": s.value.rule,
                "formula": s.value.formula,
                "flagged": s.value.above_cap,
            }
            for s in _history(results, language).events()
        ]
        cols = [
            Col("date", "Date"),
            Col("event", "Event"),
            Col("event_id", "Id"),
            Col("country", "Country"),
            Col("place", "Place"),
            Col("players", "Players", justify="right"),
            Col("rounds", "Rounds", justify="right"),
            Col("world_championship", "WC"),
            Col("coefficient", "Coeff", TWO, "right"),
            Col("rule", "Rule"),
            Col("formula", "Formula", TWO, "right"),
            Col("flagged", "Above cap"),
        ]
        notes = _cut_note(min(len(rows), kept or len(rows)), len(rows), limit, events=True)
        table = Table("events", cols, rows[:kept], Message.of("cli.included_events"))
        emit(Report([table], notes=notes, language=language_of(language)), fmt)
