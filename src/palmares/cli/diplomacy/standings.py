"""Commands of `palmares diplomacy` (boards): ``standings``, the tournament's table.

Thin: read the files (``palmares.io``), call the core (scoring systems, aggregations, prizes),
build a :class:`~palmares.cli.output.Report` from its results. No figure is computed here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer

from palmares.cli.common import FormatOption, LanguageOption, bulk, language_of
from palmares.cli.diplomacy.app import app
from palmares.cli.diplomacy.boards import DEFAULT_SYSTEM
from palmares.cli.output import Col, Format, Report, Table, column_word, emit, fixed, shown, word
from palmares.core.errors import InputError, PalmaresError, Problem
from palmares.core.message import Message
from palmares.diplomacy.aggregation import Standings, get_aggregation
from palmares.diplomacy.aggregation.ante import ante_pot
from palmares.diplomacy.aggregation.base import ScaledColumn
from palmares.diplomacy.awards import BestCountryOrder
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.chaos import ChaosGame
from palmares.diplomacy.column_boards import ColumnBoards
from palmares.diplomacy.prizes import QUALIFYING_ROUND, Prizes, player_prizes, prizes
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.teams import TeamChampionship
from palmares.explain import Language, explain, tell
from palmares.explain.messages_columns import ROUND_WORDS
from palmares.explain.numbers import figure
from palmares.io.boards import read_board_columns, read_teams_csv, team_problems
from palmares.io.csv_writer import machine_cells, machine_units
from palmares.io.tournament import read_chaos_csv, read_declines_csv

__all__ = ["app", "standings"]

DEFAULT_AGGREGATION = "ante"


@app.command("standings")
def standings(
    file: Annotated[Path, typer.Argument(help="boards.csv: one row per power per board.")],
    teams: Annotated[Path | None, typer.Option("--teams", help="teams.csv: team, player.")] = None,
    scoring: Annotated[
        str, typer.Option("--scoring", help="Board scoring system slug[:name=value,…].")
    ] = DEFAULT_SYSTEM,
    aggregation: Annotated[
        str, typer.Option("--aggregation", help="Tournament aggregation slug[:name=value,…].")
    ] = DEFAULT_AGGREGATION,
    after_round: Annotated[
        int | None, typer.Option("--after-round", help="Standings after this round.")
    ] = None,
    explain_player: Annotated[
        str | None, typer.Option("--explain", help="Explain this player's score in words.")
    ] = None,
    explain_board: Annotated[
        str | None,
        typer.Option("--explain-board", help="Explain this board's pot (ante): ROUND/BOARD."),
    ] = None,
    language: LanguageOption = None,
    declines: Annotated[
        Path | None,
        typer.Option("--declines", help="declines.csv: player, reason (top-board declines)."),
    ] = None,
    chaos: Annotated[
        Path | None, typer.Option("--chaos", help="chaos.csv: player, centres (never scored).")
    ] = None,
    qualifying_round: Annotated[
        int, typer.Option("--qualifying-round", help="Top-board invitations after this round.")
    ] = QUALIFYING_ROUND,
    fmt: FormatOption = Format.table,
) -> None:
    """Tournament standings, then top board, champion, places 2–7, best countries, teams."""
    with bulk():  # millions of Fractions and lines, no cycles (issue 33)
        system = get_system(scoring)
        method = get_aggregation(aggregation)
        # The boards kept as columns: each made only where it is read (issue 33).
        data = ColumnBoards(read_board_columns(file))
        team_map = read_teams_csv(teams) if teams is not None else None
        decline_rows = read_declines_csv(declines) if declines is not None else ()
        chaos_game = read_chaos_csv(chaos) if chaos is not None else None
        boards: Sequence[PlayedBoard] = data
        if after_round is not None:
            if after_round not in data.rounds:
                raise PalmaresError.of(
                    Message.of(
                        "standings.after_round",
                        round=str(after_round),
                        file=str(file),
                        rounds=tuple(str(r) for r in data.rounds),
                    )
                )
            boards = [b for b in boards if b.round <= after_round]
        players = data.players()
        _check_names(players, team_map, teams, decline_rows, declines)

        table = method.aggregate(boards, system)
        if explain_player is not None and explain_player not in table:
            raise PalmaresError.of(
                Message.of("standings.no_player", player=repr(explain_player), file=str(file))
            )
        words = language_of(language)
        prize_list = prizes(
            table,
            boards,
            teams=team_map,
            declines={d.player: d.reason for d in decline_rows} if declines is not None else None,
            qualifying_round=qualifying_round,
        )
        if prize_list.top_board_problems:
            played = prize_list.top_board_played
            line = played.seats[0].line if played is not None else None
            raise InputError(
                Problem(str(file), line, "top_board", tell(message, words))
                for message in prize_list.top_board_problems
            )
        main_table = _standings_table(table, fmt)
        champion_words = (
            " ".join(explain(prize_list.champion, words)) if prize_list.champion else ""
        )
        report = Report(tables=[main_table], language=words)
        if fmt is Format.table:
            report.tables.append(_rounds_table(main_table, table, words))
        report.tables.extend(_prize_tables(table, prize_list, champion_words, words))
        if chaos_game is not None:
            report.tables.append(_chaos_table(chaos_game))
            report.notes.append(tell(ChaosGame.NOTE, words))
        for note in prize_list.notes:
            report.notes.extend(explain(note, words))
        if explain_player is not None:
            report.explain.extend(explain(table.account(explain_player), words))
            mine = player_prizes(prize_list, explain_player, system=table.system)
            report.explain.extend(explain(mine, words))
        if explain_board is not None:
            report.explain.extend(_explain_board(table, explain_board, words))
        emit(report, fmt)


def _explain_board(table: Standings, which: str, words: Language) -> tuple[str, ...]:
    """``--explain-board ROUND/BOARD``: the board's scores and, under the ante, its pot."""
    round_text, _, board = which.partition("/")
    try:
        key = (int(round_text), board.strip())
    except ValueError:
        raise PalmaresError.of(Message.of("standings.board_option", got=repr(which))) from None
    result = table.board_scores.get(key)
    if result is None:
        raise PalmaresError.of(
            Message.of("standings.no_board", board=repr(key[1]), round=str(key[0]))
        )
    lines = explain(result, words)
    if table.aggregation == "ante":
        lines += explain(ante_pot(table, *key), words)
    return lines


