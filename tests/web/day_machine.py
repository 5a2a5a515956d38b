"""The tournament day driven by random sequences of a TD's actions through the site (issue 32):
the services the forms call, or the JSON API — valid and invalid, in any order: roll calls
(possible and impossible), calls and new calls, swaps before and after publication and lock,
results with and without seat changes, corrections, removals, undo, top-board declines,
attendance, keep-apart pairs, rulings, close, and writes after close.

After every step, on the stored rows:

- every invariant of the lifecycle holds (``diplomacy.lifecycle.violations`` of the day read
  back from the database);
- the standings list every registered player who played or sat out, each once, with the games
  of the stored boards;
- a refused write changed nothing (the day, the boards, the audit log) and answered 4xx; an
  accepted one left exactly one audit entry;
- a swap kept a published call published;
- after close every write is refused (409) and the clock is stopped;
- the final classification is always possible (no top board that disagrees with its
  invitations), and closing is possible once the half-played rounds' results are removed.

:class:`Services` and :class:`Api` are the two ways in; ``test_day_machine.py`` runs both, on
SQLite and (``DATABASE_URL``) PostgreSQL.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import partial
from typing import Any

from django.contrib.auth.models import Group, User
from django.db import transaction
from django.test import Client
from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from palmares.core.errors import PalmaresError
from palmares.diplomacy import lifecycle
from palmares.diplomacy.powers import GREAT_POWERS
from palmares.web.accounts.roles import TOURNAMENT_DIRECTORS
from palmares.web.audit.models import AuditEntry
from palmares.web.clock import services as clock
from palmares.web.tournaments import (
    adapters,
    boardcall,
    closing,
    overrides,
    registration,
    results,
    rollcall,
    setup,
    topboard,
    undo,
)
from palmares.web.tournaments.day import load_day
from palmares.web.tournaments.models import Seat, Tournament

PLAYERS = tuple(f"Entrant {i:02d}" for i in range(1, 19))
TEAM = PLAYERS[:3]
ROUNDS = 3


@dataclass(frozen=True, slots=True)
class Outcome:
    """A write's answer: accepted, or refused with its status."""

    ok: bool
    status: int


def _centres(rng: random.Random) -> dict[str, int]:
    """A board's final centres: seven counts summing to at most 34."""
    counts = [rng.randint(0, 10) for _ in GREAT_POWERS]
    while sum(counts) > 34:
        counts[counts.index(max(counts))] -= 1
    return dict(zip(GREAT_POWERS, counts, strict=True))


class Actor:
    """A way in: each method makes one write and says whether it was accepted."""

    def __init__(self, user: User, t: Tournament) -> None:
        self.user, self.t = user, t

    def roll_call(self, n: int, present: list[str], sit: list[str], two: list[str]) -> Outcome:
        raise NotImplementedError

    def accept(self, n: int) -> Outcome:
        raise NotImplementedError

    def call(self, n: int, seed: int) -> Outcome:
        raise NotImplementedError

    def publish(self, n: int, lock: bool) -> Outcome:
        raise NotImplementedError

    def unpublish(self, n: int) -> Outcome:
        raise NotImplementedError

    def swap(self, n: int, a: str, b: str, board: str | None) -> Outcome:
        raise NotImplementedError

    def swap_powers(self, n: int, label: str, x: str, y: str) -> Outcome:
        raise NotImplementedError

    def result(self, n: int, label: str, body: dict[str, Any]) -> Outcome:
        raise NotImplementedError

    def remove(self, n: int) -> Outcome:
        raise NotImplementedError

    def undo(self) -> Outcome:
        raise NotImplementedError

    def decline(self, player: str) -> Outcome:
        raise NotImplementedError

    def attendance(self, player: str, arrives: int, withdrawn: int | None) -> Outcome:
        raise NotImplementedError

    def keep_apart(self, a: str, b: str) -> Outcome:
        raise NotImplementedError

    def ruling(self, player: str, score: str) -> Outcome:
        raise NotImplementedError

    def clock(self, action: str) -> Outcome:
        raise NotImplementedError

    def close(self) -> Outcome:
        raise NotImplementedError


