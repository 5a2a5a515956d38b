"""Reports from the table (issue 38): a board's players report its result from their phones,
each with their personal code, and the TD accepts the board from the board of boards.

Every report and every acceptance is one transition of ``diplomacy.lifecycle.reports`` run in
one transaction with the tournament's row locked and its audit record: a report passes the same
board check as the TD's form (``results``: the centres, the 34, eliminations, draw, final year)
and is refused from a player who does not play the board (403), with a wrong code (403), on a
board accepted or a call not published (409); acceptance stores the board through the day's own
result transition (:func:`palmares.web.tournaments.day.change_day`), audited with who reported
what. The rows are :class:`BoardReport`; only this module writes them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from palmares.core.message import Message
from palmares.diplomacy import lifecycle
from palmares.diplomacy.board import parse_power
from palmares.diplomacy.lifecycle.reports import (
    BoardReports,
    BoardStatus,
    NotYours,
    Outcome,
    Report,
    RoundReports,
    accept,
    differing,
    report,
    report_violations,
    set_majority,
    status,
)
from palmares.diplomacy.lifecycle.state import Day
from palmares.web.audit.log import record
from palmares.web.lib.names import name_key
from palmares.web.tournaments.day import (
    BoardRow,
    DayBroken,
    change_day,
    load_day,
    refusal,
    require_open,
)
from palmares.web.tournaments.errors import Forbidden
from palmares.web.tournaments.models import Entry, Round, Tournament
from palmares.web.tournaments.models_reports import BoardReport
from palmares.web.tournaments.registration import require_director
from palmares.web.tournaments.results import BoardResult, _clean, _problems, board_snapshot
from palmares.web.tournaments.rollcall import check_round

__all__ = [
    "STATUS_WORDS",
    "BoardView",
    "ReportView",
    "accept_board",
    "board_view",
    "load_reports",
    "round_view",
    "set_rule",
    "statuses",
    "submit_report",
]

#: The board of boards' words for each status (explain/messages_reports.py).
STATUS_WORDS: dict[BoardStatus, Message] = {
    BoardStatus.WAITING: Message.of("reports.status.waiting"),
    BoardStatus.REPORTED: Message.of("reports.status.reported"),
    BoardStatus.AGREED: Message.of("reports.status.agreed"),
    BoardStatus.CONFLICT: Message.of("reports.status.conflict"),
    BoardStatus.ACCEPTED: Message.of("reports.status.accepted"),
}


@dataclass(frozen=True, slots=True)
class ReportView:
    """One player's report as the pages and the API show it."""

    player: str
    power: str
    centres: dict[str, int]
    eliminated: dict[str, int]
    draw: tuple[str, ...]
    final_year: int | None


@dataclass(frozen=True, slots=True)
class BoardView:
    """A board of the round: its seats, status, reports and the powers they differ on."""

    label: str
    status: BoardStatus
    seats: dict[str, str]
    reports: tuple[ReportView, ...]
    differing: frozenset[str]
    said: tuple[Message, ...] = ()


def _outcome(row: BoardReport) -> Outcome:
    return Outcome.of(
        {str(p): int(n) for p, n in row.centres.items()},
        {str(p): int(y) for p, y in row.eliminated.items()},
        [str(p) for p in row.draw],
        row.final_year,
    )


def load_reports(t: Tournament, number: int, day: Day) -> RoundReports:
    """Round ``number``'s reports as the lifecycle sees them: only those whose player still sits
    on that power of that board in the call (a swap since leaves a report behind)."""
    call = day.round(number).call
    boards: dict[str, list[Report]] = {}
    rows = BoardReport.objects.filter(round__tournament=t, round__number=number)
    for row in rows.select_related("player").order_by("id"):
        power = parse_power(row.power)
        if call is None or call.board(row.label).get(power) != row.player.name:
            continue
        boards.setdefault(row.label, []).append(Report(row.player.name, power, _outcome(row)))
    return RoundReports(
        number,
        tuple(BoardReports(label, tuple(rs)) for label, rs in boards.items()),
        t.report_majority,
    )


def _view(day: Day, reports: RoundReports, label: str) -> BoardView:
    call = day.round(reports.number).call
    seats = call.board(label) if call is not None else {}
    return BoardView(
        label,
        status(day, reports, label),
        seats,
        tuple(
            ReportView(
                r.player,
                r.power,
                r.outcome.centre_map(),
                r.outcome.eliminated_map(),
                r.outcome.draw,
                r.outcome.final_year,
            )
            for r in reports.board(label).reports
        ),
        differing(reports, label),
    )


def board_view(t: Tournament, number: int, label: str) -> BoardView:
    """Board ``label`` of round ``number`` as its players' page shows it."""
    day = load_day(t)
    return _view(day, load_reports(t, number, day), label)


def round_view(user: Any, t: Tournament, number: int) -> tuple[BoardView, ...]:
    """Every board of round ``number`` (the TD's board of boards; directors only)."""
    require_director(user, t)
    check_round(t, number)
    day = load_day(t)
    call = day.round(number).call
    if call is None:
        return ()
    reports = load_reports(t, number, day)
    return tuple(_view(day, reports, label) for label in call.labels())


def _entry(t: Tournament, name: str, code: str, number: int, label: str) -> Entry:
    """The registered player ``name`` whose personal code is ``code`` (refused: 403)."""
    entry = (
        Entry.objects.filter(tournament=t, player__key=name_key(name))
        .select_related("player")
        .first()
    )
    if entry is None:
        raise Forbidden.of(
            Message.of("reports.not_on_board", player=name, round=number, board=label)
        )
    if not entry.code:
        raise Forbidden.of(Message.of("reports.no_code", player=entry.player.name))
    given = "".join(code.split()).upper()
    if not secrets.compare_digest(given.encode(), entry.code.encode()):
        raise Forbidden.of(Message.of("reports.wrong_code", player=entry.player.name))
    return entry


