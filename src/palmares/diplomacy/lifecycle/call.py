"""A round's board call: made by the engine as a draft, published for the players, locked; swaps
of two players or two powers (seed 002, "Board Assignments": the TD assigns boards and powers
before each round; "If exceptional circumstances arise … these concerns should be brought to
the TD prior to the start of the round").

Our reading (issue 32):

- a new call replaces a draft; a published call is unpublished first (players would otherwise
  lose the call they read), and a round with results is refused until the TD removes them;
- a swap keeps the call's state: a published call stays published, its changed places marked
  for the players; a locked call takes no swap;
- a swap never touches a board with a result (correct that board's result instead), never
  moves a player onto a board twice, never seats a kept-apart pair or team-mates together
  (seed 002, "Team Tournament"), and never changes who sits on the top board (a decline does);
- a swap exchanges one place each; a two-boarder's place is named by its board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from palmares.core.message import Message, power
from palmares.diplomacy.lifecycle.guards import expected, open_day, round_number
from palmares.diplomacy.lifecycle.invariants import apart_problems, call_problems
from palmares.diplomacy.lifecycle.refusal import Change, bad, conflict
from palmares.diplomacy.lifecycle.state import Call, CallStatus, Day, Place, RoundDay

__all__ = ["make_call", "may_call", "publish", "swap_players", "swap_powers", "unpublish"]


def _call(day: Day, number: int) -> tuple[RoundDay, Call]:
    rnd = day.round(number)
    if rnd.call is None:
        raise conflict(Message.of("site.no_call", round=number))
    return rnd, rnd.call


def _unlocked(call: Call, number: int) -> None:
    if call.locked:
        raise conflict(Message.of("site.locked", round=number))


def may_call(day: Day, number: int) -> None:
    """The guards of a new call of round ``number``, before the engine seats anyone: the
    tournament open, no result in the round, its call not published, and in the final round
    the top board invited after a finished qualifying round."""
    open_day(day)
    round_number(day, number)
    rnd = day.round(number)
    if rnd.call is not None and rnd.call.locked:
        raise conflict(Message.of("site.locked", round=number))
    if rnd.results:
        boards = tuple(sorted(rnd.labels_with_results()))
        raise conflict(Message.of("lifecycle.call_over_results", round=number, boards=boards))
    if rnd.call is not None and rnd.call.published:
        raise conflict(Message.of("lifecycle.call_published", round=number))
    top = day.top_board
    if top is not None and number == top.final_round:
        if not day.complete(top.after_round):
            raise conflict(
                Message.of("lifecycle.qualifying_open", round=top.after_round, final=number)
            )
        if top.invited is None or len(top.invited) != 7:
            raise conflict(Message.of("site.not_played", round=top.after_round))


def make_call(
    day: Day, number: int, places: Sequence[Place], *, top_board: str | None = None
) -> Change:
    """Round ``number``'s new call (a draft) seats ``places``, the engine's; ``top_board`` is the
    board of the top board's seven in the final round."""
    may_call(day, number)
    rnd = day.round(number)
    if not places:
        raise conflict(Message.of("site.nobody", round=number))
    call = Call(CallStatus.DRAFT, tuple(places), top_board=top_board)
    problems = call_problems(day, number, call) + apart_problems(day, number, call)
    if problems:
        raise conflict(
            Message.of("site.refused", broken=Message.of("semicolons", items=tuple(problems)))
        )
    said = Message.of("lifecycle.call_made", round=number, boards=len(call.labels()))
    return Change(day.with_round(replace(rnd, call=call)), (said,))


def publish(day: Day, number: int, *, lock: bool = False) -> Change:
    """Players see the call; ``lock`` also fixes it (no swap, no new call)."""
    open_day(day)
    round_number(day, number)
    rnd, call = _call(day, number)
    if call.locked or (call.published and not lock):
        return Change(day)
    status = CallStatus.LOCKED if lock else CallStatus.PUBLISHED
    changed = call.changed if call.published else frozenset()
    new = replace(call, status=status, changed=changed)
    return Change(
        day.with_round(replace(rnd, call=new)),
        (Message.of("lifecycle.locked" if lock else "lifecycle.published", round=number),),
    )


def unpublish(day: Day, number: int) -> Change:
    """The call goes back to a draft (players no longer see it): before any result only."""
    open_day(day)
    round_number(day, number)
    rnd, call = _call(day, number)
    _unlocked(call, number)
    if not call.published:
        return Change(day)
    if rnd.results:
        boards = tuple(sorted(rnd.labels_with_results()))
        raise conflict(Message.of("lifecycle.unpublish_results", round=number, boards=boards))
    new = replace(call, status=CallStatus.DRAFT, changed=frozenset())
    said = (Message.of("lifecycle.unpublished", round=number),)
    return Change(day.with_round(replace(rnd, call=new)), said)


