"""The stored Wizard ledgers: every master-point award of every player with the running balance
and the lifetime levels (``wizard.ledger.ledger``), written when the games or tournaments change
and read by the ledger pages without a replay (issue 15).

A *unit* is what pays awards: a calendar month of regular games (``month:2019-12``), a Wizard
Junior session (``junior:2016-01``) or a tournament with its TRIAD (``event:<id>``). A unit's
awards depend on that unit alone (seed 004: a month's points "start again at zero" the next
month; a Junior session is its own two months; a tournament is scored from its own places and
TRIAD), so an import recomputes only the units it wrote (:func:`replay`). Each player whose
awards changed then has the tail of their ledger, from the earliest day the change touches,
rewritten from the balance before it; every other row stays as it is. The result is, entry for
entry, the ledger the engine computes from the whole history (tests/web/test_wizard_ledgers.py).

Ledger order (``wizard.ledger``): by day, source, the kind's order; equal keys keep the engine's
order (months, then Junior sessions, then tournaments by date and id; inside a unit, its
awards' order). Writes run after the import's commit, in a transaction of their own that holds
the ``wizard-ledger`` lock (:func:`refresh`, :func:`rebuild`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from typing import Any, cast

from django.db import transaction
from django.db.models import CharField, Count, Q
from django.db.models.functions import Cast

from palmares.web.events.models import Event
from palmares.web.lib.concurrency import hold
from palmares.web.lib.generations import cached_read
from palmares.web.wizarddb import adapters
from palmares.web.wizarddb.codec import decode, encode
from palmares.web.wizarddb.models import Game, LedgerRow, LedgerState, Placement, TournamentPlace
from palmares.wizard.junior import junior_table, session_of
from palmares.wizard.ledger import Ledger, LedgerEntry
from palmares.wizard.master_points import KIND_ORDER, Award, AwardKind
from palmares.wizard.month import month_period, month_table
from palmares.wizard.rules import RULES, Level
from palmares.wizard.tournament import tournament_result

__all__ = [
    "LOCK",
    "all_units",
    "event_unit",
    "junior_unit",
    "month_unit",
    "player_ledger",
    "rebuild",
    "refresh",
    "replay",
    "stored",
    "stored_ledger",
]

#: The lock of the ledgers' writes (``lib.concurrency.hold``).
LOCK = "wizard-ledger"
CHUNK = 400
#: The ladder of the latest rule set, applied to the whole history (``wizard.ledger``).
LADDER: tuple[Level, ...] = tuple(
    sorted(RULES.at(date.max).levels, key=lambda lv: lv.master_points)
)
_BY_NAME = {lv.name: lv for lv in LADDER}
_GROUP = {"month": 0, "junior": 1, "event": 2}


def month_unit(day: date) -> str:
    """The unit of the month holding ``day``."""
    return f"month:{day.year:04d}-{day.month:02d}"


def junior_unit(day: date) -> str:
    """The unit of the Junior session holding ``day``."""
    first = session_of(day).first
    return f"junior:{first.year:04d}-{first.month:02d}"


def event_unit(pk: int) -> str:
    return f"event:{pk}"


def all_units() -> list[str]:
    """Every unit of the stored history."""
    regular = Game.objects.filter(division=Game.Division.REGULAR).values_list("date", flat=True)
    junior = Game.objects.filter(division=Game.Division.JUNIOR).values_list("date", flat=True)
    events = TournamentPlace.objects.values_list("event_id", flat=True).distinct()
    return sorted(
        {month_unit(d) for d in regular.distinct()}
        | {junior_unit(d) for d in junior.distinct()}
        | {event_unit(pk) for pk in events}
    )


def _first(label: str) -> date:
    year, month = label.split("-")
    return date(int(year), int(month), 1)


def _awards(unit: str) -> tuple[Award, ...]:
    """The awards ``unit`` pays, from its stored games or places (empty once it has none)."""
    kind, _, key = unit.partition(":")
    if kind == "month":
        first = _first(key)
        period = month_period(first.year, first.month)
        played = adapters.games(first, period.last + timedelta(days=1))
        return month_table(played, period).awards if played else ()
    if kind == "junior":
        session = session_of(_first(key))
        played = adapters.games(
            session.first, session.last + timedelta(days=1), division=Game.Division.JUNIOR
        )
        if not played:
            return ()
        table = junior_table(played, session)
        return tuple(
            Award(a.player, a.day, f"Junior {a.source}", a.kind, a.points, a.reason)
            for a in table.awards
        )
    event = Event.objects.filter(pk=int(key), kind=Event.Kind.WIZARD).first()
    if event is None or not event.wizard_places.exists():
        return ()
    return tournament_result(adapters._tournament(event), triad=adapters.triad(event)).awards


def replay(units: Sequence[str]) -> dict[str, tuple[Award, ...]]:
    """The engine's awards of each of ``units`` (the only call to the engine: a spy on it
    counts the units an update recomputes). The months are read together, as columns
    (:func:`_month_awards`)."""
    months = _month_awards([u for u in units if u.startswith("month:")])
    return {unit: months[unit] if unit in months else _awards(unit) for unit in units}


def _month_awards(units: Sequence[str]) -> dict[str, tuple[Award, ...]]:
    """The awards of the month units ``units`` from their stored games, read in one query as
    columns and tallied at once (issue 33: ``wizard.tallies``; the tables of the players who
    may be paid pay the same awards): every month of the online league's history in seconds,
    where a table per month from the games as values took minutes."""
    if not units:
        return {}
    from palmares.io.wizard_columnar import GameColumns  # numpy: only for a replay of months

    firsts = sorted(_first(u.partition(":")[2]) for u in units)
    last = month_period(firsts[-1].year, firsts[-1].month).last
    rows = (
        Placement.objects.filter(
            game__division=Game.Division.REGULAR,
            game__date__gte=firsts[0],
            game__date__lte=last,
        )
        .order_by("game_id")
        .annotate(day=Cast("game__date", CharField()))  # the text: no conversion per row
        .values_list("game_id", "game__code", "day", "player__name", "score", "place")
        .iterator(chunk_size=20_000)
    )
    out: dict[str, tuple[Award, ...]] = dict.fromkeys(units, ())
    games, _ = GameColumns.of_rows(rows)
    if not len(games):
        return out
    for table in games.month_tables(paid=True):
        unit = month_unit(table.period.first)
        if unit in out:
            out[unit] = table.awards
    return out


@dataclass(frozen=True, slots=True)
class _Line:
    """An award as stored, before its place and balance are known."""

    player: str
    origin: str
    idx: int
    day: date
    source: str
    kind: str
    points: Fraction
    reason: Any

    def key(self) -> tuple[date, str, int, int, int, int]:
        group, _, key = self.origin.partition(":")
        number = int(key) if group == "event" else 0
        return (self.day, self.source, KIND_ORDER[self.kind], _GROUP[group], number, self.idx)


def _lines(unit: str, awards: Iterable[Award]) -> list[_Line]:
    return [
        _Line(a.player, unit, i, a.day, a.source, a.kind, a.points, encode(a.reason))
        for i, a in enumerate(awards)
    ]


def _chunks(items: Sequence[str]) -> Iterable[Sequence[str]]:
    for i in range(0, len(items), CHUNK):
        yield items[i : i + CHUNK]


def _rewrite(players: set[str], start: date, units: set[str], fresh: list[_Line]) -> int:
    """Rewrite the rows of ``players`` from ``start`` on: their rows of other units kept, those
    of ``units`` replaced by ``fresh``, balances and levels carried on from the row before."""
    names = sorted(players)
    kept: list[_Line] = []
    prior: dict[str, tuple[int, Fraction]] = {}
    for chunk in _chunks(names):
        for row in LedgerRow.objects.filter(player__in=chunk, day__gte=start).exclude(
            origin__in=units
        ):
            kept.append(
                _Line(
                    row.player,
                    row.origin,
                    row.idx,
                    row.day,
                    row.source,
                    row.kind,
                    Fraction(row.points),
                    row.reason,
                )
            )
        counts = dict(
            LedgerRow.objects.filter(player__in=chunk, day__lt=start)
            .values("player")
            .annotate(n=Count("id"))
            .values_list("player", "n")
        )
        if counts:
            last = Q()
            for player, n in counts.items():
                last |= Q(player=player, seq=n - 1)
            for player, seq, carried in LedgerRow.objects.filter(last).values_list(
                "player", "seq", "balance"
            ):
                prior[player] = (seq + 1, Fraction(carried))
        LedgerRow.objects.filter(player__in=chunk, day__gte=start).delete()
    by_player: dict[str, list[_Line]] = defaultdict(list)
    for line in kept + fresh:
        by_player[line.player].append(line)
    rows: list[LedgerRow] = []
    for player, lines in by_player.items():
        seq, balance = prior.get(player, (0, Fraction(0)))
        for line in sorted(lines, key=_Line.key):
            before, balance = balance, balance + line.points
            reached = [lv.name for lv in LADDER if before < lv.master_points <= balance]
            rows.append(
                LedgerRow(
                    player=player,
                    seq=seq,
                    origin=line.origin,
                    idx=line.idx,
                    day=line.day,
                    source=line.source,
                    kind=line.kind,
                    points=str(line.points),
                    reason=line.reason,
                    balance=str(balance),
                    levels=reached,
                )
            )
            seq += 1
    LedgerRow.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


def _update(units: Sequence[str]) -> int:
    fresh = [line for unit, awards in replay(units).items() for line in _lines(unit, awards)]
    wanted = set(units)
    old: list[tuple[str, date]] = []
    for chunk in _chunks(sorted(wanted)):
        old.extend(LedgerRow.objects.filter(origin__in=chunk).values_list("player", "day"))
    players = {p for p, _ in old} | {line.player for line in fresh}
    if not players:
        return 0
    start = min([d for _, d in old] + [line.day for line in fresh])
    return _rewrite(players, start, wanted, fresh)


def refresh(units: Iterable[str]) -> int:
    """Recompute ``units`` (those an import wrote) and rewrite the ledgers they change; return
    the rows written. Until the first :func:`rebuild` it rebuilds (the stored ledgers must
    cover the whole history before the pages read them). Call after the import commits."""
    wanted = sorted(set(units))
    with transaction.atomic():
        hold(LOCK)
        if not LedgerState.objects.exists():
            return _rebuild()
        return _update(wanted) if wanted else 0


def rebuild() -> int:
    """Every ledger recomputed from nothing: the full replay, and the stored ledgers' start."""
    with transaction.atomic():
        hold(LOCK)
        return _rebuild()


