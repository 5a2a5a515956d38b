"""Reports from the table (issue 38): a board's players report its result from their phones, the
board agrees or not, and the TD accepts it — stored through the day's own result transition
(:func:`.results.enter_result`), so a reported board is stored exactly as a typed one.

A board's status is read from its reports and the day:

- *waiting*: no report;
- *reported*: reports, all alike, but not yet enough of them;
- *agreed*: the board's rule holds — by default every surviving player (a power with centres in
  the reported result) has reported the same result; or, when the TD sets a majority ``k``
  (4 to 7: a majority of the seven), ``k`` of the board's players report the same result;
- *conflict*: reports differ and the rule does not hold;
- *accepted*: the day holds the board's result (the TD accepted it, or typed it).

A report belongs to one player of the board (the site authenticates them with their personal
code; this model is told who reports) and can be changed until the board is accepted; after
that only the TD corrects. Each report passes the board's own check
(``diplomacy.board.result_problems``), as every other path does. The TD accepts the agreed
result in one step, or, in a conflict, the result one named player reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from palmares.core.message import Message
from palmares.diplomacy.board import result_problems
from palmares.diplomacy.lifecycle.guards import open_day, round_number
from palmares.diplomacy.lifecycle.refusal import Change, Refused, bad, conflict
from palmares.diplomacy.lifecycle.results import enter_result
from palmares.diplomacy.lifecycle.state import Day, label_order
from palmares.diplomacy.powers import GREAT_POWERS

__all__ = [
    "BoardReports",
    "BoardStatus",
    "NotYours",
    "Outcome",
    "Report",
    "RoundReports",
    "accept",
    "agreed_outcome",
    "differing",
    "report",
    "report_violations",
    "set_majority",
    "status",
]

#: The smallest majority a TD may set: more than half of a board of seven.
SMALLEST_MAJORITY = 4


class BoardStatus(StrEnum):
    """Where a board's reports stand (see the module's docstring)."""

    WAITING = "waiting"
    REPORTED = "reported"
    AGREED = "agreed"
    CONFLICT = "conflict"
    ACCEPTED = "accepted"


class NotYours(Refused):
    """A report from someone who does not play this board (the site answers 403)."""


def _ordered(items: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    order = {p: i for i, p in enumerate(GREAT_POWERS)}
    return tuple(sorted(items.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished board as one player reports it: every power's centres, the year each
    eliminated power fell, the powers in the agreed draw (none: no draw declared) and the final
    year. Equal by value: two players agree when their outcomes are equal."""

    centres: tuple[tuple[str, int], ...]
    eliminated: tuple[tuple[str, int], ...] = ()
    draw: tuple[str, ...] = ()
    final_year: int | None = None

    @classmethod
    def of(
        cls,
        centres: Mapping[str, int],
        eliminated: Mapping[str, int] | None = None,
        draw: tuple[str, ...] | list[str] = (),
        final_year: int | None = None,
    ) -> Outcome:
        """An outcome in the order of the powers."""
        drawn = tuple(p for p in GREAT_POWERS if p in draw) + tuple(
            sorted(p for p in draw if p not in GREAT_POWERS)
        )
        return cls(_ordered(centres), _ordered(eliminated or {}), drawn, final_year)

    def centre_map(self) -> dict[str, int]:
        return dict(self.centres)

    def eliminated_map(self) -> dict[str, int]:
        return dict(self.eliminated)

    def survivors(self) -> tuple[str, ...]:
        """The powers still on the board at the end (with a centre)."""
        return tuple(p for p, n in self.centres if n > 0)

    def differs_from(self, other: Outcome) -> frozenset[str]:
        """The powers whose line (centres, elimination, draw) differs; the final year, not a
        power's, is left to :func:`differing`."""
        mine, theirs = self.centre_map(), other.centre_map()
        out, their_out = self.eliminated_map(), other.eliminated_map()
        return frozenset(
            p
            for p in GREAT_POWERS
            if mine.get(p) != theirs.get(p)
            or out.get(p) != their_out.get(p)
            or (p in self.draw) != (p in other.draw)
        )