def _exchanged(
    places: tuple[Place, ...], other: int, board: str | None
) -> tuple[Place, ...] | None:
    """The places of one player a swap exchanges: the one on ``board`` when named, else all
    of them when that is one (or none); a two-boarder swapped with another two-boarder gives
    both. ``None``: which of two places is meant is not said."""
    if board is not None:
        on = tuple(p for p in places if p.board == board)
        if on:
            return on
    if len(places) <= 1 or (len(places) == 2 and other == 2 and board is None):
        return places
    return None


def _touched_ok(day: Day, number: int, call: Call, touched: set[str], allowing: str | None) -> None:
    rnd = day.round(number)
    for label in sorted(touched):
        if label != allowing and rnd.result(label) is not None:
            raise conflict(
                Message.of("lifecycle.board_has_result", round=number, board=label), "label"
            )


def _apart_ok(day: Day, number: int, call: Call, touched: set[str]) -> None:
    for label in sorted(touched):
        players = list(call.board(label).values())
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if a == b:
                    raise conflict(Message.of("lifecycle.twice_on_board", player=a, board=label))
                if label != call.top_board and day.apart(a, b):  # the top board: the invited
                    team = day.team_of(a)
                    why = (
                        Message.of("seeding.team", team=team)
                        if team is not None and team == day.team_of(b)
                        else Message.of("seeding.keep_apart")
                    )
                    raise conflict(
                        Message.of(
                            "lifecycle.kept_apart", a=a, b=b, board=label, round=number, why=why
                        )
                    )


def _changed(call: Call, new: Call, places: Sequence[Place]) -> frozenset[tuple[str, str]]:
    if not call.published:
        return frozenset()
    return call.changed | {(p.board, p.power) for p in places}


def swap_players(
    day: Day,
    number: int,
    a: str,
    b: str,
    *,
    board: str | None = None,
    allowing: str | None = None,
) -> Change:
    """Players ``a`` and ``b`` exchange their places in round ``number``'s call (one of them may
    sit out or be absent: the other then sits out in their place). ``board`` names which place
    of a two-boarder is meant. ``allowing``: a board whose result is being entered with these
    seats (a result's seat change is a swap in the call itself)."""
    open_day(day)
    round_number(day, number)
    rnd, call = _call(day, number)
    _unlocked(call, number)
    if a == b:
        raise bad(Message.of("site.two_players"), "player_b")
    expected(day, number, a, "player_a")
    expected(day, number, b, "player_b")
    pa, pb = call.places_of(a), call.places_of(b)
    if not pa and not pb:
        raise bad(Message.of("site.neither_seated", a=a, b=b), "player_a")
    ea = _exchanged(pa, len(pb), board)
    eb = _exchanged(pb, len(pa), board)
    if ea is None or eb is None:
        who = a if ea is None else b
        boards = tuple(p.board for p in (pa if ea is None else pb))
        raise bad(Message.of("lifecycle.swap_which", player=who, boards=boards), "label")
    moved = (*ea, *eb)
    touched = {p.board for p in moved}
    _touched_ok(day, number, call, touched, allowing)
    if call.top_board in touched and {p.board for p in ea} != {p.board for p in eb}:
        raise conflict(
            Message.of("lifecycle.top_board_fixed", round=number, board=call.top_board or "")
        )
    swap = {p: b for p in ea} | {p: a for p in eb}
    places = tuple(replace(p, player=swap[p]) if p in swap else p for p in call.places)
    new = Call(call.status, places, call.changed, call.top_board)
    _apart_ok(day, number, new, touched)
    new = replace(new, changed=_changed(call, new, moved))
    roll = day.present(number)
    roll[a] = new.count(a)
    roll[b] = new.count(b)
    said = (Message.of("lifecycle.swapped_players", a=a, b=b, round=number),)
    after = replace(rnd, call=new, roll=tuple(sorted(roll.items())))
    return Change(day.with_round(after), said)


def swap_powers(
    day: Day, number: int, label: str, x: str, y: str, *, allowing: str | None = None
) -> Change:
    """The players of powers ``x`` and ``y`` on board ``label`` exchange powers."""
    open_day(day)
    round_number(day, number)
    rnd, call = _call(day, number)
    _unlocked(call, number)
    if label not in call.labels():
        raise bad(Message.of("site.no_board", round=number, board=label), "label")
    if x == y:
        raise bad(Message.of("site.two_powers"), "power_b")
    _touched_ok(day, number, call, {label}, allowing)
    seats = call.board(label)
    swap = {x: seats[y], y: seats[x]}
    moved = tuple(p for p in call.places if p.board == label and p.power in swap)
    places = tuple(
        replace(p, player=swap[p.power]) if p.board == label and p.power in swap else p
        for p in call.places
    )
    new = Call(call.status, places, call.changed, call.top_board)
    new = replace(new, changed=_changed(call, new, moved))
    said = (
        Message.of("lifecycle.swapped_powers", board=label, x=power(x), y=power(y), round=number),
    )
    return Change(day.with_round(replace(rnd, call=new)), said)
