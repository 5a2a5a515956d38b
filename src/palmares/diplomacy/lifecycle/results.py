"""A board's result in the day: entered on the published call's seats, corrected, removed,
restored by an undo (issue 12, step 5; issue 32, invariants 2 and 3).

Seed 002 ("Board Assignments"): "Players must play the countries and boards they are
assigned." So a result is stored on the seats of its board in the round's published call; when
the TD reports other seats (a late change the TD allowed), the change is a swap in the call
itself (:mod:`.call`), refused where a swap is (a locked call, a board already played, two
places of one player on a board, a kept-apart pair) and shown to the players at once. A round
recorded from a boards file (a tournament with no registration) has results and no call: its
board's seats are the ones given.

A new call over a round with results is refused until the TD removes them
(:func:`remove_results`), itself an audited action.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from palmares.core.message import Message
from palmares.diplomacy.lifecycle.call import swap_players, swap_powers
from palmares.diplomacy.lifecycle.guards import expected, open_day, round_number
from palmares.diplomacy.lifecycle.refusal import Change, bad, conflict
from palmares.diplomacy.lifecycle.state import Day, Result, RoundDay
from palmares.diplomacy.powers import GREAT_POWERS

__all__ = ["enter_result", "remove_results", "restore_result", "seats_for"]


def seats_for(day: Day, number: int, label: str) -> dict[str, str] | None:
    """The seats a result of board ``label`` is stored on: the call's (published), else the
    board as recorded (``None``: none known)."""
    rnd = day.round(number)
    if rnd.call is not None:
        return rnd.call.board(label) or None
    found = rnd.result(label)
    return found.seat_map() if found is not None else None


def _with_result(day: Day, number: int, result: Result) -> Day:
    rnd = day.round(number)
    others = tuple(r for r in rnd.results if r.board != result.board)
    return day.with_round(replace(rnd, results=(*others, result)))


def _seat_swaps(day: Day, number: int, label: str, wanted: Mapping[str, str]) -> Change:
    """The swaps that make board ``label`` of the call seat ``wanted`` (power → player)."""
    change = Change(day)
    for power in GREAT_POWERS:
        call = change.day.round(number).call
        assert call is not None
        have = call.board(label)
        who, now = wanted[power], have[power]
        if who == now:
            continue
        there = next((p for p, name in have.items() if name == who), None)
        if there is not None:
            step = swap_powers(change.day, number, label, power, there, allowing=label)
        else:
            step = swap_players(change.day, number, now, who, board=label, allowing=label)
        change = change.then(step)
    return change


def enter_result(
    day: Day,
    number: int,
    label: str,
    seats: Mapping[str, str] | None = None,
    *,
    top_board: bool | None = None,
) -> Change:
    """Store board ``label``'s result of round ``number`` on its seats; ``seats`` (power →
    player) reports other seats: on a call, swaps in the call (see the module's docstring).
    On a call, the call says which board is the top board; a recorded round takes
    ``top_board`` (``None``: as recorded)."""
    open_day(day)
    round_number(day, number)
    rnd = day.round(number)
    if seats is not None:
        missing = [p for p in GREAT_POWERS if p not in seats]
        if missing:
            raise bad(
                Message.of("site.seats_missing", powers=tuple(missing)), f"seats.{missing[0]}"
            )
        for power in GREAT_POWERS:
            expected(day, number, seats[power], f"seats.{power}")
        if len(set(seats.values())) != len(seats):
            raise bad(Message.of("lifecycle.seats_twice"), "seats")
    if rnd.call is None:
        if not day.recorded:
            raise conflict(Message.of("lifecycle.result_needs_call", round=number))
        return _recorded(day, number, label, seats, top_board)
    call = rnd.call
    if not call.published:
        raise conflict(Message.of("lifecycle.result_on_draft", round=number), "seats")
    if label not in call.labels():
        raise bad(Message.of("site.no_board", round=number, board=label), "label")
    change = Change(day)
    if seats is not None and dict(seats) != call.board(label):
        change = _seat_swaps(day, number, label, seats)
    after = change.day.round(number).call
    assert after is not None
    result = Result.of(label, after.board(label), top_board=after.top_board == label)
    key = (
        "lifecycle.result_corrected" if rnd.result(label) is not None else "lifecycle.result_saved"
    )
    said = Message.of(key, round=number, board=label)
    return Change(_with_result(change.day, number, result), (said, *change.said))


def _recorded(
    day: Day, number: int, label: str, seats: Mapping[str, str] | None, top_board: bool | None
) -> Change:
    """A round of a recorded tournament: the seats given, else the board's as recorded."""
    rnd = day.round(number)
    known = rnd.result(label)
    if seats is None:
        if known is None:
            raise bad(Message.of("site.no_board_in_call", round=number, board=label), "seats")
        seats = known.seat_map()
    counts: dict[str, int] = {}
    for other in rnd.results:
        if other.board != label:
            for player in other.players():
                counts[player] = counts.get(player, 0) + 1
    for power in GREAT_POWERS:
        if counts.get(seats[power], 0) >= 2:
            raise conflict(
                Message.of("lifecycle.three_boards", player=seats[power], round=number),
                f"seats.{power}",
            )
    top = top_board if top_board is not None else known is not None and known.top_board
    result = Result.of(label, dict(seats), top_board=top)
    said = (
        Message.of(
            "lifecycle.result_corrected" if known is not None else "lifecycle.result_saved",
            round=number,
            board=label,
        ),
    )
    return Change(_with_result(day, number, result), said)


def remove_results(day: Day, number: int, labels: Collection[str] | None = None) -> Change:
    """Remove the results of round ``number`` (``labels``: only those boards), so that the round
    can be called again or the tournament closed."""
    open_day(day)
    round_number(day, number)
    rnd = day.round(number)
    have = rnd.labels_with_results()
    if not have:
        raise conflict(Message.of("lifecycle.no_results", round=number))
    gone = set(have) if labels is None else set(labels)
    unknown = sorted(gone - have)
    if unknown:
        raise bad(Message.of("lifecycle.no_result", round=number, boards=tuple(unknown)), "boards")
    kept = tuple(r for r in rnd.results if r.board not in gone)
    said = (Message.of("lifecycle.results_removed", round=number, boards=tuple(sorted(gone))),)
    return Change(day.with_round(RoundDay(number, rnd.roll, rnd.call, kept)), said)


def restore_result(day: Day, number: int, label: str, previous: Result | None) -> Change:
    """An undo: board ``label`` as it was before the entry undone (``None``: no result). A
    board entered on seats the call no longer has is refused (the call changed since)."""
    open_day(day)
    round_number(day, number)
    rnd = day.round(number)
    if previous is None:
        if rnd.result(label) is None:
            return Change(day)
        kept = tuple(r for r in rnd.results if r.board != label)
        said = (Message.of("lifecycle.first_result_undone", round=number, board=label),)
        return Change(day.with_round(RoundDay(number, rnd.roll, rnd.call, kept)), said)
    if rnd.call is not None:
        if not rnd.call.published:
            raise conflict(Message.of("lifecycle.result_on_draft", round=number))
        if previous.seat_map() != rnd.call.board(label):
            raise conflict(Message.of("lifecycle.undo_older_call", round=number, board=label))
    said = (Message.of("lifecycle.result_undone", round=number, board=label),)
    return Change(_with_result(day, number, previous), said)
