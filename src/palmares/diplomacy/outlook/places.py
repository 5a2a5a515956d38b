"""The last round's outlook: for every player, before (or during) the final round, whether the
championship and each of places 2–7 are clinched, still possible or out, whatever the boards of
the final round do (issue 38).

The rule (seed 002, "Prizes" and "Top Board"): the champion is the winner of the top board (the
largest share of its pot; a tie goes to the larger score before the final round); places 2–7
are the six highest final scores *not counting the champion*, players on equal scores sharing a
place. So a player's place is ``1`` when champion, else ``2 +`` the number of players, the
champion left out, strictly above them (:func:`palmares.diplomacy.awards.places`). Without a
top board in the final round the classification is the final standings: ``1 +`` the players
strictly above. "Place ``k``" here means *place ``k`` or better* (the champion is ahead of every
place), so a verdict that clinches 4th also clinches 5th–7th.

Exactly, under the ante (seed 002, Appendix A): a player's final score depends only on their own
board, so the players above them are counted board by board (:mod:`.bounds`). Their worst case
is to lose every centre: making a player's centres neutral raises everyone else's share (the
raw scores are shares of a smaller sum; rounding half up keeps the order) and lowers their own
final, so no outcome of their board is worse for them. Their best case is a solo: the whole pot,
nothing for anyone else (and the title, on the top board). A board already reported counts as
reported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.outlook.bounds import Seated, bounds, fewest_above, most_above
from palmares.diplomacy.outlook.catalogue import STANDARD, Catalogue, Map, catalogue
from palmares.diplomacy.outlook.centres import Others, fewest_centres, fewest_centres_entered
from palmares.diplomacy.scoring.base import ScoringSystem, exact

__all__ = [
    "FinalBoard",
    "Outlook",
    "PlayerOutlook",
    "Status",
    "Verdict",
    "outlook",
    "unsupported",
]

PLACES = tuple(range(2, 8))


class Status(StrEnum):
    CLINCHED = "clinched"
    POSSIBLE = "possible"
    OUT = "out"
    #: Only where the exact reasoning does not hold (the team championship): said why, never
    #: guessed.
    NOT_COMPUTED = "not_computed"


@dataclass(frozen=True, slots=True)
class Verdict:
    status: Status
    because: Message


@dataclass(frozen=True, slots=True)
class FinalBoard:
    """A board of the final round: its seats (power, player), whether it is the top board, and
    its result once reported."""

    label: str
    seats: tuple[tuple[str, str], ...]
    top: bool = False
    result: Board | None = None


@dataclass(frozen=True, slots=True)
class PlayerOutlook:
    """One player's outlook: the place before the final round, the worst and best final places,
    and the verdicts."""

    player: str
    place: int
    score: Fraction
    board: str | None
    worst: int
    best: int
    championship: Verdict
    places: tuple[tuple[int, Verdict], ...]
    #: The fewest centres on their own board that clinch each place (1: the title), when asked
    #: for (``centres_for``) and their board is still free; ``None``: no count clinches it.
    centres: tuple[tuple[int, int | None], ...] = ()
    #: The same with the board's other powers as entered so far in a report from the table
    #: (``entered``); empty when nothing is entered for their board.
    centres_entered: tuple[tuple[int, int | None], ...] = ()


@dataclass(frozen=True, slots=True)
class Outlook:
    """Every player's outlook, or the reason it cannot be computed."""

    players: tuple[PlayerOutlook, ...]
    reason: Message | None = None


def unsupported(reason: Message) -> Outlook:
    return Outlook((), reason)


@dataclass(frozen=True, slots=True)
class _Fixed:
    finals: Mapping[str, Fraction]
    champions: frozenset[str]


