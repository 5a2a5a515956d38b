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

A two-boarder (specs/diplomacy.md, "Board call": the TD may have some players play two boards
when the players do not fill whole boards; seed 002 is silent, and its top board's seven play
one board each) stakes on both boards and takes from both pots. Their worst case is losing
every centre on both (each board as above), their best a solo on both; with one board reported
they are a player of the other with what the reported one paid in their base. Their two boards,
when both are free, are counted together (:mod:`.two_boards`), exactly. Not covered, and said
so: a two-boarder on the top board, or two two-boarders sharing a free board while all their
boards are free; the fewest centres are not computed while two free boards are linked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board
from palmares.diplomacy.outlook.bounds import Seated, bounds, fewest_above, most_above
from palmares.diplomacy.outlook.catalogue import STANDARD, Catalogue, Map, catalogue
from palmares.diplomacy.outlook.centres import Others, fewest_centres, fewest_centres_entered
from palmares.diplomacy.outlook.model import (
    FinalBoard,
    Outlook,
    PlayerOutlook,
    Status,
    Verdict,
    unsupported,
)
from palmares.diplomacy.outlook.two_boards import (
    Group,
    Linked,
    fewest_in_group,
    most_in_group,
    unsupported_two_boards,
)
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


@dataclass(frozen=True, slots=True)
class _Fixed:
    finals: Mapping[str, Fraction]
    champions: frozenset[str]


