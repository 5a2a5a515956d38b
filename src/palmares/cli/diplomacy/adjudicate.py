"""Commands of `palmares diplomacy` (adjudication): the TD's ruling desk.

``palmares diplomacy adjudicate orders.txt [--position position.json] [--rules datc|wdc-2007]
[--format table|csv|json] [--explain]`` adjudicates one phase; ``palmares diplomacy orders
check orders.txt [--position …]`` says only whether each order is valid and, if not, which rule
(issue 17, "Formats"); ``palmares diplomacy replay game.json [--rules …]`` checks a game's
record phase by phase (issue 34). Thin: the core rules and words every result.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from palmares.cli.common import FormatOption, LanguageOption, language_of
from palmares.cli.diplomacy.app import app
from palmares.cli.output import Col, Format, Report, Table, emit, word
from palmares.core.errors import InputError
from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.outcome import OrderResult, result_rows
from palmares.diplomacy.adjudication.parse import RULE_SETS, parse_orders
from palmares.diplomacy.adjudication.phases import PhaseResult, adjudicate, place_units
from palmares.diplomacy.adjudication.position import Position, position_from_json, position_to_json
from palmares.diplomacy.adjudication.record import record_from_json
from palmares.diplomacy.adjudication.replay import Difference, PhaseCheck, read_orders, replay
from palmares.explain.language import Language
from palmares.explain.messages import tell

__all__ = ["adjudicate_command", "orders_app", "orders_check", "replay_command"]

orders_app = typer.Typer(help="Orders: check them against the order rules.", no_args_is_help=True)
app.add_typer(orders_app, name="orders")

PositionOption = Annotated[
    Path | None,
    typer.Option("--position", help="position.json (without it: units stand where ordered)."),
]
RulesOption = Annotated[
    str, typer.Option("--rules", help="datc (the DATC's preferences) or wdc-2007 (seed 002).")
]


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError.at(
            str(path), None, None, Message.of("file.cannot_read", why=str(exc.strerror))
        ) from None
    except UnicodeDecodeError:
        raise InputError.at(str(path), None, None, Message.of("file.not_utf8")) from None


def _check_rules(rules: str) -> None:
    if rules not in RULE_SETS:
        raise InputError.at(
            "--rules",
            None,
            None,
            Message.of("option.one_of", options=tuple(RULE_SETS), got=repr(rules)),
        )


def _read_json(path: Path) -> Any:
    raw = _read_text(path)
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InputError.at(
            str(path), exc.lineno, None, Message.of("file.invalid_json", why=exc.msg)
        ) from None


def _load(orders_file: Path, position_file: Path | None, rules: str) -> PhaseResult:
    _check_rules(rules)
    gmap = standard_map()
    text = _read_text(orders_file)
    position: Position | None = None
    if position_file is not None:
        data = _read_json(position_file)
        position = position_from_json(data, gmap, str(position_file))
    powers = position.all_powers() if position is not None else None
    orders = parse_orders(text, gmap, rules=rules, file=str(orders_file), powers=powers)
    if position is None:
        position = place_units(orders, gmap)
    return adjudicate(position, orders, gmap, rules)


@app.command("adjudicate")
def adjudicate_command(
    orders: Annotated[Path, typer.Argument(help="orders.txt: one 'Power: order' a line.")],
    position: PositionOption = None,
    rules: RulesOption = "datc",
    fmt: FormatOption = Format.table,
    explain: Annotated[
        bool, typer.Option("--explain", help="Also print the next position, power by power.")
    ] = False,
    language: LanguageOption = None,
) -> None:
    """Adjudicate one phase: each order valid or not, succeeds or not, and why; the dislodged
    units; the next phase's position."""
    result = _load(orders, position, rules)
    words = language_of(language)
    rows = result_rows(result)
    for row, r in zip(rows, result.results, strict=True):
        del row["said"]  # the reason told: English in JSON, the language in a table
        if fmt is not Format.json and r.said is not None:
            row["reason"] = tell(r.said, words)
    nxt = position_to_json(result.next_position)
    if fmt is Format.json:
        payload = {
            "orders": rows,
            "dislodged": [
                {
                    "power": d.unit.power,
                    "unit": str(d.unit),
                    "from": d.attacker_from.upper() if d.attacker_from else None,
                }
                for d in result.dislodged
            ],
            "position": nxt,
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    cols = [
        Col("line"),
        Col("power", display=word),
        Col("parsed", "order"),
        Col("valid"),
        Col("succeeds"),
        Col("reason"),
    ]
    report = Report(tables=[Table("orders", cols, rows)])
    if result.dislodged:
        units = tuple(f"{d.unit.power} {d.unit}" for d in result.dislodged)
        report.notes.append(tell(Message.of("adjudication.dislodged", units=units), words))
    if explain:
        told: list[Message] = [
            Message.of(
                "adjudication.next",
                season=str(nxt["season"]),
                year=int(nxt["year"]),
                phase=str(nxt["phase"]),
            )
        ]
        for power in result.next_position.all_powers():
            held = tuple(nxt["units"].get(power, []))
            centres = nxt["centres"].get(power, [])
            told.append(
                Message.of(
                    "adjudication.power",
                    power=power,
                    units=held or Message.of("adjudication.no_unit"),
                    centres=len(centres),
                    list=" ".join(centres),
                )
            )
        for d in result.next_position.dislodged:
            told.append(Message.of("adjudication.to_retreat", power=d.unit.power, unit=str(d.unit)))
        report.explain.extend(tell(m, words) for m in told)
    emit(report, fmt)


@orders_app.command("check")
def orders_check(
    orders: Annotated[Path, typer.Argument(help="orders.txt: one 'Power: order' a line.")],
    position: PositionOption = None,
    rules: RulesOption = "datc",
    language: LanguageOption = None,
) -> None:
    """Parsing and validity only: one line per order (file:line: 'order': valid | invalid: why)."""
    result = _load(orders, position, rules)
    words = language_of(language)
    for r in result.results:
        if r.order is None:
            continue
        typer.echo(f"{orders}:{r.order.line}: {r.order.text!r}: {_verdict(r, words)}")


def _verdict(r: OrderResult, words: Language) -> str:
    """``valid``, or ``invalid: why`` without what the unit then does (it holds)."""
    if r.valid:
        return tell(Message.of("order.valid"), words)
    said = r.said
    if said is None:  # a ruling stored before reasons were typed: its words as they are
        return r.text
    return tell(_without_holding(said), words)


#: What an invalid order's unit then does when it only holds (left out of the verdict).
_HOLDING = ("order.then_holds", "order.then_holds_as")


def _without_holding(said: Message) -> Message:
    """``said`` with its ``then`` left empty where it only says the unit holds: the reason is
    the typed message's own parts, never its English cut at a phrase (issue 35)."""
    values = tuple(
        (name, "" if isinstance(v, Message) and v.key in _HOLDING and name == "then" else v)
        for name, v in said.values
    )
    return Message(said.key, values)


def _difference_row(check: PhaseCheck, d: Difference, words: Language) -> dict[str, Any]:
    what: Message | str = d.what
    if d.before:
        what = Message.of("replay.before", what=d.what, previous=check.number - 1)
    return {
        "phase": check.number,
        "when": tell(_when(check), words),
        "what": tell(what, words) if isinstance(what, Message) else what,
        "power": d.power or "",
        "record": " ".join(d.record),
        "adjudication": " ".join(d.other),
    }


def _when(check: PhaseCheck) -> Message:
    p = check.position
    return Message.of("replay.when", season=p.season, year=p.year, phase=p.phase)


@app.command("replay")
def replay_command(
    game: Annotated[
        Path, typer.Argument(help="game.json: the record, phase by phase (docs/adjudication.md).")
    ],
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            help="datc or wdc-2007 (default: the record's own 'rules', else datc).",
        ),
    ] = None,
    fmt: FormatOption = Format.table,
    language: LanguageOption = None,
) -> None:
    """Check a game's record: adjudicate every phase again and list each phase whose recorded
    result differs, with the orders involved and why."""
    if rules is not None:
        _check_rules(rules)
    gmap = standard_map()
    record = record_from_json(_read_json(game), gmap, str(game))
    used = rules or record.rules or "datc"
    checked = replay(record, read_orders(record, gmap, used, str(game)), gmap, used)
    words = language_of(language)
    differing = checked.differing
    summary = (
        Message.of("replay.clean", phases=len(checked.phases), rules=used)
        if not differing
        else Message.of(
            "replay.differ", phases=len(checked.phases), rules=used, differ=len(differing)
        )
    )
    if fmt is Format.json:
        payload = {
            "game": checked.name,
            "rules": used,
            "replayed": len(checked.phases),
            "clean": not differing,
            "differing": [
                {
                    "phase": c.number,
                    "when": tell(_when(c), "en"),
                    "differences": [
                        {
                            "what": d.what,
                            "power": d.power,
                            "before": d.before,
                            "record": list(d.record),
                            "adjudication": list(d.other),
                        }
                        for d in c.differences
                    ],
                    "orders": [
                        {k: v for k, v in row.items() if k != "said"}
                        for row in result_rows(replace(c.result, results=c.involved))
                    ],
                }
                for c in differing
            ],
            "summary": tell(summary, "en"),
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    differences = [_difference_row(c, d, words) for c in differing for d in c.differences]
    involved = [
        {
            "phase": c.number,
            "line": r.order.line if r.order else None,
            "power": r.power,
            "order": r.parsed,
            "valid": r.valid,
            "succeeds": r.succeeds,
            "reason": tell(r.said, words) if r.said is not None else r.reason,
        }
        for c in differing
        for r in c.involved
    ]
    tables = []
    if differences or fmt is Format.csv:
        tables.append(
            Table(
                "differences",
                [
                    Col("phase", justify="right"),
                    Col("when"),
                    Col("what"),
                    Col("power", display=word),
                    Col("record"),
                    Col("adjudication"),
                ],
                differences,
                title=Message.of("replay.differences"),
            )
        )
    if involved:
        tables.append(
            Table(
                "orders",
                [
                    Col("phase", justify="right"),
                    Col("line", justify="right"),
                    Col("power", display=word),
                    Col("order"),
                    Col("valid"),
                    Col("succeeds"),
                    Col("reason"),
                ],
                involved,
                title=Message.of("replay.orders"),
            )
        )
    emit(Report(tables=tables, notes=[tell(summary, words)], language=words), fmt)
