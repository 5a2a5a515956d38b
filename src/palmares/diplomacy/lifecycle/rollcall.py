"""A round's roll call: who is present and how many boards each plays (issue 12, step 3).

Seed 002 ("Board Assignments"): the TD seats the players present; when the number of players is
not a multiple of seven some sit out or play two boards (specs/diplomacy.md, "Board call"). Our
reading of the day (issue 32):

- the roll call changes freely until the round's call is published; a draft call that no longer
  fits it (a seated player gone, a request changed) is dropped, and the TD is told;
- once the call is published, who plays changes by a swap (:func:`.call.swap_players`), so
  the players see every change; the roll call itself is refused;
- in the final round the top board's seven are present and play one board each (seed 002,
  "Top Board"): an invitee is not marked absent or sitting out — a decline comes first;
- a player checks in with the round's code until its call is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from palmares.core.message import Message
from palmares.diplomacy.lifecycle.guards import expected, open_day, round_number
from palmares.diplomacy.lifecycle.refusal import Change, bad, conflict
from palmares.diplomacy.lifecycle.state import Call, Day, RoundDay

__all__ = ["check_in", "drop_from_rolls", "fits", "invitees_in_roll", "take_roll_call"]

BOARDS = (None, 0, 1, 2)


def fits(call: Call, roll: Mapping[str, int | None]) -> bool:
    """Whether ``call`` seats the roll call as it is: every seated player present, each
    request met (a player with no request plays 0, 1 or 2 boards)."""
    for player in call.seated():
        if player not in roll:
            return False
    for player, boards in roll.items():
        if boards is not None and call.count(player) != boards:
            return False
    return True


def invitees_in_roll(
    day: Day, number: int, roll: Mapping[str, int | None]
) -> dict[str, int | None]:
    """Round ``number``'s roll call with the top board's seven present on one board each,
    when ``number`` is the final round and the seven are known (seed 002, "Top Board")."""
    top = day.top_board
    if top is None or top.invited is None or number != top.final_round:
        return dict(roll)
    out = dict(roll)
    expected = set(day.expected(number)) if not day.recorded else set(top.invited)
    for player in top.invited:
        if player not in expected:
            continue  # withdrawn: the next walk of the invitations passes them over
        if out.get(player, 1) not in (None, 1):
            raise conflict(
                Message.of("lifecycle.invitee_sits", player=player, round=number), "sit_out"
            )
        if player not in out:
            raise conflict(
                Message.of("lifecycle.invitee_absent", player=player, round=number), "present"
            )
        out[player] = 1
    return out


def _canonical(roll: Mapping[str, int | None]) -> tuple[tuple[str, int | None], ...]:
    return tuple(sorted(roll.items()))


def take_roll_call(day: Day, number: int, roll: Mapping[str, int | None]) -> Change:
    """Round ``number``'s roll call becomes ``roll`` (present player → boards)."""
    open_day(day)
    round_number(day, number)
    for player, boards in roll.items():
        expected(day, number, player, "present")
        if boards not in BOARDS:
            raise bad(Message.of("lifecycle.boards", player=player, got=str(boards)), "present")
    rnd = day.round(number)
    if rnd.call is not None and rnd.call.published:
        raise conflict(Message.of("lifecycle.roll_published", round=number))
    wanted = invitees_in_roll(day, number, roll)
    if rnd.roll is not None and _canonical(wanted) == rnd.roll:
        return Change(day)
    said = [Message.of("lifecycle.roll_taken", round=number, present=len(wanted))]
    call = rnd.call
    if call is not None and not fits(call, wanted):
        call = None
        said.append(Message.of("lifecycle.draft_dropped", round=number))
    return Change(day.with_round(replace(rnd, roll=_canonical(wanted), call=call)), tuple(said))


def check_in(day: Day, number: int, player: str) -> Change:
    """``player`` marks themself present for round ``number`` (the round's code was checked by
    the caller). The first check-in starts the roll call: who checks in is present, the TD adds
    the rest."""
    open_day(day)
    round_number(day, number)
    expected(day, number, player, "name")
    rnd = day.round(number)
    if rnd.call is not None:
        raise conflict(Message.of("site.call_made", round=number), "code")
    roll = dict(rnd.roll) if rnd.roll is not None else {}
    if player in roll:
        return Change(day)
    roll[player] = None
    top = day.top_board
    if rnd.roll is None and top is not None and top.invited and number == top.final_round:
        # the first check-in of the final round starts its roll call with the top board's seven
        roll.update({p: 1 for p in top.invited if p != player and p in day.expected(number)})
        roll = invitees_in_roll(day, number, roll)
    said = (Message.of("lifecycle.checked_in", player=player, round=number),)
    return Change(day.with_round(replace(rnd, roll=_canonical(roll))), said)


def drop_from_rolls(day: Day, player: str) -> Day:
    """``player`` taken out of the roll calls of rounds they are no longer expected in (a
    withdrawal or a later arrival; the caller has refused it where they are seated)."""
    entry = day.entry(player)
    out = day
    for rnd in day.played:
        if rnd.roll is None:
            continue
        if entry is not None and entry.plays_in(rnd.number):
            continue
        kept = tuple((p, n) for p, n in rnd.roll if p != player)
        if kept != rnd.roll:
            out = out.with_round(RoundDay(rnd.number, kept, rnd.call, rnd.results))
    return out