def submit_report(
    t: Tournament, number: int, label: str, player: str, code: str, r: BoardResult
) -> BoardView:
    """``player`` (authenticated by their personal ``code``) reports board ``label`` of round
    ``number``, or changes their report: the board as it stands after."""
    require_open(t)
    check_round(t, number)
    entry = _entry(t, player, code, number, label)
    centres, eliminated, draw, final_year = _clean(r)
    _problems(centres, eliminated, final_year, draw, None)
    outcome = Outcome.of(centres, eliminated, draw or (), final_year)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=t.pk).first()
        day = load_day(t)
        reports = load_reports(t, number, day)
        try:
            after, said = report(day, reports, label, entry.player.name, outcome)
        except NotYours as refused:
            assert refused.said is not None
            raise Forbidden.of(refused.said) from None
        except lifecycle.Refused as refused:
            raise refusal(refused) from None
        broken = report_violations(day, after)
        if broken:
            raise DayBroken("; ".join(m.key for m in broken))
        mine = after.board(label).of(entry.player.name)
        assert mine is not None
        rnd = Round.objects.get(tournament=t, number=number)
        old = BoardReport.objects.filter(round=rnd, label=label, player=entry.player).first()
        before = _snapshot(old)
        row = old or BoardReport(round=rnd, label=label, player=entry.player)
        row.power = mine.power[0]
        row.centres = centres
        row.eliminated = eliminated
        row.draw = list(draw or ())
        row.final_year = final_year
        row.save()
        record(
            None,
            f"report round {number} board {label}",
            tournament=t,
            before=before,
            after=_snapshot(row),
            said=(said,),
        )
        view = _view(day, after, label)
        if t.report_auto_accept and view.status is BoardStatus.AGREED:
            stored = _accept(None, t, number, label, None)
            return BoardView(
                stored.label,
                stored.status,
                stored.seats,
                stored.reports,
                stored.differing,
                (said, *stored.said),
            )
    return BoardView(view.label, view.status, view.seats, view.reports, view.differing, (said,))


def _snapshot(row: BoardReport | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {
        "player": row.player.name,
        "power": parse_power(row.power),
        "centres": row.centres,
        "eliminated": row.eliminated,
        "draw": row.draw,
        "final_year": row.final_year,
    }


def accept_board(
    user: Any, t: Tournament, number: int, label: str, following: str | None = None
) -> BoardView:
    """The TD accepts board ``label``: the agreed result, or the one ``following`` reported,
    stored through the day's result transition and audited with every report of the board."""
    require_director(user, t)
    require_open(t)
    check_round(t, number)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=t.pk).first()
        return _accept(user, t, number, label, following)


def _accept(user: Any, t: Tournament, number: int, label: str, following: str | None) -> BoardView:
    """Board ``label`` accepted, inside the caller's transaction (the tournament's row locked):
    by the TD, or by the board itself when the TD lets an agreed board be stored at once."""
    day = load_day(t)
    reports = load_reports(t, number, day)
    try:
        _, outcome = accept(day, reports, label, following)
    except lifecycle.Refused as refused:
        raise refusal(refused) from None
    row = BoardRow(
        centres=outcome.centre_map(),
        eliminated=outcome.eliminated_map(),
        draw=outcome.draw,
        final_year=outcome.final_year,
    )
    change = change_day(
        t,
        lambda d: accept(d, load_reports(t, number, d), label, following)[0],
        rows={(number, label): row},
    )
    rnd = Round.objects.get(tournament=t, number=number)
    board = rnd.boards.get(label=label)
    rows = BoardReport.objects.filter(round=rnd, label=label).select_related("player")
    record(
        user,
        f"accept reports round {number} board {label}",
        tournament=t,
        before={"reports": [_snapshot(r) for r in rows]},
        after=board_snapshot(board),
        said=change.said,
    )
    view = _view(change.day, reports, label)
    return BoardView(view.label, view.status, view.seats, view.reports, view.differing, change.said)


def statuses(t: Tournament, number: int) -> tuple[BoardView, ...]:
    """Every board of round ``number``'s published call with its status alone (the room's
    projector: no report's content, no seat)."""
    check_round(t, number)
    day = load_day(t)
    call = day.round(number).call
    if call is None or not call.published:
        return ()
    reports = load_reports(t, number, day)
    return tuple(
        BoardView(label, status(day, reports, label), {}, (), frozenset())
        for label in call.labels()
    )


def set_rule(
    user: Any, t: Tournament, majority: int | None, *, auto: bool = False
) -> tuple[Message, ...]:
    """The TD sets when a board agrees: every surviving player (``None``) or ``majority`` of
    its players (4 to 7), through the model's guard; ``auto``: an agreed board is stored at
    once, without waiting for the TD's click (issue 38). Audited."""
    require_director(user, t)
    require_open(t)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=t.pk).first()
        day = load_day(t)
        try:
            set_majority(day, RoundReports(1, (), t.report_majority), majority)
        except lifecycle.Refused as refused:
            raise refusal(refused) from None
        before = {"majority": t.report_majority, "auto": t.report_auto_accept}
        t.report_majority = majority
        t.report_auto_accept = auto
        t.save(update_fields=["report_majority", "report_auto_accept"])
        said = (
            Message.of("reports.all_survivors")
            if majority is None
            else Message.of("reports.majority_set", majority=majority),
            Message.of("reports.auto_accept" if auto else "reports.td_accepts"),
        )
        record(
            user,
            "report rule",
            tournament=t,
            before=before,
            after={"majority": majority, "auto": auto},
            said=said,
        )
    return said