@dataclass(frozen=True, slots=True)
class Report:
    """``player``, who plays ``power`` on the board, reports ``outcome``."""

    player: str
    power: str
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class BoardReports:
    """One board's reports, one per player, in the order of the powers."""

    board: str
    reports: tuple[Report, ...] = ()

    def __post_init__(self) -> None:
        order = {p: i for i, p in enumerate(GREAT_POWERS)}
        ordered = tuple(sorted(self.reports, key=lambda r: order.get(r.power, len(order))))
        object.__setattr__(self, "reports", ordered)

    def of(self, player: str) -> Report | None:
        for r in self.reports:
            if r.player == player:
                return r
        return None


@dataclass(frozen=True, slots=True)
class RoundReports:
    """A round's reports, board by board, and the board's rule: ``majority`` ``None`` (every
    surviving player agrees) or ``k`` (``k`` players of the board agree)."""

    number: int
    boards: tuple[BoardReports, ...] = ()
    majority: int | None = None

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.boards, key=lambda b: label_order(b.board)))
        object.__setattr__(self, "boards", tuple(b for b in ordered if b.reports))

    def board(self, label: str) -> BoardReports:
        for b in self.boards:
            if b.board == label:
                return b
        return BoardReports(label)

    def with_board(self, board: BoardReports) -> RoundReports:
        others = tuple(b for b in self.boards if b.board != board.board)
        return replace(self, boards=(*others, board))


def agreed_outcome(reports: RoundReports, label: str) -> Outcome | None:
    """The result board ``label``'s rule agrees on, if any (see the module's docstring)."""
    board = reports.board(label)
    if not board.reports:
        return None
    counts: dict[Outcome, int] = {}
    for r in board.reports:
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
    if reports.majority is not None:
        best = max(counts.items(), key=lambda kv: kv[1])
        return best[0] if best[1] >= reports.majority else None
    if len(counts) != 1:
        return None
    (outcome,) = counts
    by_power = {r.power for r in board.reports}
    return outcome if set(outcome.survivors()) <= by_power else None


def status(day: Day, reports: RoundReports, label: str) -> BoardStatus:
    """Board ``label``'s status in round ``reports.number``."""
    if day.round(reports.number).result(label) is not None:
        return BoardStatus.ACCEPTED
    board = reports.board(label)
    if not board.reports:
        return BoardStatus.WAITING
    if agreed_outcome(reports, label) is not None:
        return BoardStatus.AGREED
    if len({r.outcome for r in board.reports}) > 1:
        return BoardStatus.CONFLICT
    return BoardStatus.REPORTED


def differing(reports: RoundReports, label: str) -> frozenset[str]:
    """The powers on which board ``label``'s reports differ (``final_year`` when the final
    years do): what the TD's screen marks in a conflict."""
    board = reports.board(label)
    marked: set[str] = set()
    first = board.reports[0].outcome if board.reports else None
    for r in board.reports[1:]:
        assert first is not None
        marked |= first.differs_from(r.outcome)
        if first.final_year != r.outcome.final_year:
            marked.add("final_year")
    return frozenset(marked)


def _published_board(day: Day, number: int, label: str) -> dict[str, str]:
    """Board ``label``'s seats in round ``number``'s published call (refused otherwise)."""
    open_day(day)
    round_number(day, number)
    call = day.round(number).call
    if call is None or not call.published:
        raise conflict(Message.of("reports.not_published", round=number))
    seats = call.board(label)
    if not seats:
        raise bad(Message.of("site.no_board", round=number, board=label), "label")
    return seats


def _check(outcome: Outcome) -> None:
    """The board's own check, as for every other path (``diplomacy.board``)."""
    missing = [p for p in GREAT_POWERS if p not in outcome.centre_map()]
    if missing:
        raise bad(
            Message.of("site.centres_missing", powers=tuple(missing)), f"centres.{missing[0]}"
        )
    problems = result_problems(
        outcome.centre_map(), outcome.eliminated_map(), outcome.final_year, outcome.draw
    )
    if problems:
        first = problems[0]
        where = first.field if first.power is None else f"{first.field}.{first.power}"
        told = tuple(p.said if p.said is not None else p.message for p in problems)
        raise bad(Message.of("semicolons", items=told), where)


