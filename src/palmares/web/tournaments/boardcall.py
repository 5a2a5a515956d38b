"""The board call of every round, round 1 included (issue 12, step 4; seed 002, "Board
Assignments"): the seeding engine seats the roll call with the tournament's history, teams and
keep-apart pairs and reports its quality and lower bound. The TD may swap two players or two
powers (the report is recomputed; a broken hard constraint is refused), publish the call
(players see it) and lock it."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db import transaction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.names import reading_key
from palmares.diplomacy import lifecycle
from palmares.diplomacy.board import GREAT_POWERS, parse_power
from palmares.diplomacy.lifecycle import Place
from palmares.diplomacy.seeding import board_call
from palmares.diplomacy.seeding.lower_bound import LowerBound, lower_bound
from palmares.diplomacy.seeding.objective import Quality, evaluate
from palmares.diplomacy.seeding.problem import prepare
from palmares.diplomacy.seeding.report import quality_rows
from palmares.web.audit.log import record
from palmares.web.lib.words import said
from palmares.web.tournaments.adapters import BOARD_CALL_MOVES
from palmares.web.tournaments.day import change_day, load_day, refusal, require_open
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import CalledSeat, Round, Tournament
from palmares.web.tournaments.problem import present, round_problem
from palmares.web.tournaments.registration import entry_of, require_director
from palmares.web.tournaments.rollcall import check_round, get_round
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
    "unpublish_call",
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
    #: Places a swap changed after publication (board, power): the players see them marked.
    changed: frozenset[tuple[str, str]] = frozenset()
    #: Present players the call does not seat (they sit out this round).
    sitters: tuple[str, ...] = ()
    #: The board that seats the top board's seven, if any.
    top_board: str | None = None
    #: What the write that answered with this call did (for the TD's confirmation).
    said: tuple[Message, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "boards": [
                {
                    "label": k,
                    "seats": v,
                    "changed": [p for p in v if (k, p) in self.changed],
                    "top_board": k == self.top_board,
                }
                for k, v in self.boards.items()
            ],
            "sitters": list(self.sitters),
            "report": told(self.report),
            "published": self.published,
            "locked": self.locked,
            "said": [said(m) for m in self.said],
        }

    def by_player(self) -> list[tuple[str, str, str]]:
        """(player, board, power), in the order people read names (Å with A, É with E): what a
        player looks for."""
        rows = [(p, label, power) for label, s in self.boards.items() for power, p in s.items()]
        return sorted(rows, key=lambda r: (reading_key(r[0]), r[1]))


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
    boards = _seats(rnd)
    changed = frozenset(
        (label, parse_power(power))
        for label, power in CalledSeat.objects.filter(round=rnd, changed=True).values_list(
            "label", "power"
        )
    )
    seated = {p for seats in boards.values() for p in seats.values()}
    roll, _ = present(t, number)
    sitters = tuple(sorted((p for p in roll if p not in seated), key=reading_key))
    return Call(
        number,
        boards,
        rnd.call_report,
        rnd.published,
        rnd.locked,
        changed,
        sitters,
        rnd.top_board or None,
    )


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
    """Seat round ``number`` with the engine (a fresh draft, not yet published). The lifecycle's
    guards first (``diplomacy.lifecycle.call.may_call``: no result in the round, its call not
    published, the top board invited); an impossible problem (a team larger than the boards,
    too few players…) is refused with the engine's reason."""
    require_director(user, t)
    require_open(t)
    if not 0 <= seed <= MAX_SEED:
        raise FieldError(Message.of("site.seed", most=MAX_SEED, got=seed), "seed")
    check_round(t, number)
    try:
        lifecycle.may_call(load_day(t), number)
    except lifecycle.Refused as refused:
        raise refusal(refused) from None
    top_seven = top_board_seven(t, number)
    problem = round_problem(t, number, top_board=top_seven)
    if not problem.entrants:
        raise FieldError(Message.of("site.nobody", round=number), None, status=409)
    try:
        call = board_call(problem, seed=seed, moves=BOARD_CALL_MOVES, time_limit=TIME_LIMIT)
    except PalmaresError as exc:
        raise FieldError(exc.said or str(exc), None, status=409) from None
    report = _report(
        call.quality, call.bound, call.notes, call.sitters, call.two_boarders, call.seed
    )
    report["rows"] = [[m.to_json(), v] for m, v in quality_rows(call)]
    label = "1" if top_seven else None  # the engine seats the fixed top board on board 1
    if label is not None:
        report["top_board"] = label
    places = [Place(str(s.board), s.power, s.player) for s in call.seats]
    with transaction.atomic():
        before = get_call(t, number)
        change = change_day(
            t, lambda day: lifecycle.make_call(day, number, places, top_board=label)
        )
        _store_report(t, number, report)
        after = get_call(t, number)
        assert after is not None
        record(
            user,
            f"board call round {number}",
            tournament=t,
            before={"boards": before.boards} if before else None,
            after={"boards": after.boards, "objective": report["objective"]},
            said=change.said,
        )
    return _told(after, change.said)


def _told(call: Call, said: tuple[Message, ...]) -> Call:
    return replace(call, said=said)