def _check_names(
    players: set[str],
    team_map: dict[str, tuple[str, ...]] | None,
    teams: Path | None,
    decline_rows: tuple[Any, ...],
    declines: Path | None,
) -> None:
    problems: list[Problem] = []
    if team_map is not None and teams is not None:
        problems.extend(team_problems(players, team_map, teams))
    problems.extend(
        Problem.of(
            str(declines), d.line, "player", Message.of("standings.plays_no_board", player=d.player)
        )
        for d in decline_rows
        if d.player not in players
    )
    if problems:
        raise InputError(problems)


def _has_adjustment(table: Standings) -> bool:
    """The fewer-games adjustment column: the ante's, or wherever an adjustment was made."""
    return table.aggregation == "ante" or any(s.adjustment is not None for s in table.players)


def _standings_table(table: Standings, fmt: Format) -> Table:
    """rank, player, score, games; per round the figures the aggregation declares
    (:attr:`Standings.round_columns`: the ante's stake, pot share and score after; a sum's
    points and score after …); the fewer-games adjustment (the ante). The table view moves the
    rounds to a second table (:func:`_rounds_table`) so both fit a terminal."""
    names = table.round_columns
    rows: list[dict[str, Any]] = []
    columns = _figure_columns(table, fmt) if fmt is not Format.table else None
    for s in table.players:
        row: dict[str, Any] = {
            "rank": s.rank,
            "player": s.player,
            "score": s.score,
            "games": s.games,
        }
        rows.append(row)
        if columns is not None:  # the exact columns of the aggregation (the ante's ledger)
            continue
        row["adjustment"] = s.adjustment
        # Each round's figures read from its own lines (issue 33: ``round_values`` scans the
        # lines it is given; a hundred rounds of an archive made every read scan them all).
        by_round: dict[int, list[Any]] = {}
        for line in s.lines:
            by_round.setdefault(line.round, []).append(line)
        for r in table.rounds:
            values = s.round_values(r, names, by_round.get(r, ()))
            row.update({f"r{r}_{name}": v for name, v in zip(names, values, strict=True)})
            row[f"r{r}"] = tuple(zip(names, values, strict=True))
    cols = [
        Col("rank", justify="right"),
        Col("player"),
        Col("score", display=_scores(table), justify="right"),
        Col("games", justify="right"),
    ]
    if fmt is not Format.table:
        for r in table.rounds:
            cols.extend(Col(f"r{r}_{name}", display=_show, justify="right") for name in names)
    if _has_adjustment(table):
        cols.append(Col("adjustment", Message.of("label.adjustment"), fixed(3), "right"))
    title = Message.of(
        "standings.title_low" if table.low_is_best else "standings.title",
        aggregation=table.aggregation,
        system=table.system,
        round=table.rounds[-1],
    )
    return Table("standings", cols, rows, title, columns or {})


