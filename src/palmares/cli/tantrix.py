"""`palmares tantrix`: Tantrix Elo: tournament points and performance ratings.

- ``performance matches.csv --ratings ratings.csv [--explain NAME]`` — seed 003's two tables;
- ``update matches.csv --ratings ratings.csv [--output new.csv] [--world-championship]`` —
  applies a tournament to the rating list and writes the new list as csv;
- ``tp SCORE_A SCORE_B [--minutes A B]`` — the tournament points of one game;
- ``seeding ratings.csv`` — the seeding list (ratings below 36 G blended toward a newcomer's).

Thin: reads files through ``palmares.io.tantrix``, calls ``palmares.tantrix``, builds a Report.
"""

from __future__ import annotations

from dataclasses import asdict
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption, language_of
from palmares.cli.output import Col, Format, Report, Table, emit, fixed
from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.explain import explain
from palmares.io.tantrix import (
    check_own_rating,
    read_match_columns,
    read_names_csv,
    read_ratings_csv,
)
from palmares.tantrix.factor import P_CLAMP
from palmares.tantrix.match import Match
from palmares.tantrix.rating_list import (
    ESTABLISHED_GAMES,
    NEWCOMER_RATING,
    WORLD_CENTRE,
    official_ratings,
    recentre,
    seeding_list,
    update_list,
)
from palmares.tantrix.tables import performance_rows
from palmares.tantrix.tournament import TournamentRating, rate_tournament
from palmares.tantrix.tournament_points import MARGIN_CAP, game_points

app = typer.Typer(
    help="Tantrix Elo: tournament points and performance ratings.", no_args_is_help=True
)

MatchesArg = Annotated[Path, typer.Argument(help="matches.csv (one row per match or per game).")]
RatingsOption = Annotated[
    Path, typer.Option("--ratings", help="ratings.csv: pre-tournament ratings.")
]
EventOption = Annotated[
    str | None, typer.Option("--event", help="The event to rate when the file holds several.")
]
ClampOption = Annotated[
    float, typer.Option("--clamp", help="TP shares are clamped to [c, 1 − c] for Factor.")
]

ONE = fixed(1)
WHOLE = fixed(0)

PERFORMANCE_COLUMNS = [
    Col("player"),
    Col("official"),
    Col("lost_to"),
    Col("games", display=ONE),
    Col("tp_percent", display=ONE),
    Col("factor", display=WHOLE),
    Col("opponent_elo", display=WHOLE),
    Col("elo", display=WHOLE),
    Col("pre_elo", display=WHOLE),
    Col("tournament_games", display=ONE),
    Col("tournament_elo", display=WHOLE),
]

NAME = Col("name", Message.of("tantrix.head_name"))

#: Seed 003's headers (its abbreviations), told in the report's language.
NICKNAME = Message.of("tantrix.head_nickname")
FACTOR = Message.of("tantrix.head_factor")
OPPONENT_ELO = Message.of("tantrix.head_opponent_elo")
TOURNAMENT_GAMES = Message.of("tantrix.head_tournament_games")

UNRATED_COLUMNS = [
    Col("player", NICKNAME),
    Col("lost_to", Message.of("tantrix.head_lost_to")),
    Col("tp_percent", "TP %", display=lambda v: "" if v is None else f"{ONE(v)}%"),
    Col("factor", FACTOR, display=WHOLE, justify="right"),
    Col("opponent_elo", OPPONENT_ELO, display=WHOLE, justify="right"),
    Col("elo", "Elo", display=WHOLE, justify="right"),
    Col("tournament_games", TOURNAMENT_GAMES, display=ONE, justify="right"),
]

RATED_COLUMNS = [
    Col("player", NICKNAME),
    Col("games", "G", display=ONE, justify="right"),
    Col("tp_percent", "TP %", display=lambda v: "" if v is None else f"{ONE(v)}%"),
    Col("factor", FACTOR, display=WHOLE, justify="right"),
    Col("opponent_elo", OPPONENT_ELO, display=WHOLE, justify="right"),
    Col("elo", "Elo", display=WHOLE, justify="right"),
    Col("pre_elo", Message.of("tantrix.head_pre_elo"), display=WHOLE, justify="right"),
    Col("tournament_games", TOURNAMENT_GAMES, display=ONE, justify="right"),
    Col(
        "tournament_elo", Message.of("tantrix.head_tournament_elo"), display=WHOLE, justify="right"
    ),
]


