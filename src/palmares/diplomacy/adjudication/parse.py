"""Reading ``orders.txt``: one order a line, ``Power: order`` (issue 17, "Formats").

Accepted, case-insensitively: ``-``, ``->``, ``to``, ``moves to``; ``S``/``supports``,
``C``/``convoys`` (the convoyed army's ``A`` may be left out), ``H``/``holds``, ``via convoy``;
``R``/``retreats``, ``disband``, ``build``, ``remove``, ``waive``; coasts as ``(sc)``, ``/sc``,
``sc`` or ``south coast``; ``#`` comments. Provinces by full name, three-letter abbreviation or
a common alias (``data/standard_provinces.csv``); under the rule set ``wdc-2007`` also by other
"obvious abbreviations … as long as the complete order can have only one reasonable meaning"
(seed 002, "Order Writing and Format"): a word that begins the name of exactly one province.
A word that could begin several names makes the order invalid ("Any order that can have
multiple, reasonable meanings is considered invalid").

A line that is not ``Power: order`` is a file error (file:line); an order that names an unknown
place or cannot be read is kept, with its ``problem``: it is invalid and the unit holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from palmares.core.errors import InputError, Problem
from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import STANDARD_POWERS, GameMap
from palmares.diplomacy.adjudication.orders import Order, OrderKind, UnitType

__all__ = ["RULE_SETS", "names_table", "parse_orders", "resolve_power"]

#: The rule sets: the DATC's preferred options, and seed 002's order rules.
RULE_SETS = ("datc", "wdc-2007")

_COASTS = {"nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc"}
_MOVE = {"-", "to", "moves", "move", "m"}
_SUPPORT = {"s", "support", "supports"}
_CONVOY = {"c", "convoy", "convoys"}
_HOLD = {"h", "hold", "holds", "stand", "stands"}
_RETREAT = {"r", "retreat", "retreats"}
_DISBAND = {"d", "disband", "disbands"}
_TYPES = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}


_CODES = {code.lower(): name for name, code in STANDARD_POWERS.items()}
_COAST_WORDS = re.compile(r"(north|south|east|west)\s+coast")
_PUNCTUATION = re.compile(r"[()/,.]")


class _Unreadable(Exception):
    """Why an order cannot be read (a typed message, told by the explanation layer)."""

    def __init__(self, said: Message) -> None:
        super().__init__(said.key)
        self.said = said


@dataclass(frozen=True, slots=True)
class _Names:
    exact: Mapping[tuple[str, ...], str]
    words: Mapping[str, frozenset[str]]


_TABLES: dict[int, _Names] = {}


def _clean(text: str) -> str:
    text = text.lower().replace("mid-atlantic", "mid atlantic").replace("->", " - ")
    text = _COAST_WORDS.sub(lambda m: m.group(1)[0] + "c", text)
    text = _PUNCTUATION.sub(" ", text)
    return text.replace("-", " - ")


def names_table(gmap: GameMap) -> _Names:
    """Every accepted spelling of every province (as word tuples), and the words that begin
    only one province's names (for the obvious abbreviations of ``wdc-2007``)."""
    key = id(gmap)
    if key in _TABLES:
        return _TABLES[key]
    exact: dict[tuple[str, ...], set[str]] = {}
    for p in gmap.provinces.values():
        for spelling in (p.abbr, p.name.lower(), *p.aliases):
            exact.setdefault(tuple(_clean(spelling).split()), set()).add(p.abbr)
    prefixes: dict[str, set[str]] = {}
    for p in gmap.provinces.values():
        for spelling in (p.name.lower(), *p.aliases):
            joined = "".join(_clean(spelling).split())
            for n in range(3, len(joined) + 1):
                prefixes.setdefault(joined[:n], set()).add(p.abbr)
    table = _Names(
        exact={k: next(iter(v)) for k, v in exact.items() if len(v) == 1},
        words={k: frozenset(v) for k, v in prefixes.items()},
    )
    _TABLES[key] = table
    return table


def resolve_power(written: str, powers: Sequence[str] | None) -> str | None:
    """A power by name or usual three-letter code; any name when the game's powers are not
    known (the DATC convention: the orders say who plays)."""
    w = written.strip()
    codes = _CODES
    if powers is None:
        if w.lower() in codes:
            return codes[w.lower()]
        for name in STANDARD_POWERS:
            if name.lower() == w.lower():
                return name
        return w
    for name in powers:
        if name.lower() == w.lower():
            return name
    if w.lower() in codes and codes[w.lower()] in powers:
        return codes[w.lower()]
    return None