class _Round:
    """The final round as the outlook reads it (two-boarders: :mod:`.two_boards`)."""

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
        played: dict[str, list[str]] = {}
        for b in boards:
            for _, player in b.seats:
                played.setdefault(player, []).append(b.label)
        #: Each player's board, and each two-boarder's two (``double``).
        self.seat = {p: labels[0] for p, labels in played.items() if len(labels) == 1}
        self.double = {p: tuple(labels) for p, labels in played.items() if len(labels) > 1}
        self.pot = {b.label: stake * sum(scores[p] for _, p in b.seats) for b in boards}
        self.fixed: dict[str, _Fixed] = {}
        #: What each player's reported boards paid them (a two-boarder's count in their base).
        self.paid: dict[str, Fraction] = {}
        for b in boards:
            if b.result is not None:
                self.fixed[b.label] = self._fix(b, b.result, system)
        #: Two-boarders whose two boards are reported: their final is known.
        self.done = {
            q: self.base(q)
            for q, labels in self.double.items()
            if all(x in self.fixed for x in labels)
        }
        self.groups: dict[str, Group] = {}
        for q, labels in self.double.items():
            if not any(x in self.fixed for x in labels):
                linked = tuple(
                    Linked(x, self.pot[x], tuple(self._seated(self.boards[x], q))) for x in labels
                )
                group = Group(q, self.base(q), (linked[0], linked[1]))
                for x in labels:
                    self.groups[x] = group
        self.free = {
            b.label: bounds(cat, self._seated(b), self.pot[b.label], top=b.top)
            for b in boards
            if b.result is None and b.label not in self.groups
        }

    def base(self, player: str) -> Fraction:
        """The score before the round less a stake per board played, plus what the reported
        boards of a two-boarder paid them (each free board's share is still open)."""
        boards = len(self.double.get(player, ())) or 1
        return self.scores[player] * (1 - boards * self.stake) + self.paid.get(player, Fraction(0))

    def _seated(self, b: FinalBoard, without: str | None = None) -> list[Seated]:
        return [Seated(p, self.scores[p], self.base(p)) for _, p in b.seats if p != without]

    def _fix(self, b: FinalBoard, result: Board, system: ScoringSystem) -> _Fixed:
        scored = system.score(result)
        finals: dict[str, Fraction] = {}
        for power, p in b.seats:
            if p in self.double:
                self.paid[p] = (
                    self.paid.get(p, Fraction(0)) + scored.share(power) * self.pot[b.label]
                )
            else:
                finals[p] = self.base(p) + scored.share(power) * self.pot[b.label]
        champions: frozenset[str] = frozenset()
        if b.top:
            key = {p: (exact(scored[power]), self.scores[p]) for power, p in b.seats}
            best = max(key.values())
            champions = frozenset(p for p, k in key.items() if k == best)
        return _Fixed(finals, champions)

    def _own(self, player: str) -> tuple[str, ...]:
        if player in self.double:
            return self.double[player]
        return (self.seat[player],) if player in self.seat else ()

    def _count_fixed(self, label: str, player: str, threshold: Fraction) -> int:
        f = self.fixed[label]
        return sum(
            1 for q, v in f.finals.items() if q != player and v > threshold and q not in f.champions
        )

    def _others(self, player: str, threshold: Fraction, *, worst: bool) -> int:
        own = self._own(player)
        count = sum(
            1
            for q, s in self.scores.items()
            if q not in self.seat and q not in self.double and q != player and s > threshold
        )
        count += sum(1 for q, v in self.done.items() if q != player and v > threshold)
        groups: dict[str, Group] = {}
        for label in self.boards:
            if label in own:
                continue
            if label in self.fixed:
                count += self._count_fixed(label, player, threshold)
            elif label in self.groups:
                groups[self.groups[label].player] = self.groups[label]
            elif worst:
                count += most_above(self.free[label], threshold)
            else:
                count += fewest_above(self.free[label], threshold)
        for g in groups.values():
            if not any(x.label in own for x in g.boards):
                fn = most_in_group if worst else fewest_in_group
                count += fn(self.cat, g, threshold)
        return count

    def outside(self, player: str, *, worst: bool = True) -> Others:
        """Everyone off ``player``'s board as thresholds of their worst case (see
        :mod:`.centres`): the players sitting out, the reported boards' finals (champions left
        out), each free board's ``τ``."""
        own = self.seat.get(player)
        values = [
            s
            for q, s in self.scores.items()
            if q not in self.seat and q not in self.double and q != player
        ]
        values += [v for q, v in self.done.items() if q != player]
        for label in self.boards:
            if label == own:
                continue
            if label in self.fixed:
                f = self.fixed[label]
                values += [v for q, v in f.finals.items() if q not in f.champions]
            else:
                values += list(self.free[label].tau)
        return Others(tuple(sorted(values)))

    def _centres_open(self, player: str) -> bool:
        """Whether the fewest centres are computed for ``player``: on one free board, and no
        two free boards linked by a two-boarder (their players are not thresholds one by
        one)."""
        own = self.seat.get(player)
        return own is not None and own not in self.fixed and not self.groups

    def fewest(self, player: str) -> dict[int, int | None]:
        """The fewest centres on ``player``'s own board that clinch each place (1: the title);
        empty when they do not play the final round or their board is reported."""
        if not self._centres_open(player):
            return {}
        own = self.seat[player]
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
        if not self._centres_open(player):
            return {}
        own = self.seat[player]
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
        """The player's case when their own boards leave nothing open (they sit out, or they
        are reported): the same at worst and at best but for the other boards; else ``None``."""
        own = self._own(player)
        if not own:
            threshold = self.scores[player]
            return self._others(player, threshold, worst=worst), False, _how("sitting", player)
        if all(x in self.fixed for x in own):
            if player in self.done:
                threshold = self.done[player]
            else:
                threshold = self.fixed[own[0]].finals[player]
            count = self._others(player, threshold, worst=worst)
            count += sum(self._count_fixed(x, player, threshold) for x in own)
            champion = any(player in self.fixed[x].champions for x in own)
            return count, champion, _how("reported", player)
        return None

    def worst(self, player: str) -> tuple[int, bool, Message]:
        """(players above at worst, champion at worst, how the worst case is reached): losing
        every centre, on each of their free boards."""
        settled = self._settled(player, worst=True)
        if settled is not None:
            return settled
        threshold = self.base(player)
        count = self._others(player, threshold, worst=True)
        for x in self._own(player):
            if x in self.fixed:
                count += self._count_fixed(x, player, threshold)
            elif x in self.groups and self.groups[x].player != player:
                count += most_in_group(self.cat, self.groups[x], threshold, without=player)
            else:
                b = self.boards[x]
                mine = bounds(
                    self.cat, self._seated(b, player), self.pot[x], top=b.top, zero_last=True
                )
                count += most_above(mine, threshold)
        return count, False, _how("eliminated", player)

    def best(self, player: str) -> tuple[int, bool, Message]:
        """(players above at best, champion at best, how the best case is reached): a solo on
        each of their free boards."""
        settled = self._settled(player, worst=False)
        if settled is not None:
            return settled
        own = self._own(player)
        threshold = self.base(player) + sum(
            (self.cat.best_share * self.pot[x] for x in own if x not in self.fixed), Fraction(0)
        )
        count = self._others(player, threshold, worst=False)
        top = False
        for x in own:
            if x in self.fixed:
                count += self._count_fixed(x, player, threshold)
            elif x in self.groups and self.groups[x].player != player:
                count += fewest_in_group(self.cat, self.groups[x], threshold, solo=player)
            else:
                b = self.boards[x]
                count += sum(1 for s in self._seated(b, player) if s.base > threshold)
                top = top or b.top
        return count, top, _how("solo", player)


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
    seen: dict[str, list[str]] = {}
    for b in boards:
        for _, player in b.seats:
            seen.setdefault(player, []).append(b.label)
    problem = unsupported_two_boards(
        {b.label for b in boards if b.top}, {b.label for b in boards if b.result is None}, seen
    )
    if problem is not None:
        return unsupported(problem)
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
                board=" + ".join(seen[player]) if player in seen else None,
                worst=worst,
                best=best,
                championship=_championship(rnd, player, worst, best, w_how, b_how),
                places=tuple(
                    (k, _place(rnd, player, k, worst, best, w_how, b_how, w_count, b_count))
                    for k in PLACES
                ),
                centres=tuple(rnd.fewest(player).items()) if player in centres_for else (),
                centres_entered=tuple(rnd.fewest_entered(player, entered[seen[player][0]]).items())
                if player in centres_for
                and len(seen.get(player, ())) == 1
                and seen[player][0] in entered
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