class Services(Actor):
    """The services the desk's forms call (``palmares.web.tournaments``)."""

    def _do(self, write: Callable[[], object]) -> Outcome:
        try:
            with transaction.atomic():
                write()
        except PalmaresError as exc:
            return Outcome(False, int(getattr(exc, "status", 400)))
        return Outcome(True, 200)

    def roll_call(self, n: int, present: list[str], sit: list[str], two: list[str]) -> Outcome:
        return self._do(lambda: rollcall.take_roll_call(self.user, self.t, n, present, sit, two))

    def accept(self, n: int) -> Outcome:
        return self._do(lambda: rollcall.accept_proposal(self.user, self.t, n))

    def call(self, n: int, seed: int) -> Outcome:
        return self._do(lambda: boardcall.make_call(self.user, self.t, n, seed=seed))

    def publish(self, n: int, lock: bool) -> Outcome:
        return self._do(lambda: boardcall.publish_call(self.user, self.t, n, lock=lock))

    def unpublish(self, n: int) -> Outcome:
        return self._do(lambda: boardcall.unpublish_call(self.user, self.t, n))

    def swap(self, n: int, a: str, b: str, board: str | None) -> Outcome:
        return self._do(lambda: boardcall.swap_players(self.user, self.t, n, a, b, board=board))

    def swap_powers(self, n: int, label: str, x: str, y: str) -> Outcome:
        return self._do(lambda: boardcall.swap_powers(self.user, self.t, n, label, x, y))

    def result(self, n: int, label: str, body: dict[str, Any]) -> Outcome:
        entered = results.BoardResult(
            centres=body["centres"],
            eliminated=body.get("eliminated", {}),
            final_year=body.get("final_year"),
            seats=body.get("seats"),
        )
        return self._do(lambda: results.enter_result(self.user, self.t, n, label, entered))

    def remove(self, n: int) -> Outcome:
        return self._do(lambda: results.remove_results(self.user, self.t, n))

    def undo(self) -> Outcome:
        return self._do(lambda: undo.undo_last_result(self.user, self.t))

    def decline(self, player: str) -> Outcome:
        return self._do(lambda: topboard.decline(self.user, self.t, player))

    def attendance(self, player: str, arrives: int, withdrawn: int | None) -> Outcome:
        return self._do(
            lambda: registration.set_attendance(
                self.user, self.t, player, arrives=arrives, withdrawn_after=withdrawn
            )
        )

    def keep_apart(self, a: str, b: str) -> Outcome:
        return self._do(lambda: registration.add_keep_apart(self.user, self.t, [(a, b)]))

    def ruling(self, player: str, score: str) -> Outcome:
        return self._do(lambda: overrides.add_override(self.user, self.t, player, score, "penalty"))

    def clock(self, action: str) -> Outcome:
        return self._do(lambda: clock.act(self.t, action, user=self.user))

    def close(self) -> Outcome:
        return self._do(lambda: closing.close_tournament(self.t, self.user))