def _one_event(path: Path, event: str | None) -> tuple[Match, ...]:
    """The matches of ``event`` in the file (the file's only event when ``None``); only its
    matches are made values (issue 33: a file of a federation's history is read as columns)."""
    matches = read_match_columns(path)
    events = matches.event_names()
    if event is not None:
        chosen = matches.of_event(event)
        if not chosen:
            said = Message.of(
                "tantrix.no_event_matches", file=str(path), event=repr(event), events=tuple(events)
            )
            raise PalmaresError.of(said)
        return chosen
    if len(events) > 1:
        raise PalmaresError.of(
            Message.of("tantrix.several_events", file=str(path), events=tuple(events))
        )
    return matches.matches()


def _rate(
    matches_path: Path, ratings_path: Path, event: str | None, clamp: float
) -> tuple[TournamentRating, Any]:
    matches = _one_event(matches_path, event)
    ratings = read_ratings_csv(ratings_path, matches=matches)
    check_own_rating(matches, ratings, matches_path)
    return rate_tournament(matches, official_ratings(ratings), clamp=clamp), ratings


@app.command()
def performance(
    matches: MatchesArg,
    ratings: RatingsOption,
    explain_: Annotated[
        str | None, typer.Option("--explain", help="Explain one player's rating in words.")
    ] = None,
    names: Annotated[
        Path | None,
        typer.Option("--names", help="players.csv (player, name): full names in the tables."),
    ] = None,
    event: EventOption = None,
    clamp: ClampOption = P_CLAMP,
    language: LanguageOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Performance ratings of one tournament: the seed's two tables (unrated, rated)."""
    full_names = read_names_csv(names) if names is not None else None
    result, _ = _rate(matches, ratings, event, clamp)
    rows = [asdict(row) for row in performance_rows(result)]
    report = Report(notes=list(explain(result, language)), language=language_of(language))
    if explain_ is not None:
        try:
            entry = result.player(explain_)
        except KeyError:
            said = Message.of("tantrix.did_not_play", player=explain_, file=str(matches))
            raise PalmaresError.of(said) from None
        report.explain = list(explain(entry, language))
    if fmt is Format.table:
        unrated_columns, rated_columns = UNRATED_COLUMNS, RATED_COLUMNS
        if full_names is not None:
            for row in rows:
                row["name"] = full_names.get(row["player"], "")
            unrated_columns, rated_columns = [NAME, *UNRATED_COLUMNS], [NAME, *RATED_COLUMNS]
        report.tables = [
            Table(
                "unrated",
                unrated_columns,
                [r for r in rows if not r["official"]],
                title=Message.of("tantrix.title_unrated"),
            ),
            Table(
                "rated",
                rated_columns,
                [r for r in rows if r["official"]],
                title=Message.of("tantrix.title_rated"),
            ),
        ]
    else:
        report.tables = [Table("performance", PERFORMANCE_COLUMNS, rows)]
    emit(report, fmt)


@app.command()
def update(
    matches: MatchesArg,
    ratings: RatingsOption,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the new list here (csv).")
    ] = None,
    world_championship: Annotated[
        bool,
        typer.Option("--world-championship", help="Re-centre the list after this event."),
    ] = False,
    centre: Annotated[float, typer.Option(help="Mean of a World Championship's players.")] = (
        WORLD_CENTRE
    ),
    established: Annotated[int, typer.Option(help="G at which a rating is official.")] = (
        ESTABLISHED_GAMES
    ),
    unknown_games: Annotated[
        int, typer.Option(help="G assumed for a list entry whose G is empty.")
    ] = ESTABLISHED_GAMES,
    event: EventOption = None,
    clamp: ClampOption = P_CLAMP,
    language: LanguageOption = None,
) -> None:
    """Apply one tournament to the rating list and write the new list (csv)."""
    result, entries = _rate(matches, ratings, event, clamp)
    updated = update_list(entries, result, established=established, unknown_games=unknown_games)
    new_entries = updated.entries
    notes: list[str | Message] = [line for c in updated.changes for line in explain(c, language)]
    if world_championship:
        weights = {c.player: c.tournament_games for c in updated.changes}
        shifted = recentre(new_entries, weights, centre=centre)
        new_entries = shifted.entries
        notes += explain(shifted, language)
    rows = [
        {"player": e.player, "rating": e.rating, "games": e.games, "official": e.official}
        for e in new_entries
    ]
    table = Table("ratings", [Col("player"), Col("rating"), Col("games"), Col("official")], rows)
    report = Report(tables=[table], notes=notes)
    if output is None:
        emit(report, Format.csv)
        return
    with output.open("w", encoding="utf-8", newline="") as handle:
        emit(report, Format.csv, out=handle)