class _Round:
    """The final round as the outlook reads it."""

    def __init__(
        self,
        scores: Mapping[str, Fraction],
        boards: Sequence[FinalBoard],
        cat: Catalogue,
        system: ScoringSystem,
        stake: Fraction,
        board_map: Map = STANDARD,
    ) -> None:
        self.scores = scores
        self.system = system
        self.board_map = board_map
        self.boards = {b.label: b for b in boards}
        self.cat = cat
        self.stake = stake
        self.has_top = any(b.top for b in boards)
        self.seat = {player: b.label for b in boards for _, player in b.seats}
        self.pot = {b.label: stake * sum(scores[p] for _, p in b.seats) for b in boards}
        self.fixed: dict[str, _Fixed] = {}
        for b in boards:
            if b.result is not None:
                self.fixed[b.label] = self._fix(b, b.result, system)
        self.free = {
            b.label: bounds(cat, self._seated(b), self.pot[b.label], top=b.top)
            for b in boards
            if b.result is None
        }

    def base(self, player: str) -> Fraction:
        return self.scores[player] * (1 - self.stake)

    def _seated(self, b: FinalBoard, without: str | None = None) -> list[Seated]:
        return [Seated(p, self.scores[p], self.base(p)) for _, p in b.seats if p != without]

    def _fix(self, b: FinalBoard, result: Board, system: ScoringSystem) -> _Fixed:
        scored = system.score(result)
        finals = {p: self.base(p) + scored.share(power) * self.pot[b.label] for power, p in b.seats}
        champions: frozenset[str] = frozenset()
        if b.top:
            key = {p: (exact(scored[power]), self.scores[p]) for power, p in b.seats}
            best = max(key.values())
            champions = frozenset(p for p, k in key.items() if k == best)
        return _Fixed(finals, champions)

    def _count_fixed(self, label: str, player: str, threshold: Fraction) -> int:
        f = self.fixed[label]
        return sum(
            1 for q, v in f.finals.items() if q != player and v > threshold and q not in f.champions
        )

    def _others(self, player: str, threshold: Fraction, *, worst: bool) -> int:
        own = self.seat.get(player)
        count = sum(
            1
            for q, s in self.scores.items()
            if q not in self.seat and q != player and s > threshold
        )
        for label in self.boards:
            if label == own:
                continue
            if label in self.fixed:
                count += self._count_fixed(label, player, threshold)
            elif worst:
                count += most_above(self.free[label], threshold)
            else:
                count += fewest_above(self.free[label], threshold)
        return count

    def outside(self, player: str, *, worst: bool = True) -> Others:
        """Everyone off ``player``'s board as thresholds of their worst case (see
        :mod:`.centres`): the players sitting out, the reported boards' finals (champions left
        out), each free board's ``τ``."""
        own = self.seat.get(player)
        values = [s for q, s in self.scores.items() if q not in self.seat and q != player]
        for label in self.boards:
            if label == own:
                continue
            if label in self.fixed:
                f = self.fixed[label]
                values += [v for q, v in f.finals.items() if q not in f.champions]
            else:
                values += list(self.free[label].tau)
        return Others(tuple(sorted(values)))

    def fewest(self, player: str) -> dict[int, int | None]:
        """The fewest centres on ``player``'s own board that clinch each place (1: the title);
        empty when they do not play the final round or their board is reported."""
        own = self.seat.get(player)
        if own is None or own in self.fixed:
            return {}
        b = self.boards[own]
        me = Seated(player, self.scores[player], self.base(player))
        return fewest_centres(
            self.cat,
            me,
            self._seated(b, player),
            self.pot[own],
            self.outside(player),
            top=b.top,
            has_top=self.has_top,
            places=(1, *PLACES),
        )

    def fewest_entered(self, player: str, entered: Mapping[str, int]) -> dict[int, int | None]:
        """The same, the other powers of ``player``'s board holding the centres ``entered``."""
        own = self.seat.get(player)
        if own is None or own in self.fixed:
            return {}
        b = self.boards[own]
        seats = [(power, Seated(p, self.scores[p], self.base(p))) for power, p in b.seats]
        me = next(s for s in seats if s[1].player == player)
        return fewest_centres_entered(
            self.system,
            me,
            [s for s in seats if s is not me],
            entered,
            self.pot[own],
            self.outside(player),
            top=b.top,
            has_top=self.has_top,
            places=(1, *PLACES),
            board_map=self.board_map,
        )

    def _settled(self, player: str, *, worst: bool) -> tuple[int, bool, Message] | None:
        """The player's case when their own board leaves nothing open (they sit out, or it is
        reported): the same at worst and at best but for the other boards; else ``None``."""
        own = self.seat.get(player)
        if own is None:
            threshold = self.scores[player]
            return self._others(player, threshold, worst=worst), False, _how("sitting", player)
        if own in self.fixed:
            threshold = self.fixed[own].finals[player]
            count = self._others(player, threshold, worst=worst)
            count += self._count_fixed(own, player, threshold)
            return count, player in self.fixed[own].champions, _how("reported", player)
        return None

    def worst(self, player: str) -> tuple[int, bool, Message]:
        """(players above at worst, champion at worst, how the worst case is reached)."""
        settled = self._settled(player, worst=True)
        if settled is not None:
            return settled
        own = self.seat[player]
        b = self.boards[own]
        threshold = self.base(player)
        mine = bounds(self.cat, self._seated(b, player), self.pot[own], top=b.top, zero_last=True)
        count = self._others(player, threshold, worst=True) + most_above(mine, threshold)
        return count, False, _how("eliminated", player)

    def best(self, player: str) -> tuple[int, bool, Message]:
        """(players above at best, champion at best, how the best case is reached)."""
        settled = self._settled(player, worst=False)
        if settled is not None:
            return settled
        own = self.seat[player]
        b = self.boards[own]
        threshold = self.base(player) + self.cat.best_share * self.pot[own]
        count = self._others(player, threshold, worst=False)
        count += sum(1 for s in self._seated(b, player) if s.base > threshold)
        return count, b.top, _how("solo", player)


