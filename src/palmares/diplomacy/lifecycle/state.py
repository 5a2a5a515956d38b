"""The tournament day as one value: every round's roll call, board call, seats and results, and
the tournament's own state (open, top board invited, closed).

Seed 002 gives the day its shape: "Players will be assigned to boards, and assigned the power
that they will play, by the tournament director during the 'Board Call' period prior to the
start of each round" ("Board Assignments"); "The 7 players with the highest scores after the
first 5 rounds will be invited to play on the top board" ("Top Board"). The rest is our reading
(specs/diplomacy.md, issue 32): a round's roll call says who is present and how many boards each
plays (0 sits out, 1, 2; ``None``: the engine may propose); its call is a draft until the TD
publishes it (players see it) and may be locked (no swap); a board's result is stored on the
published call's seats and nowhere else.

A :class:`Day` is plain data, equal by value: the site loads one from its rows, a transition
(:mod:`.rollcall`, :mod:`.call`, :mod:`.results`, :mod:`.tournament`) returns the next one or
refuses with a reason, and :func:`.invariants.violations` says what must hold of every day the
TD can reach. Players are named as the engine names them (their names in the tournament);
powers by their English names; boards by their labels.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from palmares.diplomacy.powers import GREAT_POWERS

__all__ = [
    "Call",
    "CallStatus",
    "Day",
    "Place",
    "Registered",
    "Result",
    "RoundDay",
    "TopBoardRule",
    "label_order",
]


class CallStatus(StrEnum):
    """A board call's state: players see it once published; a locked call takes no swap."""

    DRAFT = "draft"
    PUBLISHED = "published"
    LOCKED = "locked"


def label_order(label: str) -> tuple[int, str]:
    """Boards in the order a room numbers them: 1, 2, … 10, then other labels."""
    return (int(label), label) if label.isdigit() else (10**6, label)


@dataclass(frozen=True, slots=True)
class Registered:
    """A player registered for the tournament: plays from round ``arrives`` until
    ``withdrawn_after`` (``None``: still playing); ``team`` if any (seed 002, "Team
    Tournament")."""

    player: str
    arrives: int = 1
    withdrawn_after: int | None = None
    team: str | None = None

    def plays_in(self, number: int) -> bool:
        """Expected in round ``number``: arrived, not withdrawn before it."""
        return self.arrives <= number and (
            self.withdrawn_after is None or self.withdrawn_after >= number
        )


@dataclass(frozen=True, slots=True)
class Place:
    """One line of a board call: ``player`` plays ``power`` on board ``board``."""

    board: str
    power: str
    player: str


@dataclass(frozen=True, slots=True)
class Call:
    """A round's board call: its places (every board's seven powers), its ``status``, the places
    changed since it was published (players see them marked), and the board that seats the top
    board's seven, if any (seed 002, "Top Board")."""

    status: CallStatus
    places: tuple[Place, ...]
    changed: frozenset[tuple[str, str]] = frozenset()
    top_board: str | None = None

    def __post_init__(self) -> None:
        order = {p: i for i, p in enumerate(GREAT_POWERS)}
        ordered = tuple(
            sorted(
                self.places,
                key=lambda p: (label_order(p.board), order.get(p.power, len(order)), p.power),
            )
        )
        object.__setattr__(self, "places", ordered)

    @property
    def published(self) -> bool:
        """Players see it (published or locked)."""
        return self.status is not CallStatus.DRAFT

    @property
    def locked(self) -> bool:
        return self.status is CallStatus.LOCKED

    def labels(self) -> tuple[str, ...]:
        """The boards, in the room's order."""
        return tuple(dict.fromkeys(p.board for p in self.places))

    def board(self, label: str) -> dict[str, str]:
        """Board ``label``'s seats: power → player, in the order of the powers."""
        return {p.power: p.player for p in self.places if p.board == label}

    def boards(self) -> dict[str, dict[str, str]]:
        """Every board's seats."""
        return {label: self.board(label) for label in self.labels()}

    def places_of(self, player: str) -> tuple[Place, ...]:
        """Where ``player`` sits (two places for a two-boarder)."""
        return tuple(p for p in self.places if p.player == player)

    def count(self, player: str) -> int:
        """How many boards ``player`` plays in this call."""
        return sum(1 for p in self.places if p.player == player)

    def seated(self) -> frozenset[str]:
        return frozenset(p.player for p in self.places)


@dataclass(frozen=True, slots=True)
class Result:
    """What the day knows of a stored result: its board and who played which power (the
    centres, eliminations and draw are the board's own check, ``diplomacy.board``)."""

    board: str
    seats: tuple[tuple[str, str], ...]
    top_board: bool = False

    @classmethod
    def of(cls, board: str, seats: Mapping[str, str], *, top_board: bool = False) -> Result:
        """A result of ``board`` with ``seats`` (power → player), in the order of the powers."""
        order = {p: i for i, p in enumerate(GREAT_POWERS)}
        ordered = tuple(sorted(seats.items(), key=lambda s: (order.get(s[0], len(order)), s[0])))
        return cls(board, ordered, top_board)

    def players(self) -> tuple[str, ...]:
        return tuple(player for _, player in self.seats)

    def seat_map(self) -> dict[str, str]:
        return dict(self.seats)