def _store_report(t: Tournament, number: int, report: dict[str, Any]) -> None:
    rnd = Round.objects.get(tournament=t, number=number)
    rnd.call_report = report
    rnd.call_seed = report.get("seed")
    rnd.save(update_fields=["call_report", "call_seed"])


def _recheck(t: Tournament, number: int, seed: Any) -> dict[str, Any]:
    """The quality report of the call as it now stands (after a swap), by the engine's
    objective and bound; the lifecycle has refused any broken hard constraint."""
    rnd = Round.objects.get(tournament=t, number=number)
    boards = _seats(rnd)
    counts: dict[str, int] = {}
    for seats in boards.values():
        for p in seats.values():
            counts[p] = counts.get(p, 0) + 1
    roll, _ = present(t, number)
    fixed: dict[str, int | None] = {p: counts.get(p, 0) for p in roll}
    fixed.update({p: n for p, n in counts.items() if p not in fixed})
    prep = prepare(round_problem(t, number, boards=fixed, top_board=_top_of(rnd, boards)))
    index = {p: i for i, p in enumerate(prep.players)}
    labels = list(boards)
    members = [[index[p] for p in boards[label].values()] for label in labels]
    powers = [[prep.powers.index(w) for w in boards[label]] for label in labels]
    quality = evaluate(prep, members, powers)
    bound = lower_bound(prep)
    sitters = [p for p, n in fixed.items() if n == 0]
    doubles = [p for p, n in fixed.items() if n == 2]
    report = _report(quality, bound, [Message.of("seeding.changed_by_td")], sitters, doubles, seed)
    if rnd.top_board:
        report["top_board"] = rnd.top_board
    return report


def _top_of(rnd: Round, boards: dict[str, dict[str, str]]) -> tuple[str, ...]:
    if rnd.top_board and rnd.top_board in boards:
        return tuple(boards[rnd.top_board].values())
    return ()


def _swap(
    user: Any, t: Tournament, number: int, step: Any, why: str, detail: dict[str, Any]
) -> Call:
    require_director(user, t)
    require_open(t)
    check_round(t, number)
    with transaction.atomic():
        before = get_call(t, number)
        change = change_day(t, step)
        rnd = Round.objects.get(tournament=t, number=number)
        _store_report(t, number, _recheck(t, number, rnd.call_seed))
        after = get_call(t, number)
        assert after is not None
        record(
            user,
            why,
            tournament=t,
            before={"boards": before.boards} if before else None,
            after={"boards": after.boards, **detail},
            said=change.said,
        )
    return _told(after, change.said)


def swap_players(
    user: Any, t: Tournament, number: int, a: str, b: str, *, board: str | None = None
) -> Call:
    """Players ``a`` and ``b`` exchange their places (one of them may be sitting out or absent:
    the other then sits out in their place); ``board`` names which place of a two-boarder. A
    published call stays published, the changed places marked (``diplomacy.lifecycle.call``)."""
    require_director(user, t)
    require_open(t)
    name_a = entry_of(t, a, "player_a").player.name
    name_b = entry_of(t, b, "player_b").player.name
    return _swap(
        user,
        t,
        number,
        lambda day: lifecycle.swap_players(day, number, name_a, name_b, board=board),
        f"swap players round {number}",
        {"swapped": [name_a, name_b]},
    )


def swap_powers(user: Any, t: Tournament, number: int, label: str, x: str, y: str) -> Call:
    """The players of powers ``x`` and ``y`` on board ``label`` exchange powers."""
    require_director(user, t)
    require_open(t)
    try:
        px, py = parse_power(x), parse_power(y)
    except PalmaresError as exc:
        raise FieldError.from_error(exc, "power") from None
    return _swap(
        user,
        t,
        number,
        lambda day: lifecycle.swap_powers(day, number, label, px, py),
        f"swap powers round {number}",
        {"board": label, "powers": [px, py]},
    )


def publish_call(user: Any, t: Tournament, number: int, *, lock: bool = False) -> Call:
    """Publish the call (players see it); ``lock`` also fixes it (no new call, no swap)."""
    require_director(user, t)
    require_open(t)
    check_round(t, number)
    with transaction.atomic():
        rnd = get_round(t, number)
        before = {"published": rnd.published, "locked": rnd.locked}
        change = change_day(t, lambda day: lifecycle.publish(day, number, lock=lock))
        found = get_call(t, number)
        assert found is not None
        if change.changed:
            record(
                user,
                f"{'lock' if lock else 'publish'} board call round {number}",
                tournament=t,
                before=before,
                after={"published": True, "locked": found.locked},
                said=change.said,
            )
    return _told(found, change.said)


def lock_call(user: Any, t: Tournament, number: int) -> Call:
    return publish_call(user, t, number, lock=True)


def unpublish_call(user: Any, t: Tournament, number: int) -> Call:
    """Take the call's publication back (a draft again, before any result)."""
    require_director(user, t)
    require_open(t)
    check_round(t, number)
    with transaction.atomic():
        change = change_day(t, lambda day: lifecycle.unpublish(day, number))
        found = get_call(t, number)
        assert found is not None
        if change.changed:
            record(
                user,
                f"unpublish board call round {number}",
                tournament=t,
                before={"published": True, "locked": False},
                after={"published": False, "locked": False},
                said=change.said,
            )
    return _told(found, change.said)


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
