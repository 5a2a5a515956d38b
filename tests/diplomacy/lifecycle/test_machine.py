"""The day's lifecycle under random sequences of a TD's actions (issue 32): roll calls (possible
and impossible), calls and new calls, swaps before and after publication and lock, results with
and without seat changes, corrections, removals, undo, top-board invitations, attendance,
keep-apart pairs, close, and writes after close — valid and invalid, in any order. After every
step every invariant holds (:func:`violations`), and the changes keep what the invariants about
steps say: a refused transition leaves the day as it was (a value), a swap keeps a published call
published, nothing changes after close, and closing is always possible once the half-played
rounds' results are removed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from palmares.diplomacy.lifecycle import (
    CallStatus,
    Change,
    Day,
    Place,
    Refused,
    Registered,
    Result,
    TopBoardRule,
    add_keep_apart,
    check_in,
    close,
    enter_result,
    invite,
    make_call,
    publish,
    remove_results,
    restore_result,
    set_attendance,
    swap_players,
    swap_powers,
    take_roll_call,
    unpublish,
    violations,
)
from palmares.diplomacy.powers import GREAT_POWERS
from tests.conftest import examples

PLAYERS = tuple(f"P{i:02d}" for i in range(18))
ROUNDS = 3
TEAMS = {"P00": "Red", "P01": "Red", "P02": "Red"}


def seat(day: Day, number: int, rng: random.Random) -> tuple[list[Place], str | None] | None:
    """A call an engine could make for round ``number``'s roll call: sitters or two-boarders
    to fill boards of seven, the top board's seven on board 1 in the final round."""
    roll = day.present(number)
    top = day.top_board
    fixed: list[str] = []
    if top is not None and number == top.final_round and top.invited is not None:
        fixed = [p for p in top.invited if p in roll]
        if len(fixed) != 7:
            return None
    counts = {p: (1 if n is None else n) for p, n in roll.items() if p not in fixed}
    free = [p for p in sorted(counts) if roll[p] is None]
    rng.shuffle(free)
    free.sort(key=lambda p: day.team_of(p) is None)  # no team-mate plays two boards
    left = sum(counts.values()) % 7
    double = left >= 4  # two-boarders when fewer are changed than by sitting out
    for _ in range(7 - left if double and left else left):
        if not free:
            return None
        counts[free.pop()] = 2 if double else 0
    entries = [p for p, n in counts.items() for _ in range(n)]
    for _ in range(50):  # a seating that keeps team-mates and pairs apart, when one is found
        rng.shuffle(entries)
        boards = [entries[i : i + 7] for i in range(0, len(entries), 7)]
        if not any(
            len(set(board)) < len(board) or day.apart(a, b)
            for board in boards
            for a in board
            for b in board
            if a != b
        ):
            break
    start = 1
    places: list[Place] = []
    label: str | None = None
    if fixed:
        label = "1"
        places += [Place("1", power, p) for power, p in zip(GREAT_POWERS, fixed, strict=True)]
        start = 2
    for i, board in enumerate(boards):
        places += [
            Place(str(start + i), power, p) for power, p in zip(GREAT_POWERS, board, strict=True)
        ]
    return places, label