def _figure_columns(table: Standings, fmt: Format) -> dict[str, Sequence[Any]] | None:
    """The per-round figures and the adjustment of every player, in the standings' order, as
    the machine formats write them (CSV: the cells themselves), from the aggregation's exact
    columns (the ante's ledger: no Line, no Fraction per figure, issue 33); ``None`` when it
    keeps none."""
    figures = table.figures
    if figures is None:
        return None
    where = {p: i for i, p in enumerate(figures.players)}
    order = [where[s.player] for s in table.players]
    out: dict[str, Sequence[Any]] = {}
    for r in table.rounds:
        for name in table.round_columns:
            column = figures.column(r, name)
            out[f"r{r}_{name}"] = _machine(column, order, fmt)
    out["adjustment"] = _machine(figures.adjustment(), order, fmt)
    return out


def _machine(column: ScaledColumn, order: list[int], fmt: Format) -> Sequence[Any]:
    """A column as the machine format writes it: CSV cells made as they are written, else
    the values (:func:`machine_units`)."""
    if fmt is Format.csv:
        return machine_cells(column.pick, column.places, order, column.nearest)
    return machine_units(column.pick(np.asarray(order, dtype=np.int64)), column.places)


def _scores(table: Standings) -> Callable[[Any], str]:
    """How the table view shows a tournament score: three decimals, or as it is when low is best
    (a sum of ranks is a whole number)."""
    if table.low_is_best:
        return lambda v: "" if v is None else shown(v)
    return fixed(3)


def _show(value: Any) -> str:
    """A per-round figure: a score to three decimals, a rank as a whole number, words as-is."""
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return fixed(3)(value)


def _rounds_table(standing_table: Table, table: Standings, language: Language) -> Table:
    """The table view's second table: per round the aggregation's figures (one cell per round,
    a line each), in the standings' order."""
    cols = [Col("rank", justify="right"), Col("player")]
    cols += [Col(f"r{r}", f"R{r}", _round_cell, "right") for r in table.rounds]
    words = ", ".join(column_word(ROUND_WORDS[name], language) for name in table.round_columns)
    return Table(
        "rounds", cols, standing_table.rows, Message.of("standings.each_round", words=words)
    )


_SIGNS = {"stake": "−", "pot_share": "+"}


def _round_cell(value: Any) -> str:
    """One round in the table view: a line per figure (the ante: −stake, +pot share, score
    after); an empty line where the round has nothing to show."""
    return "\n".join("" if v is None else _SIGNS.get(name, "") + _show(v) for name, v in value)