def _how(case: str, player: str) -> Message:
    """How the worst or best case is reached: losing every centre, a solo, the board as
    reported, or not playing the final round."""
    if case == "eliminated":
        return Message.of("outlook.how.eliminated", player=player)
    if case == "solo":
        return Message.of("outlook.how.solo", player=player)
    if case == "reported":
        return Message.of("outlook.how.reported", player=player)
    return Message.of("outlook.how.sitting", player=player)


def _ranks(scores: Mapping[str, Fraction]) -> dict[str, int]:
    return {p: 1 + sum(1 for v in scores.values() if v > s) for p, s in scores.items()}


def outlook(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    *,
    system: ScoringSystem,
    system_key: str,
    stake: Fraction = Fraction(1, 10),
    board_map: Map = STANDARD,
    centres_for: frozenset[str] = frozenset(),
    entered: Mapping[str, Mapping[str, int]] | None = None,
) -> Outlook:
    """The outlook of every player of ``scores`` (their scores before the final round, after
    the fewer-games adjustment) with the final round seated as ``boards`` (``entered``: board
    label → power → centres, a free board's result as entered so far in a report from the
    table, for the fewest centres of the players of ``centres_for``)."""
    seen: dict[str, str] = {}
    for b in boards:
        for _, player in b.seats:
            if player in seen:
                return unsupported(Message.of("outlook.unsupported.two_boards", player=player))
            seen[player] = b.label
    cat = catalogue(system_key, system, board_map)
    if not cat.lone_winner:
        return unsupported(Message.of("outlook.unsupported.no_solo", system=system_key))
    full = {p: exact(s) for p, s in scores.items()}
    for player in seen:
        full.setdefault(player, Fraction(0))
    rnd = _Round(full, boards, cat, system, stake, board_map)
    entered = entered or {}
    ranks = _ranks(full)
    out: list[PlayerOutlook] = []
    for player in sorted(full, key=lambda p: (ranks[p], p)):
        w_count, w_champion, w_how = rnd.worst(player)
        b_count, b_champion, b_how = rnd.best(player)
        first = 2 if rnd.has_top else 1
        worst = 1 if w_champion else first + w_count
        best = 1 if b_champion else first + b_count
        out.append(
            PlayerOutlook(
                player=player,
                place=ranks[player],
                score=full[player],
                board=seen.get(player),
                worst=worst,
                best=best,
                championship=_championship(rnd, player, worst, best, w_how, b_how),
                places=tuple(
                    (k, _place(rnd, player, k, worst, best, w_how, b_how, w_count, b_count))
                    for k in PLACES
                ),
                centres=tuple(rnd.fewest(player).items()) if player in centres_for else (),
                centres_entered=tuple(rnd.fewest_entered(player, entered[seen[player]]).items())
                if player in centres_for and seen.get(player) in entered
                else (),
            )
        )
    return Outlook(tuple(out))


def _championship(
    rnd: _Round, player: str, worst: int, best: int, w_how: Message, b_how: Message
) -> Verdict:
    if not rnd.has_top:
        return _by_rank(player, 1, worst, best, w_how, b_how, worst - 1, best - 1)
    top = next(b for b in rnd.boards.values() if b.top)
    if rnd.seat.get(player) != top.label:
        return Verdict(
            Status.OUT, Message.of("outlook.champion.not_top", player=player, board=top.label)
        )
    if top.label in rnd.fixed:
        champions = rnd.fixed[top.label].champions
        if player in champions:
            return Verdict(
                Status.CLINCHED, Message.of("outlook.champion.won", player=player, board=top.label)
            )
        return Verdict(
            Status.OUT,
            Message.of("outlook.champion.lost", board=top.label, winner=tuple(sorted(champions))),
        )
    return Verdict(
        Status.POSSIBLE, Message.of("outlook.champion.open", player=player, board=top.label)
    )


def _place(
    rnd: _Round,
    player: str,
    k: int,
    worst: int,
    best: int,
    w_how: Message,
    b_how: Message,
    w_count: int,
    b_count: int,
) -> Verdict:
    if worst == 1 and rnd.has_top:
        return Verdict(Status.CLINCHED, Message.of("outlook.place.champion", player=player))
    if best == 1 and rnd.has_top and worst > k:
        return Verdict(
            Status.POSSIBLE, Message.of("outlook.place.top_solo", player=player, worst=worst)
        )
    return _by_rank(player, k, worst, best, w_how, b_how, w_count, b_count)


def _by_rank(
    player: str,
    k: int,
    worst: int,
    best: int,
    w_how: Message,
    b_how: Message,
    w_count: int,
    b_count: int,
) -> Verdict:
    if worst <= k:
        return Verdict(
            Status.CLINCHED,
            Message.of(
                "outlook.place.clinched",
                how=w_how,
                player=player,
                place=k,
                worst=worst,
                above=w_count,
            ),
        )
    if best > k:
        return Verdict(
            Status.OUT,
            Message.of(
                "outlook.place.out", how=b_how, player=player, place=k, best=best, above=b_count
            ),
        )
    return Verdict(
        Status.POSSIBLE,
        Message.of("outlook.place.possible", player=player, place=k, best=best, worst=worst),
    )