class Api(Actor):
    """The JSON API, as a script with the director's session would call it."""

    def __init__(self, user: User, t: Tournament) -> None:
        super().__init__(user, t)
        self.client = Client()
        self.client.force_login(user)
        self.base = f"/api/tournaments/{t.pk}"

    def _send(self, method: str, url: str, body: Any = None) -> Outcome:
        call = getattr(self.client, method.lower())
        data = json.dumps(body) if body is not None else None
        answer = call(self.base + url, data=data, content_type="application/json")
        assert answer.status_code < 500, (method, url, body, answer.content)
        if answer.status_code >= 400:
            assert "detail" in answer.json(), answer.content
        return Outcome(answer.status_code < 300, answer.status_code)

    def roll_call(self, n: int, present: list[str], sit: list[str], two: list[str]) -> Outcome:
        body = {"present": present, "sit_out": sit, "two_boards": two}
        return self._send("PUT", f"/rounds/{n}/roll-call", body)

    def accept(self, n: int) -> Outcome:
        return self._send("POST", f"/rounds/{n}/roll-call/accept")

    def call(self, n: int, seed: int) -> Outcome:
        return self._send("POST", f"/rounds/{n}/board-call", {"seed": seed})

    def publish(self, n: int, lock: bool) -> Outcome:
        return self._send("POST", f"/rounds/{n}/board-call/{'lock' if lock else 'publish'}")

    def unpublish(self, n: int) -> Outcome:
        return self._send("POST", f"/rounds/{n}/board-call/unpublish")

    def swap(self, n: int, a: str, b: str, board: str | None) -> Outcome:
        body: dict[str, Any] = {"player_a": a, "player_b": b}
        if board is not None:
            body["label"] = board
        return self._send("POST", f"/rounds/{n}/board-call/swap", body)

    def swap_powers(self, n: int, label: str, x: str, y: str) -> Outcome:
        body = {"label": label, "power_a": x, "power_b": y}
        return self._send("POST", f"/rounds/{n}/board-call/swap", body)

    def result(self, n: int, label: str, body: dict[str, Any]) -> Outcome:
        return self._send("PUT", f"/rounds/{n}/boards/{label}", body)

    def remove(self, n: int) -> Outcome:
        return self._send("DELETE", f"/rounds/{n}/results")

    def undo(self) -> Outcome:
        return self._send("POST", "/undo")

    def decline(self, player: str) -> Outcome:
        return self._send("POST", "/top-board/declines", {"player": player})

    def attendance(self, player: str, arrives: int, withdrawn: int | None) -> Outcome:
        body = {"player": player, "arrives": arrives, "withdrawn_after": withdrawn}
        return self._send("POST", "/attendance", body)

    def keep_apart(self, a: str, b: str) -> Outcome:
        return self._send("POST", "/keep-apart", [{"player_a": a, "player_b": b}])

    def ruling(self, player: str, score: str) -> Outcome:
        return self._send(
            "POST", "/overrides", {"player": player, "score": score, "reason": "penalty"}
        )

    def clock(self, action: str) -> Outcome:
        return self._send("POST", "/clock", {"action": action})

    def close(self) -> Outcome:
        return self._send("POST", "/close")


def _fingerprint(t: Tournament) -> tuple[Any, ...]:
    """What a refused write must leave as it was."""
    boards = tuple(
        Seat.objects.filter(board__round__tournament=t)
        .order_by("board__round__number", "board__label", "power")
        .values_list(
            "board__round__number", "board__label", "power", "player__name", "centres",
            "eliminated", "in_draw",
        )
    )  # fmt: skip
    audit = AuditEntry.objects.filter(tournament=t).count()
    return (load_day(t, with_invitations=False), boards, audit)


