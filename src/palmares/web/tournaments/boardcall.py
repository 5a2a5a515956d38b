"""The board call of every round, round 1 included (issue 12, step 4; seed 002, "Board
Assignments"): the seeding engine seats the roll call with the tournament's history, teams and
keep-apart pairs and reports its quality and lower bound. The TD may swap two players or two
powers (the report is recomputed; a broken hard constraint is refused), publish the call
(players see it) and lock it."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.board import GREAT_POWERS, parse_power
from palmares.diplomacy.seeding import board_call
from palmares.diplomacy.seeding.lower_bound import LowerBound, lower_bound
from palmares.diplomacy.seeding.objective import Quality, evaluate
from palmares.diplomacy.seeding.problem import prepare
from palmares.diplomacy.seeding.report import quality_rows
from palmares.web.audit.log import record
from palmares.web.lib.words import said
from palmares.web.players.models import Player
from palmares.web.tournaments.adapters import BOARD_CALL_MOVES
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import CalledSeat, Round, Tournament
from palmares.web.tournaments.problem import present, round_problem
from palmares.web.tournaments.registration import entry_of, require_director
from palmares.web.tournaments.rollcall import get_round
from palmares.web.tournaments.topboard import top_board_seven

__all__ = [
    "Call",
    "call_csv",
    "get_call",
    "lock_call",
    "make_call",
    "publish_call",
    "swap_players",
    "swap_powers",
]

#: The most a board call's search may take; it stops earlier at :data:`BOARD_CALL_MOVES`.
TIME_LIMIT = 30.0
MAX_SEED = 2**31 - 1


@dataclass(frozen=True, slots=True)
class Call:
    """A round's call: ``boards`` maps a label to its seats (power → player, in the order of
    the powers); ``report`` is the quality report; ``published``/``locked`` its state."""

    round: int
    boards: dict[str, dict[str, str]]
    report: dict[str, Any]
    published: bool
    locked: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "boards": [{"label": k, "seats": v} for k, v in self.boards.items()],
            "report": told(self.report),
            "published": self.published,
            "locked": self.locked,
        }

    def by_player(self) -> list[tuple[str, str, str]]:
        """(player, board, power), alphabetical: what a player looks for."""
        rows = [(p, label, power) for label, s in self.boards.items() for power, p in s.items()]
        return sorted(rows, key=lambda r: (r[0].casefold(), r[0], r[1]))


def told(report: dict[str, Any]) -> dict[str, Any]:
    """A stored report with its notes and measures in words, in the request's language."""
    out = dict(report)
    if "notes" in out:
        out["notes"] = [said(n) for n in out["notes"]]
    if "bound_explain" in out:
        out["bound_explain"] = [said(m) for m in out["bound_explain"]]
    if "rows" in out:
        out["rows"] = [[said(m), v] for m, v in out["rows"]]
    return out


def _label_order(label: str) -> tuple[int, str]:
    return (int(label), label) if label.isdigit() else (10**6, label)


def _seats(rnd: Round) -> dict[str, dict[str, str]]:
    boards: dict[str, dict[str, str]] = {}
    rows = CalledSeat.objects.filter(round=rnd).select_related("player")
    by_label: dict[str, dict[str, str]] = {}
    for c in rows:
        by_label.setdefault(c.label, {})[parse_power(c.power)] = c.player.name
    for label in sorted(by_label, key=_label_order):
        seats = by_label[label]
        boards[label] = {p: seats[p] for p in GREAT_POWERS if p in seats}
    return boards


def get_call(t: Tournament, number: int) -> Call | None:
    """The stored call of round ``number`` (``None`` if not made)."""
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None or not CalledSeat.objects.filter(round=rnd).exists():
        return None
    return Call(number, _seats(rnd), rnd.call_report, rnd.published, rnd.locked)


