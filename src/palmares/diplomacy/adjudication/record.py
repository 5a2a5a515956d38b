"""A game's record: its phases one after another, each with the position it was played from,
the orders given and the position recorded after it (issue 34; docs/adjudication.md, "A game's
record"). What ``palmares diplomacy replay`` checks phase by phase.

The record is a JSON object (``game.json``)::

    {"game": "Chaos 2007",                 # optional: a name
     "rules": "wdc-2007",                  # optional: the rule set it was played under
     "phases": [
       {"position": {…position.json…},     # the first phase's; later ones may leave it out
        "orders": "France: A PAR - BUR\\n…",   # or a list of lines; "" or [] for none
        "next_position": {…position.json…}},   # the position recorded after the phase
       …]}

A phase without ``position`` is played from the ``next_position`` recorded before it. A phase
may also carry ``number`` and ``results``, which a chaos game stores with each turn
(:mod:`palmares.web.chaosgames.models`: ``position``, ``orders``, ``results``,
``next_position``): a chaos game's turns are a record as they are stored; the results are
not read (the replay rules on the orders again). Any other key is a mistake and named.

Positions are read by :func:`~palmares.diplomacy.adjudication.position.position_from_json`;
orders are kept as text, read by :func:`palmares.diplomacy.adjudication.replay.read_orders`
under the rule set the replay uses. Every problem is named by its field
(``phases[3].next_position``) and reported at once; nothing is replayed from a record that
has any.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from palmares.core.errors import InputError, Problem
from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import GameMap
from palmares.diplomacy.adjudication.parse import RULE_SETS
from palmares.diplomacy.adjudication.position import Position, position_from_json

__all__ = ["GameRecord", "RecordedPhase", "record_from_json"]

_TOP = ("game", "rules", "phases")
_PHASE = ("position", "orders", "next_position", "number", "results")


@dataclass(frozen=True, slots=True)
class RecordedPhase:
    """One phase as recorded: ``position`` (``None``: the previous phase's ``after``), the
    orders' lines (``listed``: given as a list, else as one text), the position recorded
    ``after`` it, and whether each position says which provinces a standoff left empty (a key
    of ours, ``standoffs``, that another program's record may not have)."""

    number: int
    position: Position | None
    orders: tuple[str, ...]
    listed: bool
    after: Position
    after_has_standoffs: bool
    position_has_standoffs: bool = False

    @property
    def field(self) -> str:
        """The phase's field in the file (``phases[0]`` is the first)."""
        return f"phases[{self.number - 1}]"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's record: its name and rule set if it says them, and its phases in order."""

    name: str | None
    rules: str | None
    phases: tuple[RecordedPhase, ...]


def _position(
    data: Any, gmap: GameMap, file: str, field: str, problems: list[Problem]
) -> Position | None:
    try:
        return position_from_json(data, gmap, file)
    except InputError as exc:
        for p in exc.problems:
            problems.append(Problem(file, None, field, p.message, p.said))
        return None


def _keys(
    item: dict[str, Any], allowed: tuple[str, ...], field: str | None, file: str
) -> list[Problem]:
    return [
        Problem.of(file, None, field, Message.of("record.unknown_key", key=repr(k), keys=allowed))
        for k in item
        if k not in allowed
    ]


def record_from_json(data: Any, gmap: GameMap, file: str = "game.json") -> GameRecord:
    """The record from its parsed JSON; every problem at once, by field (an
    :class:`InputError`)."""
    if not isinstance(data, dict):
        raise InputError.at(file, None, None, Message.of("record.object"))
    problems = _keys(data, _TOP, None, file)
    name = data.get("game")
    if name is not None and not isinstance(name, str):
        problems.append(Problem.of(file, None, "game", Message.of("record.text")))
    rules = data.get("rules")
    if rules is not None and rules not in RULE_SETS:
        problems.append(
            Problem.of(
                file,
                None,
                "rules",
                Message.of("option.one_of", options=tuple(RULE_SETS), got=repr(rules)),
            )
        )
    raw = data.get("phases")
    if not isinstance(raw, list) or not raw:
        problems.append(Problem.of(file, None, "phases", Message.of("record.phases")))
        raise InputError(problems)
    phases: list[RecordedPhase] = []
    for i, item in enumerate(raw):
        field = f"phases[{i}]"
        if not isinstance(item, dict):
            problems.append(Problem.of(file, None, field, Message.of("record.phase_object")))
            continue
        problems.extend(_keys(item, _PHASE, field, file))
        position: Position | None = None
        if "position" in item:
            position = _position(item["position"], gmap, file, f"{field}.position", problems)
        elif i == 0:
            problems.append(Problem.of(file, None, field, Message.of("record.first_position")))
        orders = item.get("orders", None)
        lines: tuple[str, ...] = ()
        listed = isinstance(orders, list)
        if isinstance(orders, str):
            lines = tuple(orders.splitlines())
        elif isinstance(orders, list) and all(isinstance(x, str) for x in orders):
            lines = tuple(orders)
        elif "orders" not in item:
            problems.append(
                Problem.of(file, None, field, Message.of("record.missing", key="'orders'"))
            )
        else:
            problems.append(Problem.of(file, None, f"{field}.orders", Message.of("record.orders")))
        if "next_position" not in item:
            problems.append(
                Problem.of(file, None, field, Message.of("record.missing", key="'next_position'"))
            )
            continue
        after = _position(item["next_position"], gmap, file, f"{field}.next_position", problems)
        if after is None:
            continue
        has_standoffs = isinstance(item["next_position"], dict) and (
            "standoffs" in item["next_position"]
        )
        before = item.get("position")
        phases.append(
            RecordedPhase(
                i + 1,
                position,
                lines,
                listed,
                after,
                has_standoffs,
                isinstance(before, dict) and "standoffs" in before,
            )
        )
    if problems:
        raise InputError(problems)
    return GameRecord(name, rules, tuple(phases))