@app.command()
def tp(
    score_a: Annotated[int, typer.Argument(min=0, help="Tile score of player A.")],
    score_b: Annotated[int, typer.Argument(min=0, help="Tile score of player B.")],
    minutes: Annotated[
        tuple[float, float] | None,
        typer.Option("--minutes", help="Minutes used by A and by B (time penalty)."),
    ] = None,
    exact: Annotated[
        bool, typer.Option("--exact", help="The exact formula, not the one-decimal table.")
    ] = False,
    cap: Annotated[int, typer.Option(help="Margins above this count as this.")] = MARGIN_CAP,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Tournament points of one game from its tile scores."""
    minutes_a = Decimal(repr(minutes[0])) if minutes else None
    minutes_b = Decimal(repr(minutes[1])) if minutes else None
    try:
        g = game_points(
            score_a,
            score_b,
            minutes_a=minutes_a,
            minutes_b=minutes_b,
            cap=cap,
            places=None if exact else 1,
        )
    except PalmaresError:  # its typed message, told in the reader's language
        raise
    except ValueError as exc:
        raise PalmaresError(str(exc)) from None
    rows = [
        {
            "player": "A",
            "score": g.score_a,
            "margin": g.margin,
            "before_penalty": g.before_penalty_a,
            "penalty": g.penalty_a,
            "tp": g.tp_a,
        },
        {
            "player": "B",
            "score": g.score_b,
            "margin": g.margin,
            "before_penalty": g.before_penalty_b,
            "penalty": g.penalty_b,
            "tp": g.tp_b,
        },
    ]
    show = (lambda v: str(v)) if exact else ONE
    columns = [
        Col("player"),
        Col("score"),
        Col("margin"),
        Col("before_penalty", Message.of("tantrix.head_before_penalty"), display=show),
        Col("penalty", Message.of("tantrix.head_penalty")),
        Col("tp", "TP", display=show),
    ]
    emit(Report(tables=[Table("tp", columns, rows)], language=language_of(language)), fmt)


@app.command()
def seeding(
    ratings: Annotated[Path, typer.Argument(help="ratings.csv: the rating list.")],
    established: Annotated[int, typer.Option(help="G at which a rating is used as it is.")] = (
        ESTABLISHED_GAMES
    ),
    newcomer_rating: Annotated[
        float, typer.Option(help="The rating a newcomer is blended toward.")
    ] = NEWCOMER_RATING,
    unknown_games: Annotated[
        int, typer.Option(help="G assumed for an entry whose G is empty.")
    ] = ESTABLISHED_GAMES,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The seeding list: ratings below the established G blended toward a newcomer's rating."""
    entries = read_ratings_csv(ratings, established=established)
    seeds = seeding_list(
        entries,
        established=established,
        newcomer_rating=newcomer_rating,
        unknown_games=unknown_games,
    )
    rows = [
        {
            "rank": s.rank,
            "player": s.player,
            "rating": s.rating,
            "games": s.games,
            "seeding_rating": s.seeding_rating,
        }
        for s in seeds
    ]
    columns = [
        Col("rank"),
        Col("player"),
        Col("rating", display=WHOLE, justify="right"),
        Col("games", "G", justify="right"),
        Col("seeding_rating", "Seeding rating", display=WHOLE, justify="right"),
    ]
    report = Report(tables=[Table("seeding", columns, rows)], language=language_of(language))
    emit(report, fmt)