def _rebuild() -> int:
    LedgerRow.objects.all().delete()
    written = _update(all_units())
    LedgerState.objects.all().delete()
    LedgerState.objects.create()
    return written


def stored() -> bool:
    """Whether the stored ledgers cover the history (else the pages replay it)."""
    return LedgerState.objects.exists()


def stored_ledger(player: str) -> Ledger:
    """``player``'s ledger as stored (equal to ``wizard.ledger.ledger`` over the whole
    history)."""
    entries = tuple(
        LedgerEntry(
            Award(
                player,
                r.day,
                r.source,
                cast(AwardKind, r.kind),
                Fraction(r.points),
                decode(r.reason),
            ),
            Fraction(r.balance),
            tuple(_BY_NAME[name] for name in r.levels),
        )
        for r in LedgerRow.objects.filter(player=player).order_by("seq")
    )
    return Ledger(player, entries, LADDER)


def player_ledger(name: str) -> Ledger:
    """The player's ledger (``wizard.ledger.ledger``): months, tournaments, Junior sessions,
    read as stored (:func:`stored_ledger`, written after each import); on a database whose
    ledgers were never built, replayed (``adapters.replayed_ledger``, cached per data
    generation). Here rather than in ``adapters``, whose readers this module uses: no circle."""
    if stored():
        return stored_ledger(name)
    return cached_read(
        adapters.SCOPES, ("wizard-ledger", name), lambda: adapters.replayed_ledger(name)
    )
