"""What holds of every day a TD can reach (issue 32, "Invariants"), as typed messages: an empty
answer from :func:`violations` is a day that keeps them all.

1. Within a round a player sits once per board the roll call gives them (a two-boarder twice,
   never twice on one board); only registered players expected and present in the round sit.
2. A stored result's seats are its board's seats in the round's published call; a tournament
   run on the site has no result without a call (a recorded one has no call at all).
3. Results only on a published call.
5. The final round seats the top board's seven on one board (seed 002, "Top Board"); its roll
   call has each of them present on one board.
   Kept-apart pairs and team-mates (seed 002, "Board Assignments", "Team Tournament") are a
   rule of the call when it is made or changed (:func:`apart_problems`, the swaps), and a new
   pair is refused while a board not played seats it: a pair added after the two met stays
   history.
7. A closed tournament has no round half played.

Invariants 4, 6, 8, 9 and 10 are about changes, standings, the audit and the clock: the
transitions and the site keep them, and the stateful tests check them step by step.
"""

from __future__ import annotations

from collections import Counter

from palmares.core.message import Message
from palmares.diplomacy.lifecycle.guards import MAX_ROUNDS
from palmares.diplomacy.lifecycle.state import Call, Day, RoundDay
from palmares.diplomacy.powers import GREAT_POWERS

__all__ = ["apart_problems", "call_problems", "violations"]


def call_problems(day: Day, number: int, call: Call) -> list[Message]:
    """What is wrong with ``call`` as round ``number``'s call (invariants 1, 5 and the hard
    constraints)."""
    out: list[Message] = []
    for label in call.labels():
        seats = call.board(label)
        if sorted(seats) != sorted(GREAT_POWERS):
            out.append(Message.of("invariant.powers", round=number, board=label))
        twice = sorted(p for p, n in Counter(seats.values()).items() if n > 1)
        if twice:
            out.append(
                Message.of(
                    "invariant.twice_on_board", round=number, board=label, players=tuple(twice)
                )
            )
    roll = day.present(number)
    for player in sorted(call.seated()):
        n = call.count(player)
        if n > 2:
            out.append(Message.of("invariant.three_boards", round=number, player=player, boards=n))
        if not day.recorded:
            entry = day.entry(player)
            if entry is None or not entry.plays_in(number):
                out.append(Message.of("invariant.not_expected", round=number, player=player))
            elif player not in roll:
                out.append(Message.of("invariant.not_present", round=number, player=player))
    for player, boards in sorted(roll.items()):
        if boards is not None and call.count(player) != boards:
            out.append(
                Message.of(
                    "invariant.boards",
                    round=number,
                    player=player,
                    boards=boards,
                    seated=call.count(player),
                )
            )
    if not call.published and call.changed:
        out.append(Message.of("invariant.draft_marked", round=number))
    top = day.top_board
    if top is not None and number == top.final_round and top.invited is not None:
        if call.top_board is None:
            out.append(Message.of("invariant.no_top_board", round=number))
        elif set(call.board(call.top_board).values()) != set(top.invited):
            out.append(Message.of("invariant.top_board", round=number, board=call.top_board))
    return out


def _round_problems(day: Day, rnd: RoundDay) -> list[Message]:
    out: list[Message] = []
    number = rnd.number
    last = MAX_ROUNDS if day.recorded else day.rounds
    if not 1 <= number <= last:
        out.append(Message.of("invariant.round", round=number, most=last))
    for player, _ in rnd.roll or ():
        entry = day.entry(player)
        if not day.recorded and (entry is None or not entry.plays_in(number)):
            out.append(Message.of("invariant.roll_not_expected", round=number, player=player))
    top = day.top_board
    if top is not None and number == top.final_round and top.invited and rnd.roll is not None:
        roll = dict(rnd.roll)
        for player in top.invited:
            entry = day.entry(player)
            if entry is not None and not entry.plays_in(number):
                continue  # withdrawn: the next walk of the invitations passes them over
            if roll.get(player, 0) not in (None, 1):
                out.append(Message.of("invariant.invitee_sits", round=number, player=player))
    call = rnd.call
    if call is not None:
        out.extend(call_problems(day, number, call))
        for result in rnd.results:
            if result.board not in call.labels():
                out.append(
                    Message.of("invariant.result_off_call", round=number, board=result.board)
                )
            elif result.seat_map() != call.board(result.board):
                out.append(Message.of("invariant.result_seats", round=number, board=result.board))
        if rnd.results and not call.published:
            out.append(Message.of("invariant.result_on_draft", round=number))
    else:
        if rnd.results and not day.recorded:
            out.append(Message.of("invariant.result_without_call", round=number))
        boards: Counter[str] = Counter()
        for result in rnd.results:
            players = result.players()
            if len(set(players)) != len(players):
                out.append(
                    Message.of(
                        "invariant.twice_on_board", round=number, board=result.board, players=()
                    )
                )
            boards.update(set(players))
        for player, n in sorted(boards.items()):
            if n > 2:
                out.append(
                    Message.of("invariant.three_boards", round=number, player=player, boards=n)
                )
    if day.closed and call is not None and rnd.results and not day.complete(number):
        out.append(Message.of("invariant.closed_half_played", round=number))
    return out


def apart_problems(day: Day, number: int, call: Call) -> list[Message]:
    """The boards of ``call`` that seat a kept-apart pair or team-mates together; the top
    board seats its seven whoever they are (seed 002, "Team Tournament": team-mates may all
    play on the top board)."""
    out: list[Message] = []
    for label in call.labels():
        if label == call.top_board:
            continue
        players = list(call.board(label).values())
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if a != b and day.apart(a, b):
                    out.append(Message.of("invariant.apart", round=number, board=label, a=a, b=b))
    return out


def violations(day: Day) -> tuple[Message, ...]:
    """Every invariant ``day`` breaks (empty: none)."""
    out: list[Message] = []
    for rnd in day.played:
        out.extend(_round_problems(day, rnd))
    return tuple(out)