def _report(
    quality: Quality,
    bound: LowerBound,
    notes: Sequence[Message],
    sitters: Sequence[str],
    two_boarders: Sequence[str],
    seed: int | None,
) -> dict[str, Any]:
    return {
        "objective": quality.objective,
        "lower_bound": bound.value,
        "gap": quality.objective - bound.value,
        "worst_pair": quality.worst_pair,
        "repeated_pairs": [
            {"board": p.board, "player_a": p.a, "player_b": p.b, "times": p.times}
            for p in quality.repeated_pairs
        ],
        "power_repeats": [
            {"board": r.board, "player": r.player, "power": r.power, "times": r.times}
            for r in quality.power_repeats
        ],
        "sitters": list(sitters),
        "two_boarders": list(two_boarders),
        "notes": [n.to_json() for n in notes],
        "bound_explain": [m.to_json() for m in bound.explain],
        "seed": seed,
    }


def make_call(user: Any, t: Tournament, number: int, *, seed: int = 1) -> Call:
    """Seat round ``number`` with the engine (a fresh draft, not yet published). An
    impossible problem (a team larger than the boards, too few players…) is refused with the
    engine's reason."""
    require_director(user, t)
    if not 0 <= seed <= MAX_SEED:
        raise FieldError(Message.of("site.seed", most=MAX_SEED, got=seed), "seed")
    rnd = get_round(t, number)
    if rnd.locked:
        raise FieldError(Message.of("site.locked", round=number), None, status=409)
    top_seven = top_board_seven(t, number)
    problem = round_problem(t, number, top_board=top_seven)
    if not problem.entrants:
        raise FieldError(Message.of("site.nobody", round=number), None)
    try:
        call = board_call(problem, seed=seed, moves=BOARD_CALL_MOVES, time_limit=TIME_LIMIT)
    except PalmaresError as exc:
        raise FieldError.from_error(exc, None) from None
    report = _report(
        call.quality, call.bound, call.notes, call.sitters, call.two_boarders, call.seed
    )
    report["rows"] = [[m.to_json(), v] for m, v in quality_rows(call)]
    if top_seven:
        report["top_board"] = "1"  # the engine seats the fixed top board on board 1
    names = {p.name: p for p in Player.objects.filter(entries__tournament=t)}
    missing = {s.player for s in call.seats} - set(names)
    for p in Player.objects.filter(name__in=sorted(missing)).order_by("id"):
        names.setdefault(p.name, p)
    seats = [
        CalledSeat(round=rnd, label=str(s.board), power=s.power[0], player=names[s.player])
        for s in call.seats
    ]
    return _store(user, t, rnd, seats, report, f"board call round {number}")


def _store(
    user: Any, t: Tournament, rnd: Round, seats: list[CalledSeat], report: dict[str, Any], why: str
) -> Call:
    with transaction.atomic():
        before = get_call(t, rnd.number)
        CalledSeat.objects.filter(round=rnd).delete()
        CalledSeat.objects.bulk_create(seats)
        rnd.call_report = report
        rnd.call_seed = report.get("seed")
        rnd.published = False
        rnd.save()
        after = get_call(t, rnd.number)
        assert after is not None
        record(
            user,
            why,
            tournament=t,
            before={"boards": before.boards} if before else None,
            after={"boards": after.boards, "objective": report["objective"]},
        )
    return after


def _editable(t: Tournament, number: int) -> tuple[Round, Call]:
    rnd = get_round(t, number)
    call = get_call(t, number)
    if call is None:
        raise FieldError(Message.of("site.no_call", round=number), None, status=409)
    if rnd.locked:
        raise FieldError(Message.of("site.locked", round=number), None, status=409)
    return rnd, call


