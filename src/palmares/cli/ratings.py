"""`palmares ratings`: skill ratings and the backtest over any community's history (issue 18).

- ``skill FILE --kind results|boards|games|matches [--model SLUG] [--as-of DATE]``: the list,
  best ordinal (μ − 3σ) first; csv columns ``rank, player, mu, sigma, ordinal, competitions``.
- ``backtest FILE --kind … [--systems a,b,…]``: which rating predicts the results best; csv one
  row per system: ``system, competitions, kendall_tau, spearman, top1, log_likelihood`` then
  ``winner_log_likelihood``, the 95% intervals (``…_low``, ``…_high``), the same among
  returning players (``returning_…``) and over the competitions with a newcomer (``cold_…``).

Thin: read the competitions (palmares.io.competitions), ask palmares.ratings.skill or
palmares.ratings.backtest, build a Report. Heavy modules are imported inside the commands.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption, language_of
from palmares.cli.output import Col, Format, Report, Table, emit, fixed, shown
from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.explain.messages import tell

app = typer.Typer(
    help="Skill ratings (Weng–Lin) and the backtest: which rating predicts best.",
    no_args_is_help=True,
)

FileArg = Annotated[Path, typer.Argument(help="results.csv, boards.csv, games.csv or matches.csv.")]
KindOption = Annotated[
    str,
    typer.Option("--kind", "-k", help="results, boards, games or matches (what FILE holds)."),
]
SystemOption = Annotated[
    str | None,
    typer.Option("--system", help="boards: order each board by this scoring system's score."),
]
DEFAULT_SYSTEMS = "dip-pouch,plackett-luce,bradley-terry-full,thurstone-mosteller-full,elo"
TWO, THREE = fixed(2), fixed(3)
TABLE_COLUMNS = [
    Col("system"),
    Col("competitions", justify="right"),
    Col("kendall_tau", "τ-b", THREE, "right"),
    Col("kendall_tau_ci", "95%", None, "right"),
    Col("spearman", "ρ", THREE, "right"),
    Col("top1", "top-1", THREE, "right"),
    Col("log_likelihood", "log L", THREE, "right"),
    Col("log_likelihood_ci", "95%", None, "right"),
    Col("winner_log_likelihood", "log L(win)", THREE, "right"),
    Col("returning_competitions", "returning", justify="right"),
    Col("returning_kendall_tau", "τ-b", THREE, "right"),
    Col("returning_log_likelihood", "log L", THREE, "right"),
    Col("cold_competitions", "cold", justify="right"),
    Col("cold_kendall_tau", "τ-b", THREE, "right"),
]


def _shown(row: dict[str, Any]) -> dict[str, Any]:
    """A backtest row for people: the intervals as "low–high"."""
    out = dict(row)
    for m in ("kendall_tau", "log_likelihood"):
        low, high = row[f"{m}_low"], row[f"{m}_high"]
        out[f"{m}_ci"] = (
            "" if low is None else f"{shown(low, 3, fixed=True)}–{shown(high, 3, fixed=True)}"
        )
    return out


@app.command()
def skill(
    file: FileArg,
    kind: KindOption,
    model: Annotated[str, typer.Option("--model", "-m", help="Weng–Lin model slug.")] = (
        "plackett-luce"
    ),
    as_of: Annotated[
        str | None, typer.Option("--as-of", help="Only competitions on or before DATE.")
    ] = None,
    system: SystemOption = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """The skill list: μ, σ and the ordinal μ − 3σ of every player."""
    from palmares.io.competitions import read_competitions
    from palmares.io.fields import iso_date
    from palmares.ratings.skill import WengLin
    from palmares.ratings.skill.history import flat_of, rate_flat

    weng_lin = WengLin(model)
    read = read_competitions(file, kind, system=system)
    competitions = read.columns
    if as_of is not None:
        try:
            competitions = competitions.until(iso_date(as_of))
        except ValueError as exc:
            said = getattr(exc, "said", None)
            problem: Message | str = str(exc) if said is None else said
            raise PalmaresError.of(
                Message.of("core.in_file", file="--as-of", problem=problem)
            ) from None
    if not len(competitions):
        raise PalmaresError.of(Message.of("cli.nothing_to_rate", file=str(file)))
    history = rate_flat(flat_of(competitions), weng_lin)
    rows = [
        {
            "rank": e.rank,
            "player": read.name(e.player),
            "mu": e.mu,
            "sigma": e.sigma,
            "ordinal": e.ordinal,
            "competitions": e.competitions,
        }
        for e in history.ranking()
    ]
    columns = [
        Col("rank", justify="right"),
        Col("player"),
        Col("mu", "μ", TWO, "right"),
        Col("sigma", "σ", TWO, "right"),
        Col("ordinal", "μ − 3σ", TWO, "right"),
        Col("competitions", Message.of("label.competitions"), justify="right"),
    ]
    report = Report(
        [Table("skill", columns, rows, title=Message.of("label.skill", model=model))],
        language=language_of(language),
    )
    note = Message.of(
        "ratings.skill",
        competitions=len(competitions),
        model=model,
        mu=Decimal(f"{weng_lin.mu:g}"),
        sigma=Decimal(f"{weng_lin.sigma:.4g}"),
        beta=Decimal(f"{weng_lin.beta:.4g}"),
        tau=Decimal(f"{weng_lin.tau:.4g}"),
    )
    report.notes.append(tell(note, language_of(language)))
    emit(report, fmt)


@app.command()
def backtest(
    file: FileArg,
    kind: KindOption,
    systems: Annotated[
        str, typer.Option("--systems", help="Comma-separated system slugs.")
    ] = DEFAULT_SYSTEMS,
    system: SystemOption = None,
    ratings: Annotated[
        Path | None,
        typer.Option(
            "--ratings",
            help="matches: the Tantrix rating list before the first tournament (ratings.csv).",
        ),
    ] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Which rating predicts the results best: each competition predicted from its past."""
    from palmares.io.competitions import read_competitions
    from palmares.ratings.backtest import METRICS, SYSTEMS, backtest

    chosen = [s.strip() for s in systems.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in SYSTEMS]
    if unknown or not chosen:
        said = Message.of(
            "cli.unknown_systems",
            unknown=", ".join(unknown) if unknown else Message.of("cli.none_given"),
            known=", ".join(SYSTEMS),
        )
        raise PalmaresError.of(said)
    competitions = read_competitions(file, kind, system=system, ratings=ratings).columns
    if not len(competitions):
        raise PalmaresError.of(Message.of("cli.no_competitions", file=str(file)))
    result = backtest(competitions, chosen)
    rows: list[dict[str, Any]] = []
    for s in result.systems:
        row: dict[str, Any] = {"system": s.system, "competitions": s.all.competitions}
        for m in METRICS:
            row[m] = s.all.mean(m)
        for m in METRICS:
            row[f"{m}_low"], row[f"{m}_high"] = s.all.interval(m)
        for prefix, part in (("returning", s.returning), ("cold", s.newcomers)):
            row[f"{prefix}_competitions"] = part.competitions
            for m in METRICS:
                row[f"{prefix}_{m}"] = part.mean(m)
                row[f"{prefix}_{m}_low"], row[f"{prefix}_{m}_high"] = part.interval(m)
        rows.append(row)
    report_rows = rows if fmt != Format.table else [_shown(r) for r in rows]
    columns = [Col(k) for k in rows[0]] if fmt != Format.table else TABLE_COLUMNS
    tables = [
        Table(
            "backtest",
            columns,
            report_rows,
            title=Message.of("cli.backtest_title", n=len(competitions)),
        )
    ]
    calibration_rows = [
        {
            "system": s.system,
            "bin": f"{b.low:.1f}–{b.high:.1f}",
            "count": b.count,
            "predicted": b.predicted,
            "observed": b.observed,
        }
        for s in result.systems
        for b in s.calibration
    ]
    if calibration_rows:
        tables.append(
            Table(
                "calibration",
                [
                    Col("system"),
                    Col("bin", Message.of("label.predicted_win")),
                    Col("count", justify="right"),
                    Col("predicted", Message.of("label.mean_predicted"), THREE, "right"),
                    Col("observed", Message.of("label.observed_wins"), THREE, "right"),
                ],
                calibration_rows,
                title=Message.of("label.calibration"),
            )
        )
    report = Report(tables, language=language_of(language))
    report.notes.append(tell(Message.of("ratings.compare"), language_of(language)))
    emit(report, fmt)