@dataclass(frozen=True, slots=True)
class RoundDay:
    """One round: its roll call (``None``: not taken, every registered player expected in the
    round is present with no request), its call and its results.

    The roll call maps a present player to the boards they play: 0 (sits out), 1, 2, or
    ``None`` (no request: the engine may propose them to sit out or play two boards)."""

    number: int
    roll: tuple[tuple[str, int | None], ...] | None = None
    call: Call | None = None
    results: tuple[Result, ...] = ()

    def __post_init__(self) -> None:
        if self.roll is not None:
            object.__setattr__(self, "roll", tuple(sorted(self.roll)))
        ordered = tuple(sorted(self.results, key=lambda r: label_order(r.board)))
        object.__setattr__(self, "results", ordered)

    def result(self, label: str) -> Result | None:
        for r in self.results:
            if r.board == label:
                return r
        return None

    def labels_with_results(self) -> frozenset[str]:
        return frozenset(r.board for r in self.results)


@dataclass(frozen=True, slots=True)
class TopBoardRule:
    """Seed 002's top board: invited after round ``after_round`` (the one before the final
    round); ``invited`` is the engine's seven after the recorded declines
    (``diplomacy.top_board.invite``), ``None`` until that round has results."""

    after_round: int
    invited: tuple[str, ...] | None = None

    @property
    def final_round(self) -> int:
        return self.after_round + 1


@dataclass(frozen=True, slots=True)
class Day:
    """A tournament's day: its planned ``rounds``, the registered players (none: a tournament
    recorded from a boards file, whose rounds have results and no call), keep-apart pairs,
    each round that exists, the top board when the rule is on, and whether it is closed."""

    rounds: int
    registered: tuple[Registered, ...] = ()
    keep_apart: tuple[tuple[str, str], ...] = ()
    played: tuple[RoundDay, ...] = field(default=())
    top_board: TopBoardRule | None = None
    closed: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "played", tuple(sorted(self.played, key=lambda r: r.number)))
        pairs = sorted({(a, b) if a <= b else (b, a) for a, b in self.keep_apart})
        object.__setattr__(self, "keep_apart", tuple(pairs))

    # -- who --------------------------------------------------------------------------------

    @property
    def recorded(self) -> bool:
        """A tournament with no registration (imported from a boards file): its rounds are
        results only, with no roll call and no call."""
        return not self.registered

    def entry(self, player: str) -> Registered | None:
        for r in self.registered:
            if r.player == player:
                return r
        return None

    def expected(self, number: int) -> tuple[str, ...]:
        """The registered players expected in round ``number`` (arrived, not withdrawn)."""
        return tuple(r.player for r in self.registered if r.plays_in(number))

    def team_of(self, player: str) -> str | None:
        found = self.entry(player)
        return found.team if found is not None else None

    def apart(self, a: str, b: str) -> bool:
        """``a`` and ``b`` may not share a board: a kept-apart pair or team-mates."""
        if (a, b) in self.keep_apart or (b, a) in self.keep_apart:
            return True
        team = self.team_of(a)
        return team is not None and team == self.team_of(b)

    # -- rounds -----------------------------------------------------------------------------

    def round(self, number: int) -> RoundDay:
        """Round ``number`` as it stands (an empty round if nothing is recorded yet)."""
        for r in self.played:
            if r.number == number:
                return r
        return RoundDay(number)

    def with_round(self, rnd: RoundDay) -> Day:
        """This day with round ``rnd`` replacing the round of its number."""
        others = tuple(r for r in self.played if r.number != rnd.number)
        return replace(self, played=(*others, rnd))

    def present(self, number: int) -> dict[str, int | None]:
        """Round ``number``'s roll call: each present player's boards (the expected players
        with no request when the roll call was not taken)."""
        roll = self.round(number).roll
        if roll is None:
            return dict.fromkeys(self.expected(number))
        return dict(roll)

    def rounds_with_results(self) -> tuple[int, ...]:
        return tuple(r.number for r in self.played if r.results)

    def complete(self, number: int) -> bool:
        """Every board of round ``number``'s call has its result (a round recorded without a
        call: it has results)."""
        rnd = self.round(number)
        if rnd.call is None:
            return bool(rnd.results)
        return set(rnd.call.labels()) <= rnd.labels_with_results()

    def sitters(self, number: int) -> tuple[str, ...]:
        """The present players round ``number``'s call does not seat (they sit out)."""
        call = self.round(number).call
        if call is None:
            return ()
        seated = call.seated()
        return tuple(p for p in self.present(number) if p not in seated)

    def final_round_open(self) -> bool:
        """The final round's top board can still change: no call seats it yet, or only a
        draft."""
        if self.top_board is None:
            return True
        call = self.round(self.top_board.final_round).call
        return call is None or call.status is CallStatus.DRAFT

    def iter_places(self) -> Iterator[tuple[int, Place]]:
        for r in self.played:
            if r.call is not None:
                for p in r.call.places:
                    yield r.number, p