def _prize_tables(table: Standings, p: Prizes, champion_words: str, words: Language) -> list[Table]:
    out: list[Table] = []
    if p.top_board is not None:
        rows = [
            {
                "rank": i.rank,
                "player": i.player,
                "score": i.score,
                "invitation": tell(
                    Message.of("standings.accepted" if i.accepted else "standings.declined"),
                    words,
                ),
                "reason": i.reason or "",
            }
            for i in p.top_board.invitations
        ]
        out.append(
            Table(
                "top_board",
                [
                    Col("rank", justify="right"),
                    Col("player"),
                    Col(
                        "score",
                        Message.of("standings.score_after", round=p.top_board.after_round),
                        _scores(table),
                        "right",
                    ),
                    Col("invitation"),
                    Col("reason"),
                ],
                rows,
                Message.of("standings.top_board"),
            )
        )
    if p.champion is not None:
        rows = [
            {"place": 1, "player": name, "score": table.of(name).score, "note": champion_words}
            for name in p.champion.players
        ]
        rows += [
            {"place": x.place, "player": x.player, "score": x.score, "note": ""} for x in p.places
        ]
        out.append(
            Table(
                "places",
                [
                    Col("place", justify="right"),
                    Col("player"),
                    Col("score", display=_scores(table), justify="right"),
                    Col("note"),
                ],
                rows,
                Message.of("standings.places"),
            )
        )
    payout = any(b.points is not None for b in p.best_countries)
    best_cols = [
        Col("power", display=word),
        Col("player"),
        Col("round", justify="right"),
        Col("board"),
        Col("board_score", _score_word(table), fixed(2), "right"),
        Col("centres", justify="right"),
    ]
    if payout:
        best_cols.append(Col("payout", display=fixed(3), justify="right"))
    best_cols.append(Col("shared_with", Message.of("label.shared_with")))
    out.append(
        Table(
            "best_countries",
            best_cols,
            [
                {
                    "power": b.power,
                    "player": b.player,
                    "round": b.round,
                    "board": b.board,
                    "board_score": b.board_score,
                    "centres": b.centres,
                    "payout": b.points,
                    "shared_with": ", ".join(b.shared_with),
                }
                for b in p.best_countries
            ],
            explain(BestCountryOrder(table.system == "divide-and-conquer", payout), words)[0],
        )
    )
    team_word = Message.of("standings.rank_sum") if table.low_is_best else "score"
    if p.teams:
        out.append(
            Table(
                "teams",
                [
                    Col("rank", justify="right"),
                    Col("team"),
                    Col("score", team_word, _scores(table), "right"),
                    Col("members"),
                ],
                [
                    {
                        "rank": t.rank,
                        "team": t.team,
                        "score": t.score,
                        "members": "; ".join(
                            f"{m.player} {'#' if table.low_is_best else ''}"
                            + figure(m.score, language=words)
                            + (
                                " "
                                + tell(
                                    Message.of("standings.counted_after", round=m.counted_after),
                                    words,
                                )
                                if m.counted_after
                                else ""
                            )
                            for m in t.members
                        ),
                    }
                    for t in p.teams
                ],
                explain(TeamChampionship(table.low_is_best), words)[0],
            )
        )
    return out


def _score_word(table: Standings) -> Message:
    """Divide and Conquer calls its board score the raw score (seed 002); other systems do not."""
    if table.system == "divide-and-conquer":
        return Message.of("standings.raw_score")
    return Message.of("standings.board_score")


def _chaos_table(game: ChaosGame) -> Table:
    return Table(
        "chaos",
        [
            Col("rank", justify="right"),
            Col("player"),
            Col("centres", justify="right"),
            Col("eliminated"),
        ],
        [
            {"rank": rank, "player": e.player, "centres": e.centres, "eliminated": e.eliminated}
            for rank, e in game.ranked()
        ],
        Message.of("standings.chaos"),
    )