class _Reader:
    def __init__(self, tokens: list[str], names: _Names, lenient: bool) -> None:
        self.t = tokens
        self.i = 0
        self.names = names
        self.lenient = lenient

    def peek(self) -> str | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, options: set[str]) -> str | None:
        tok = self.peek()
        if tok is not None and tok in options:
            self.i += 1
            return tok
        return None

    def unit_type(self) -> UnitType | None:
        tok = self.peek()
        if tok in _TYPES:
            # "a" followed by nothing readable is not a type (no province is called "a").
            self.i += 1
            return _TYPES[tok]
        return None

    def place(self) -> str:
        """A province (longest spelling first) and an optional coast."""
        for n in range(min(5, len(self.t) - self.i), 0, -1):
            words = tuple(self.t[self.i : self.i + n])
            if words in self.names.exact:
                self.i += n
                return self._coast(self.names.exact[words])
        tok = self.peek()
        if tok is None:
            raise _Unreadable(Message.of("order.no_province"))
        if self.lenient and tok in self.names.words:
            candidates = self.names.words[tok]
            if len(candidates) == 1:
                self.i += 1
                return self._coast(next(iter(candidates)))
            several = ", ".join(sorted(candidates)).upper()
            raise _Unreadable(Message.of("order.ambiguous", token=tok, provinces=several))
        raise _Unreadable(Message.of("order.unknown_province", token=tok))

    def _coast(self, province: str) -> str:
        tok = self.peek()
        if tok in _COASTS:
            self.i += 1
            return f"{province}/{_COASTS[tok]}"
        return province

    def arrow(self) -> bool:
        if self.take(_MOVE) is None:
            return False
        self.take({"to"})
        return True

    def end(self) -> None:
        if self.peek() is not None:
            raise _Unreadable(Message.of("order.unreadable", rest=" ".join(self.t[self.i :])))


def _read_order(line: int, text: str, power: str, body: str, names: _Names, lenient: bool) -> Order:
    tokens = _clean(body).split()
    r = _Reader(tokens, names, lenient)

    def make(kind: OrderKind, **fields: Any) -> Order:
        return Order(line=line, text=text, power=power, kind=kind, **fields)

    first = r.peek()
    try:
        if first == "waive" or tokens in (["build", "waive"], ["waive", "build"]):
            return make(OrderKind.WAIVE)
        if first in ("build", "b", "remove", "disband"):
            r.i += 1
            kind = {
                "build": OrderKind.BUILD,
                "b": OrderKind.BUILD,
                "remove": OrderKind.REMOVE,
                "disband": OrderKind.DISBAND,
            }[first]
            ut = r.unit_type()
            loc = r.place()
            r.end()
            return make(kind, unit_type=ut, location=loc)
        ut = r.unit_type()
        loc = r.place()
        common: dict[str, Any] = {"unit_type": ut, "location": loc}
        tok = r.peek()
        if tok is None or r.take(_HOLD):
            r.end()
            return make(OrderKind.HOLD, **common)
        if r.take({"build", "remove"}):
            r.end()
            kind = OrderKind.BUILD if tok == "build" else OrderKind.REMOVE
            return make(kind, **common)
        if r.take(_DISBAND):
            r.end()
            return make(OrderKind.DISBAND, **common)
        if r.take(_RETREAT):
            r.arrow()
            target = r.place()
            r.end()
            return make(OrderKind.RETREAT, target=target, **common)
        if r.arrow():
            target = r.place()
            via = False
            if r.take({"via", "by"}):
                if r.take({"convoy", "c"}) is None:
                    raise _Unreadable(Message.of("order.via_convoy"))
                via = True
            r.end()
            return make(OrderKind.MOVE, target=target, via_convoy=via, **common)
        kind_word = r.take(_SUPPORT | _CONVOY)
        if kind_word is None:
            raise _Unreadable(Message.of("order.unreadable", rest=" ".join(tokens[r.i :])))
        kind = OrderKind.SUPPORT if kind_word in _SUPPORT else OrderKind.CONVOY
        st = r.unit_type()
        subject = r.place()
        supported_to: str | None = None
        if r.arrow():
            supported_to = r.place()
        else:
            r.take(_HOLD)
        r.end()
        if kind is OrderKind.CONVOY and supported_to is None:
            raise _Unreadable(Message.of("order.convoy_destination"))
        return make(kind, subject=subject, subject_type=st, target=supported_to, **common)
    except _Unreadable as exc:
        return make(OrderKind.HOLD, location=None, problem=exc.said)


def parse_orders(
    text: str,
    gmap: GameMap,
    *,
    rules: str = "datc",
    file: str = "orders.txt",
    powers: Sequence[str] | None = None,
) -> tuple[Order, ...]:
    """Every order of an ``orders.txt``; raises :class:`InputError` (every bad line, file:line)
    for a line that is not ``Power: order`` or names an unknown power."""
    if rules not in RULE_SETS:
        raise InputError.at(file, None, "--rules", Message.of("order.rule_set", got=repr(rules)))
    names = names_table(gmap)
    lenient = rules == "wdc-2007"
    problems: list[Problem] = []
    orders: list[Order] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        if ":" not in content:
            said = Message.of("orders.power_order", got=repr(content))
            problems.append(Problem.of(file, n, None, said))
            continue
        written_power, body = (part.strip() for part in content.split(":", 1))
        power = resolve_power(written_power, powers)
        if power is None or not written_power:
            said = Message.of("orders.unknown_power", power=repr(written_power))
            problems.append(Problem.of(file, n, None, said))
            continue
        if not body:
            problems.append(Problem.of(file, n, None, Message.of("orders.empty")))
            continue
        orders.append(_read_order(n, body, power, body, names, lenient))
    if problems:
        raise InputError(problems)
    return tuple(orders)