class Lifecycle(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        registered = tuple(Registered(p, team=TEAMS.get(p)) for p in PLAYERS)
        self.day = Day(ROUNDS, registered, top_board=TopBoardRule(after_round=2))
        self.rng = random.Random(0)
        #: Each board's result history, for the undo (round, board) -> [previous results].
        self.log: list[tuple[int, str, Result | None]] = []

    # -- applying a transition ----------------------------------------------------------------

    def attempt(self, change: object, *, derived: bool = False) -> Change | None:
        """Run ``change`` (a thunk); a refusal leaves the day unchanged. After close every
        write is refused; ``derived`` (the invitations the engine recomputes after a write)
        may answer that nothing changed."""
        before = self.day
        try:
            done = change()  # type: ignore[operator]
        except Refused as refused:
            assert refused.said is not None
            assert self.day == before
            event(f"refused: {refused.said.key}")
            return None
        assert isinstance(done, Change)
        if before.closed and (done.said or not derived):
            raise AssertionError(f"a write after close was accepted: {done.said}")
        self.day = done.day
        event(f"accepted: {done.said[0].key if done.said else 'no change'}")
        return done

    def number(self, data: st.DataObject) -> int:
        """Mostly one of the rounds; sometimes one before or after them."""
        return data.draw(st.sampled_from((1, 1, 2, 2, 3, 3, 0, ROUNDS + 1)), label="round")

    def player(self, data: st.DataObject) -> str:
        return data.draw(st.sampled_from((*PLAYERS, *PLAYERS, "Nobody")), label="player")

    # -- rules: roll call -------------------------------------------------------------------

    @rule(data=st.data())
    def roll_call(self, data: st.DataObject) -> None:
        number = self.number(data)
        if data.draw(st.booleans()):  # everyone expected, a few requests
            chosen = list(self.day.expected(number)) or list(PLAYERS)
        else:
            chosen = data.draw(st.lists(st.sampled_from(PLAYERS), unique=True, max_size=18))
        requests = st.sampled_from((None, None, None, None, None, 0, 1, 2))
        boards = {p: data.draw(requests) for p in chosen}
        self.attempt(lambda: take_roll_call(self.day, number, boards))

    @rule(data=st.data())
    def play_round(self, data: st.DataObject) -> None:
        """The whole of a round as a TD plays it: a call, published, every board's result."""
        number = self.number(data)
        if self.day.round(number).call is None and 1 <= number <= ROUNDS:
            made = seat(self.day, number, self.rng)
            if made is not None:
                self.attempt(lambda: make_call(self.day, number, made[0], top_board=made[1]))
        self.attempt(lambda: publish(self.day, number))
        call = self.day.round(number).call
        for label in call.labels() if call is not None else ():
            if self.day.round(number).result(label) is None:
                previous = None
                if self.attempt(partial(enter_result, self.day, number, label)) is not None:
                    self.log.append((number, label, previous))

    @rule(data=st.data())
    def check_in(self, data: st.DataObject) -> None:
        number, player = self.number(data), self.player(data)
        self.attempt(lambda: check_in(self.day, number, player))

    @rule(data=st.data())
    def attendance(self, data: st.DataObject) -> None:
        player = data.draw(st.sampled_from(PLAYERS))
        arrives = data.draw(st.integers(1, ROUNDS))
        withdrawn = data.draw(st.one_of(st.none(), st.integers(arrives - 1, ROUNDS)))
        self.attempt(lambda: set_attendance(self.day, player, arrives, withdrawn))

    @rule(data=st.data())
    def keep_apart(self, data: st.DataObject) -> None:
        a, b = self.player(data), self.player(data)
        self.attempt(lambda: add_keep_apart(self.day, ((a, b),)))

    # -- rules: the call ------------------------------------------------------------------------

    @rule(data=st.data())
    def new_call(self, data: st.DataObject) -> None:
        number = self.number(data)
        if not 1 <= number <= ROUNDS:
            self.attempt(lambda: make_call(self.day, number, []))
            return
        made = seat(self.day, number, self.rng)
        if made is None:
            return
        places, label = made
        self.attempt(lambda: make_call(self.day, number, places, top_board=label))

    @rule(data=st.data(), lock=st.booleans())
    def publish(self, data: st.DataObject, lock: bool) -> None:
        number = self.number(data)
        self.attempt(lambda: publish(self.day, number, lock=lock))

    @rule(data=st.data())
    def unpublish(self, data: st.DataObject) -> None:
        number = self.number(data)
        self.attempt(lambda: unpublish(self.day, number))

    @rule(data=st.data())
    def swap_players(self, data: st.DataObject) -> None:
        number = self.number(data)
        call = self.day.round(number).call
        seated = sorted(call.seated()) if call is not None else []
        a = data.draw(st.sampled_from(seated)) if seated else self.player(data)
        b = self.player(data)
        board = data.draw(st.sampled_from((None, "1", "2")))
        before = self.day.round(number).call
        done = self.attempt(lambda: swap_players(self.day, number, a, b, board=board))
        if done is not None and before is not None:
            after = self.day.round(number).call
            assert after is not None and after.status is before.status  # invariant 4

    @rule(data=st.data())
    def swap_powers(self, data: st.DataObject) -> None:
        number = self.number(data)
        label = data.draw(st.sampled_from(("1", "2", "3")))
        x, y = data.draw(st.sampled_from(GREAT_POWERS)), data.draw(st.sampled_from(GREAT_POWERS))
        before = self.day.round(number).call
        done = self.attempt(lambda: swap_powers(self.day, number, label, x, y))
        if done is not None and before is not None:
            after = self.day.round(number).call
            assert after is not None and after.status is before.status

    # -- rules: results -----------------------------------------------------------------------

    @rule(data=st.data())
    def result(self, data: st.DataObject) -> None:
        number = self.number(data)
        label = data.draw(st.sampled_from(("1", "2", "3")))
        seats = None
        call = self.day.round(number).call
        if call is not None and label in call.labels() and data.draw(st.booleans()):
            seats = call.board(label)
            if data.draw(st.booleans()):  # a seat changed at the table
                power = data.draw(st.sampled_from(GREAT_POWERS))
                seats = {**seats, power: data.draw(st.sampled_from(PLAYERS))}
        previous = self.day.round(number).result(label)
        if self.attempt(lambda: enter_result(self.day, number, label, seats)) is not None:
            self.log.append((number, label, previous))

    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        number = self.number(data)
        self.attempt(lambda: remove_results(self.day, number))

    @precondition(lambda self: bool(self.log))
    @rule()
    def undo(self) -> None:
        number, label, previous = self.log[-1]
        if self.attempt(lambda: restore_result(self.day, number, label, previous)) is not None:
            self.log.pop()

    # -- rules: top board and close ---------------------------------------------------------

    @rule(data=st.data())
    def invitations(self, data: st.DataObject) -> None:
        """The engine's seven after a write (the standings are not modelled: any seven who
        played the qualifying round)."""
        top = self.day.top_board
        assert top is not None
        played = sorted(
            {p for r in self.day.round(top.after_round).results for p in r.players()}
            - {r.player for r in self.day.registered if not r.plays_in(top.final_round)}
        )
        if len(played) < 7:
            return
        seven = tuple(sorted(data.draw(st.permutations(played))[:7]))
        self.attempt(lambda: invite(self.day, seven), derived=True)

    @rule()
    def close(self) -> None:
        self.attempt(lambda: close(self.day))

    # -- invariants ---------------------------------------------------------------------------

    @invariant()
    def every_invariant_holds(self) -> None:
        assert violations(self.day) == (), violations(self.day)

    @invariant()
    def closing_is_always_possible(self) -> None:
        """From any day reached: removing the half-played rounds' results lets it close (or
        nothing was played at all)."""
        day = self.day
        if day.closed:
            return
        for rnd in day.played:
            if rnd.call is not None and rnd.results and not day.complete(rnd.number):
                day = remove_results(day, rnd.number).day
        if day.rounds_with_results():
            closed = close(day).day
            assert closed.closed and violations(closed) == ()

    @invariant()
    def published_calls_keep_their_seats_for_results(self) -> None:
        for rnd in self.day.played:
            if rnd.results and rnd.call is not None:
                assert rnd.call.status is not CallStatus.DRAFT


Lifecycle.TestCase.settings = settings(
    max_examples=examples(60, 600), stateful_step_count=80, deadline=None, derandomize=True
)
test_lifecycle = Lifecycle.TestCase


def test_the_machine_reaches_every_state() -> None:
    """The random TD gets far enough to matter: a walk of the machine's own rules publishes,
    enters results and closes (so the invariants above are checked on real days)."""
    day = Day(ROUNDS, tuple(Registered(p, team=TEAMS.get(p)) for p in PLAYERS))
    rng = random.Random(1)
    for number in (1, 2, 3):
        made = seat(day, number, rng)
        assert made is not None
        day = make_call(day, number, made[0], top_board=made[1]).day
        day = publish(day, number).day
        call = day.round(number).call
        assert call is not None
        for label in call.labels():
            day = enter_result(day, number, label).day
    day = close(day).day
    assert day.closed and violations(day) == ()
    assert replace(day, closed=False) != day