def report(
    day: Day, reports: RoundReports, label: str, player: str, outcome: Outcome
) -> tuple[RoundReports, Message]:
    """``player`` reports board ``label``'s ``outcome`` (or changes their report): the next
    reports and what was done. Refused after close, on a round whose call is not published, on
    a board that is not in it, from a player who does not play it (:class:`NotYours`), on a
    board accepted, and for a result the board's check refuses."""
    number = reports.number
    seats = _published_board(day, number, label)
    power = next((p for p, who in seats.items() if who == player), None)
    if power is None:
        raise NotYours.because(
            Message.of("reports.not_on_board", player=player, round=number, board=label),
            field="player",
        )
    if day.round(number).result(label) is not None:
        raise conflict(Message.of("reports.accepted", round=number, board=label))
    _check(outcome)
    board = reports.board(label)
    before = board.of(player)
    kept = tuple(r for r in board.reports if r.player != player)
    after = reports.with_board(BoardReports(label, (*kept, Report(player, power, outcome))))
    said = Message.of(
        "reports.saved" if before is None else "reports.changed",
        player=player,
        round=number,
        board=label,
    )
    return after, said


def accept(
    day: Day, reports: RoundReports, label: str, following: str | None = None
) -> tuple[Change, Outcome]:
    """The TD accepts board ``label``: its agreed result, or (``following``) the one that
    player reported — stored by the day's own result transition on the call's seats. The
    change and the outcome stored."""
    number = reports.number
    _published_board(day, number, label)
    if day.round(number).result(label) is not None:
        raise conflict(Message.of("reports.accepted", round=number, board=label))
    board = reports.board(label)
    if following is not None:
        found = board.of(following)
        if found is None:
            raise bad(
                Message.of("reports.no_report", player=following, round=number, board=label),
                "following",
            )
        outcome = found.outcome
    else:
        agreed = agreed_outcome(reports, label)
        if agreed is None:
            raise conflict(
                Message.of(
                    "reports.none" if not board.reports else "reports.not_agreed",
                    round=number,
                    board=label,
                )
            )
        outcome = agreed
    change = enter_result(day, number, label)
    who = tuple(r.player for r in board.reports if r.outcome == outcome)
    said = Message.of("reports.accepted_from", round=number, board=label, players=who)
    return Change(change.day, (said, *change.said)), outcome


def report_violations(day: Day, reports: RoundReports) -> tuple[Message, ...]:
    """What must hold of a round's reports in every day a TD can reach: each report is from
    the player the published call seats on that power of that board, one per player, and
    passes the board's check; the rule's majority is a majority of seven."""
    out: list[Message] = []
    number = reports.number
    if reports.majority is not None and not SMALLEST_MAJORITY <= reports.majority <= 7:
        out.append(Message.of("reports.bad_majority", got=reports.majority))
    call = day.round(number).call
    for board in reports.boards:
        seats = call.board(board.board) if call is not None else {}
        players = [r.player for r in board.reports]
        if len(set(players)) != len(players):
            out.append(Message.of("reports.twice", round=number, board=board.board))
        for r in board.reports:
            if seats.get(r.power) != r.player:
                out.append(
                    Message.of(
                        "reports.not_on_board", player=r.player, round=number, board=board.board
                    )
                )
            try:
                _check(r.outcome)
            except Refused as refused:
                assert refused.said is not None
                out.append(refused.said)
    return tuple(out)


def set_majority(day: Day, reports: RoundReports, majority: int | None) -> RoundReports:
    """The TD sets the board's rule: ``None`` (every surviving player agrees) or a majority of
    ``majority`` players (4 to 7)."""
    open_day(day)
    if majority is not None and not SMALLEST_MAJORITY <= majority <= 7:
        raise bad(Message.of("reports.bad_majority", got=majority), "majority")
    return replace(reports, majority=majority)