def _recheck(
    user: Any, t: Tournament, rnd: Round, boards: dict[str, dict[str, str]], why: str, seed: Any
) -> Call:
    """Evaluate the changed call with the engine's objective; refuse a broken constraint."""
    counts: dict[str, int] = {}
    for seats in boards.values():
        for p in seats.values():
            counts[p] = counts.get(p, 0) + 1
    roll, _ = present(t, rnd.number)
    fixed: dict[str, int | None] = {p: counts.get(p, 0) for p in roll}
    fixed.update({p: n for p, n in counts.items() if p not in fixed})
    try:
        prep = prepare(round_problem(t, rnd.number, boards=fixed))
    except PalmaresError as exc:
        raise FieldError.from_error(exc, None) from None
    index = {p: i for i, p in enumerate(prep.players)}
    labels = list(boards)
    members = [[index[p] for p in boards[label].values()] for label in labels]
    powers = [[prep.powers.index(w) for w in boards[label]] for label in labels]
    quality = evaluate(prep, members, powers)
    if quality.violations:
        raise FieldError(
            Message.of("site.refused", broken=Message.of("semicolons", items=quality.violations)),
            None,
        )
    bound = lower_bound(prep)
    sitters = [p for p, n in fixed.items() if n == 0]
    doubles = [p for p, n in fixed.items() if n == 2]
    note = Message.of("seeding.changed_by_td")
    report = _report(quality, bound, [note], sitters, doubles, seed)
    ids = dict(
        CalledSeat.objects.filter(round=rnd).values_list("player__name", "player_id").distinct()
    )
    ids.update(t.entries.values_list("player__name", "player_id"))
    rows = [
        CalledSeat(round=rnd, label=label, power=power[0], player_id=ids[p])
        for label in labels
        for power, p in boards[label].items()
    ]
    return _store(user, t, rnd, rows, report, why)


def swap_players(user: Any, t: Tournament, number: int, a: str, b: str) -> Call:
    """Players ``a`` and ``b`` exchange their seats (one of them may be sitting out: the other
    then sits out in their place)."""
    require_director(user, t)
    rnd, call = _editable(t, number)
    name_a = entry_of(t, a, "player_a").player.name
    name_b = entry_of(t, b, "player_b").player.name
    if name_a == name_b:
        raise FieldError(Message.of("site.two_players"), "player_b")
    swap = {name_a: name_b, name_b: name_a}
    boards = {
        label: {power: swap.get(p, p) for power, p in seats.items()}
        for label, seats in call.boards.items()
    }
    if boards == call.boards:
        raise FieldError(Message.of("site.neither_seated", a=name_a, b=name_b), "player_a")
    return _recheck(user, t, rnd, boards, f"swap players round {number}", rnd.call_seed)


def swap_powers(user: Any, t: Tournament, number: int, label: str, x: str, y: str) -> Call:
    """The players of powers ``x`` and ``y`` on board ``label`` exchange powers."""
    require_director(user, t)
    rnd, call = _editable(t, number)
    if label not in call.boards:
        raise FieldError(Message.of("site.no_board", round=number, board=repr(label)), "label")
    try:
        px, py = parse_power(x), parse_power(y)
    except PalmaresError as exc:
        raise FieldError.from_error(exc, "power") from None
    if px == py:
        raise FieldError(Message.of("site.two_powers"), "power_b")
    boards = {k: dict(v) for k, v in call.boards.items()}
    seats = boards[label]
    seats[px], seats[py] = seats[py], seats[px]
    return _recheck(user, t, rnd, boards, f"swap powers round {number}", rnd.call_seed)


def publish_call(user: Any, t: Tournament, number: int, *, lock: bool = False) -> Call:
    """Publish the call (players see it); ``lock`` also fixes it (no new call, no swap)."""
    require_director(user, t)
    rnd = get_round(t, number)
    call = get_call(t, number)
    if call is None:
        raise FieldError(Message.of("site.no_call", round=number), None, status=409)
    if rnd.published and (rnd.locked or not lock):
        return call
    with transaction.atomic():
        before = {"published": rnd.published, "locked": rnd.locked}
        rnd.published = True
        rnd.locked = rnd.locked or lock
        rnd.save()
        record(
            user,
            f"{'lock' if lock else 'publish'} board call round {number}",
            tournament=t,
            before=before,
            after={"published": True, "locked": rnd.locked},
        )
    found = get_call(t, number)
    assert found is not None
    return found


def lock_call(user: Any, t: Tournament, number: int) -> Call:
    return publish_call(user, t, number, lock=True)


def call_csv(call: Call) -> str:
    """The call in the ``boards.csv`` layout, as ``--history`` of ``palmares diplomacy seed``
    reads it (round, board, power, player; no centres yet)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "board", "power", "player"])
    for label, seats in call.boards.items():
        for power, player in seats.items():
            writer.writerow([call.round, label, power, player])
    return out.getvalue()