class DayMachine(RuleBasedStateMachine):
    """See the module's docstring; :attr:`way_in` is :class:`Services` or :class:`Api`."""

    way_in: type[Actor] = Services

    def __init__(self) -> None:
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.rng = random.Random(0)
        self.user = User.objects.create_user(f"machine-{id(self)}", password="machine-2026-pw")
        group, _ = Group.objects.get_or_create(name=TOURNAMENT_DIRECTORS)
        self.user.groups.add(group)
        self.t = setup.create_tournament(
            self.user,
            setup.SetUp(
                name=f"Machine Cup {id(self)}",
                date=date(2026, 6, 1),
                rounds=ROUNDS,
                scoring="divide-and-conquer",
                aggregation="ante",
                team_size=3,
                top_board=True,
            ),
        )
        rows = [registration.PlayerIn(p, "", "Trio" if p in TEAM else None) for p in PLAYERS]
        registration.register_players(self.user, self.t, rows)
        self.actor = self.way_in(self.user, self.t)
        self.closed = False
        # The stored rows as the last write left them: only writes change them (every other
        # rule and invariant reads), so the next write's "before" is this write's "after".
        self.stored: tuple[Any, ...] | None = None

    def teardown(self) -> None:
        try:
            self.closing_is_possible()
        finally:
            transaction.set_rollback(True)
            self.atomic.__exit__(None, None, None)

    # -- one write, checked -----------------------------------------------------------------

    def write(self, name: str, do: Callable[[], Outcome]) -> Outcome:
        before = self.stored if self.stored is not None else _fingerprint(self.t)
        was_closed = before[0].closed
        out = do()
        after = self.stored = _fingerprint(self.t)
        event(f"{name}: {'accepted' if out.ok else out.status}")
        if was_closed:
            assert not out.ok and out.status == 409, (name, out)
        if out.ok:
            assert after[2] - before[2] <= 1, (name, "more than one audit entry")
        else:
            assert 400 <= out.status < 500, (name, out)
            assert after == before, (name, "a refused write changed something")
        return out

    def number(self, data: st.DataObject) -> int:
        return data.draw(st.sampled_from((1, 1, 2, 2, 3, 3, 0, ROUNDS + 1)), label="round")

    def player(self, data: st.DataObject) -> str:
        return data.draw(st.sampled_from((*PLAYERS, *PLAYERS, "Nobody Known")), label="player")

    # -- rules ----------------------------------------------------------------------------------

    @initialize(played=st.integers(0, 2))
    def start(self, played: int) -> None:
        """The day starts with ``played`` rounds played as a TD plays them (so that the random
        actions meet results, corrections and the top board, not only empty rounds)."""
        for n in range(1, played + 1):
            self._play(n)

    @rule(data=st.data())
    def roll_call(self, data: st.DataObject) -> None:
        n = self.number(data)
        present = list(data.draw(st.sampled_from((PLAYERS, PLAYERS, PLAYERS[:14], PLAYERS[3:]))))
        sit = data.draw(st.lists(st.sampled_from(PLAYERS), max_size=2, unique=True))
        two = data.draw(st.lists(st.sampled_from(PLAYERS), max_size=5, unique=True))
        self.write("roll call", lambda: self.actor.roll_call(n, present, sit, two))

    @rule(data=st.data())
    def accept(self, data: st.DataObject) -> None:
        n = self.number(data)
        self.write("accept", lambda: self.actor.accept(n))

    @rule(data=st.data(), seed=st.integers(0, 3))
    def call(self, data: st.DataObject, seed: int) -> None:
        n = self.number(data)
        self.write("call", lambda: self.actor.call(n, seed))

    @rule(data=st.data(), lock=st.booleans())
    def publish(self, data: st.DataObject, lock: bool) -> None:
        n = self.number(data)
        self.write("publish", lambda: self.actor.publish(n, lock))

    @rule(data=st.data())
    def unpublish(self, data: st.DataObject) -> None:
        n = self.number(data)
        self.write("unpublish", lambda: self.actor.unpublish(n))

    @rule(data=st.data())
    def swap(self, data: st.DataObject) -> None:
        n = self.number(data)
        call = load_day(self.t, with_invitations=False).round(n).call
        seated = sorted(call.seated()) if call is not None else []
        a = data.draw(st.sampled_from(seated)) if seated else self.player(data)
        b = self.player(data)
        board = data.draw(st.sampled_from((None, None, "1", "2", "3")))
        published = call is not None and call.published
        out = self.write("swap", lambda: self.actor.swap(n, a, b, board))
        if out.ok and published:
            after = load_day(self.t, with_invitations=False).round(n).call
            assert after is not None and after.published  # invariant 4

    @rule(data=st.data())
    def swap_powers(self, data: st.DataObject) -> None:
        n = self.number(data)
        label = data.draw(st.sampled_from(("1", "2", "3")))
        x, y = data.draw(st.sampled_from(GREAT_POWERS)), data.draw(st.sampled_from(GREAT_POWERS))
        self.write("swap powers", lambda: self.actor.swap_powers(n, label, x, y))

    @rule(data=st.data())
    def result(self, data: st.DataObject) -> None:
        n = self.number(data)
        call = load_day(self.t, with_invitations=False).round(n).call
        labels = list(call.labels()) if call is not None else ["1"]
        label = data.draw(st.sampled_from((*labels, "9")))
        centres = _centres(self.rng)
        if data.draw(st.integers(0, 9)) == 0:
            centres["Italy"] = 35  # more than the map holds: the board's own check refuses
        body: dict[str, Any] = {
            "centres": centres,
            "eliminated": {p: 1905 for p, c in centres.items() if c == 0},
            "final_year": 1908,
        }
        if call is not None and label in call.labels() and data.draw(st.booleans()):
            seats = call.board(label)
            power = data.draw(st.sampled_from(GREAT_POWERS))
            body["seats"] = {**seats, power: self.player(data)}  # a seat changed at the table
        self.write("result", lambda: self.actor.result(n, label, body))

    @rule(data=st.data())
    def play_round(self, data: st.DataObject) -> None:
        """A round as a TD plays it: the call, published, every board's result."""
        self._play(self.number(data))

    def _play(self, n: int) -> None:
        day = load_day(self.t, with_invitations=False)
        if day.round(n).call is None:
            self.write("call", lambda: self.actor.call(n, 1))
        self.write("publish", lambda: self.actor.publish(n, False))
        call = load_day(self.t, with_invitations=False).round(n).call
        for label in call.labels() if call is not None else ():
            if load_day(self.t, with_invitations=False).round(n).result(label) is None:
                centres = _centres(self.rng)
                body = {
                    "centres": centres,
                    "eliminated": {p: 1905 for p, c in centres.items() if c == 0},
                    "final_year": 1908,
                }
                self.write("result", partial(self.actor.result, n, label, body))

    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        n = self.number(data)
        self.write("remove results", lambda: self.actor.remove(n))

    @rule()
    def undo(self) -> None:
        self.write("undo", self.actor.undo)

    @rule(data=st.data())
    def decline(self, data: st.DataObject) -> None:
        player = self.player(data)
        self.write("decline", lambda: self.actor.decline(player))

    @rule(data=st.data())
    def attendance(self, data: st.DataObject) -> None:
        player = self.player(data)
        arrives = data.draw(st.integers(1, ROUNDS))
        withdrawn = data.draw(st.one_of(st.none(), st.integers(arrives - 1, ROUNDS)))
        self.write("attendance", lambda: self.actor.attendance(player, arrives, withdrawn))

    @rule(data=st.data())
    def keep_apart(self, data: st.DataObject) -> None:
        a, b = self.player(data), self.player(data)
        self.write("keep apart", lambda: self.actor.keep_apart(a, b))

    @rule(data=st.data())
    def ruling(self, data: st.DataObject) -> None:
        player = self.player(data)
        score = data.draw(st.sampled_from(("90", "120.5", "abc")))
        self.write("ruling", lambda: self.actor.ruling(player, score))

    @rule(data=st.data())
    def clock(self, data: st.DataObject) -> None:
        action = data.draw(st.sampled_from(("start", "pause", "next")))
        self.write("clock", lambda: self.actor.clock(action))

    @precondition(lambda self: not self.closed)
    @rule()
    def close(self) -> None:
        """Closing (once: the writes after it are the other rules')."""
        self.closed = True
        if self.write("close", self.actor.close).ok:
            assert not clock.view(self.t).running  # invariant 7: the clock is stopped

    # -- invariants -----------------------------------------------------------------------------

    @invariant()
    def the_day_keeps_every_invariant(self) -> None:
        day = load_day(self.t)
        assert lifecycle.violations(day) == (), lifecycle.violations(day)

    @invariant()
    def the_standings_list_who_played_or_sat_out(self) -> None:
        day = load_day(self.t, with_invitations=False)
        standings = adapters.standings(self.t, day=day).players  # who sat out: this day's
        listed = [s.player for s in standings]
        assert len(listed) == len(set(listed))
        assert set(lifecycle.entrants(day)) <= set(listed)
        games: dict[str, int] = {}
        for name in Seat.objects.filter(board__round__tournament=self.t).values_list(
            "player__name", flat=True
        ):
            games[name] = games.get(name, 0) + 1
        for s in standings:
            assert s.games == games.get(s.player, 0), s.player

    @invariant()
    def the_classification_is_always_possible(self) -> None:
        if adapters.played_boards(self.t):
            closing.classification(self.t)  # no top board that disagrees with its invitations

    def closing_is_possible(self) -> None:
        """Removing the half-played rounds' results lets the tournament close (checked at the
        end of a run: closing rates the event)."""
        day = load_day(self.t)
        if day.closed or not day.rounds_with_results():
            return
        with transaction.atomic():
            for rnd in day.played:
                if rnd.call is not None and rnd.results and not day.complete(rnd.number):
                    results.remove_results(self.user, self.t, rnd.number)
            if load_day(self.t).rounds_with_results():
                closing.close_tournament(self.t, self.user)
                assert lifecycle.violations(load_day(self.t)) == ()
            transaction.set_rollback(True)
