"""A game's record checked phase by phase (issue 34; DESIGN.md: ``palmares diplomacy replay
GAME``): each phase is adjudicated again, from the position it was recorded as played from, with
its recorded orders, under a rule set; the position the adjudication gives is compared with the
position recorded after the phase. A TD's ruling desk uses it on a disputed game's history
(seed 002, "Adjudication": "Any player has the right to request a ruling by the tournament
director if he or she feels that a mistake has been made in adjudication").

Each phase is judged on its own record: a phase that differs does not carry its error into the
next, which is played from the position recorded after it, as the game went on. Where a phase
gives its own ``position`` and it is not the one recorded after the phase before, the record
contradicts itself; that is listed too (``before``).

A difference names what differs (the phase reached, a power's units, dislodged units with the
province their attacker came from, centres, homes, the provinces left empty by a standoff, the
house rule ``build_anywhere``), what only the record has and what only the adjudication has,
and the orders involved: those of the units in the provinces concerned, or moving, supporting
or convoying into them, each with its ruling and reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from palmares.core.errors import InputError, Problem
from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import GameMap, province_of
from palmares.diplomacy.adjudication.orders import Order
from palmares.diplomacy.adjudication.outcome import OrderResult, PhaseResult
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.adjudication.phases import adjudicate
from palmares.diplomacy.adjudication.position import Position
from palmares.diplomacy.adjudication.record import GameRecord, RecordedPhase

__all__ = ["Difference", "PhaseCheck", "Replay", "compare", "read_orders", "replay"]


@dataclass(frozen=True, slots=True)
class Difference:
    """``what`` differs (``phase``, ``units``, ``dislodged``, ``centres``, ``homes``,
    ``standoffs``, ``build_anywhere``) for ``power`` (``None``: the whole position): what only
    the record has and what only the adjudication has. ``before``: the position recorded before
    the phase against the one recorded after the phase before (``other`` is then that one), not
    against the adjudication. ``provinces``: the provinces concerned (which orders are
    involved)."""

    what: str
    power: str | None
    record: tuple[str, ...]
    other: tuple[str, ...]
    before: bool = False
    provinces: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class PhaseCheck:
    """One phase replayed: its number in the record, the position it was played from, the
    adjudication, the differences from the record and the orders involved in them."""

    number: int
    position: Position
    result: PhaseResult
    differences: tuple[Difference, ...]
    involved: tuple[OrderResult, ...]

    @property
    def clean(self) -> bool:
        return not self.differences


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole record replayed under ``rules``."""

    name: str | None
    rules: str
    phases: tuple[PhaseCheck, ...]

    @property
    def differing(self) -> tuple[PhaseCheck, ...]:
        return tuple(p for p in self.phases if not p.clean)


def _start(phase: RecordedPhase, before: RecordedPhase | None) -> Position:
    if phase.position is not None:
        return phase.position
    assert before is not None  # the record requires the first phase's position
    return before.after


def read_orders(
    record: GameRecord, gmap: GameMap, rules: str, file: str = "game.json"
) -> tuple[tuple[Order, ...], ...]:
    """Every phase's orders read under ``rules`` with the powers of the position the phase is
    played from; every problem of every phase at once, by field (``phases[2].orders[1]``, or
    ``phases[2].orders, line 2`` for orders given as one text)."""
    out: list[tuple[Order, ...]] = []
    problems: list[Problem] = []
    before: RecordedPhase | None = None
    for phase in record.phases:
        powers = _start(phase, before).all_powers()
        try:
            out.append(
                parse_orders("\n".join(phase.orders), gmap, rules=rules, file=file, powers=powers)
            )
        except InputError as exc:
            for p in exc.problems:
                line = p.line or 0
                field = (
                    f"{phase.field}.orders[{line - 1}]"
                    if phase.listed
                    else f"{phase.field}.orders, line {line}"
                )
                problems.append(Problem(file, None, field, p.message, p.said))
            out.append(())
        before = phase
    if problems:
        raise InputError(problems)
    return tuple(out)


def _when(p: Position) -> str:
    return f"{p.season} {p.year}, {p.phase}"


def _sets(
    what: str,
    power: str | None,
    record: Iterable[tuple[str, str]],
    other: Iterable[tuple[str, str]],
    before: bool,
) -> list[Difference]:
    """The difference of two sets of (text, province) items, if any."""
    a, b = dict(record), dict(other)
    only_record = tuple(sorted(set(a) - set(b)))
    only_other = tuple(sorted(set(b) - set(a)))
    if not only_record and not only_other:
        return []
    provinces = frozenset(a[x] for x in only_record) | frozenset(b[x] for x in only_other)
    return [Difference(what, power, only_record, only_other, before, provinces)]


def compare(
    record: Position, other: Position, *, standoffs: bool = True, before: bool = False
) -> tuple[Difference, ...]:
    """How ``record`` differs from ``other``, power by power (standoffs only if asked)."""
    out: list[Difference] = []
    if (record.year, record.season, record.phase) != (other.year, other.season, other.phase):
        out.append(Difference("phase", None, (_when(record),), (_when(other),), before))
    powers = dict.fromkeys((*record.all_powers(), *other.all_powers()))
    for power in powers:
        out += _sets(
            "units",
            power,
            ((str(u), province_of(u.location)) for u in record.units if u.power == power),
            ((str(u), province_of(u.location)) for u in other.units if u.power == power),
            before,
        )
    for power in powers:

        def dislodged(p: Position, power: str = power) -> list[tuple[str, str]]:
            return [
                (
                    f"{d.unit} ({d.attacker_from.upper()})" if d.attacker_from else str(d.unit),
                    province_of(d.unit.location),
                )
                for d in p.dislodged
                if d.unit.power == power
            ]

        out += _sets("dislodged", power, dislodged(record), dislodged(other), before)
    for power in powers if not out or out[0].what != "phase" else ():
        # centres change hands after the fall's retreats: compared only in the same phase
        out += _sets(
            "centres",
            power,
            ((c.upper(), c) for c in record.centres.get(power, ())),
            ((c.upper(), c) for c in other.centres.get(power, ())),
            before,
        )
    for power in powers:
        out += _sets(
            "homes",
            power,
            ((h.upper(), h) for h in record.homes.get(power, ())),
            ((h.upper(), h) for h in other.homes.get(power, ())),
            before,
        )
    if standoffs:
        out += _sets(
            "standoffs",
            None,
            ((s.upper(), s) for s in record.standoffs),
            ((s.upper(), s) for s in other.standoffs),
            before,
        )
    if record.build_anywhere != other.build_anywhere:
        out.append(
            Difference(
                "build_anywhere",
                None,
                (str(record.build_anywhere).lower(),),
                (str(other.build_anywhere).lower(),),
                before,
            )
        )
    return tuple(out)


_UNIT = re.compile(r"^[AF] ([A-Z]{3})")


def _named(m: Message | str | tuple[Message | str, ...]) -> set[str]:
    """The provinces of the units a ruling's reason names (``cut by A PIE``)."""
    if isinstance(m, str):
        found = _UNIT.match(m)
        return {found.group(1).lower()} if found else set()
    if isinstance(m, tuple):
        return set().union(*(_named(x) for x in m))
    return set().union(*(_named(v) for _, v in m.values if isinstance(v, Message | str | tuple)))


def _involved(result: PhaseResult, provinces: frozenset[str]) -> tuple[OrderResult, ...]:
    """The rulings of the orders that concern ``provinces`` — the units there and the orders
    that move, support or convoy into them — and of the units their reasons name (the unit
    that cut a support, bounced a move, dislodged a unit)."""

    def own(r: OrderResult) -> str | None:
        at = r.order.location if r.order is not None else None
        at = at or (r.unit.location if r.unit is not None else None)
        return province_of(at) if at else None

    def places(r: OrderResult) -> set[str]:
        at = (own(r), *((r.order.target, r.order.subject) if r.order is not None else ()))
        return {province_of(p) for p in at if p is not None}

    concerned = [r for r in result.results if places(r) & provinces]
    named = set().union(*(_named(r.said) for r in concerned if r.said is not None))
    return tuple(r for r in result.results if places(r) & provinces or own(r) in named)


def replay(
    record: GameRecord, orders: tuple[tuple[Order, ...], ...], gmap: GameMap, rules: str
) -> Replay:
    """Adjudicate every phase of ``record`` with its ``orders`` (:func:`read_orders`) under
    ``rules`` and compare each with the position recorded after it."""
    checks: list[PhaseCheck] = []
    before: RecordedPhase | None = None
    last: PhaseResult | None = None
    for phase, phase_orders in zip(record.phases, orders, strict=True):
        start = _start(phase, before)
        differences: list[Difference] = []
        if phase.position is not None and before is not None:
            differences += compare(phase.position, before.after, standoffs=False, before=True)
        known = (
            phase.position_has_standoffs
            if phase.position is not None
            else (before is not None and before.after_has_standoffs)
        )
        if not known and start.phase == "retreat" and last is not None:
            # the record does not say which provinces a bounce left empty: the adjudication does
            start = replace(start, standoffs=last.next_position.standoffs)
        result = adjudicate(start, phase_orders, gmap, rules)
        differences += compare(
            phase.after, result.next_position, standoffs=phase.after_has_standoffs
        )
        provinces = frozenset().union(*(d.provinces for d in differences))
        checks.append(
            PhaseCheck(
                phase.number,
                start,
                result,
                tuple(differences),
                _involved(result, provinces) if differences else (),
            )
        )
        before, last = phase, result
    return Replay(record.name, rules, tuple(checks))
