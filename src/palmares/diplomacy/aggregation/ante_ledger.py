"""The ante's ledger: seed 002's ante in whole numbers of one decimal unit per round (issue 33).

Seed 002, Appendix A ("Long Explanation"): everyone begins with 100 points; before each game a
player antes 10 % of their current score into the pot; at the end each takes the percentage of
the pot that is their raw score, which the seed pays rounded to two decimals (England 24.11 % of
70 = 16.877). new score = current − stake + share · pot.

Every number of that rule is a terminating decimal: the start (100), the stake rate (0.1: one
decimal), each share (a raw score of two decimals, in percent: 0.2411, four decimals). So if
every score going into a round is a whole number N of units of 10^−E, then with the stake rate
a / 10^s and the round's shares c / 10^q, a player seated on boards b (pots P_b: the sum of
their players' N) leaves the round with

    N' = N · (10^(s+q) − k · a · 10^q) + a · Σ c · P_b      units of 10^−(E+s+q)

(k: the boards they played in the round, 0 for a round sat out). Whole numbers in, whole numbers
out: no fraction to reduce, and one operation over every player of the round at once. The
fewer-games adjustment (seed 002, "Top Board") takes m more stakes: N · (10^s − a)^m, in units
of 10^−(E+s·m) (everyone on the largest m).

The unit shrinks by s + q = 5 decimals a round, and the scores do not come back to fewer
decimals: on a generated archive of 14,000 boards over 100 rounds (``bench/filegen.py``), the
largest reduced denominator of a score after rounds 10, 50 and 100 is exactly 10^49, 10^249
and 10^499 (issue 33). So the numbers cannot live in int64: they are Python integers in numpy
object arrays, which still spares the exact path every gcd of a Fraction and the interpreter
loop of a seat.

When the stake rate, the start or a share does not terminate (a stake of 1/3, a system whose
board total is 3), :func:`ante_ledger` returns ``None`` and the ante works in Fractions
(:meth:`palmares.diplomacy.aggregation.ante.Ante.aggregate`); both give the same values
(``tests/diplomacy/aggregation/test_ante_ledger.py``). The lines that explain each score are
built from the ledger when they are read (:class:`~.ante_ledger_views.LedgerLines`), the same
lines the Fraction path keeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.diplomacy.aggregation.ante_floats import FloatTrack
from palmares.diplomacy.aggregation.ante_steps import AnteGame, fewer_games_adjustment
from palmares.diplomacy.aggregation.base import Absent, BoardKey, Line, Nearest, ScaledColumn
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import BoardScore, Score, exact

__all__ = [
    "AnteLedger",
    "LedgerRound",
    "RoundSeats",
    "ante_ledger",
    "ledger_of_rounds",
    "places_of",
]

I64 = npt.NDArray[np.int64]
#: A numpy array of Python integers (dtype object): exact, of any size.
Units = npt.NDArray[np.object_]


def places_of(value: Fraction) -> int | None:
    """The decimals of ``value`` when it is a terminating decimal (0.2411 → 4, 100 → 0), else
    ``None`` (1/3): its denominator has no prime factor but 2 and 5."""
    d = value.denominator
    twos = (d & -d).bit_length() - 1
    d >>= twos
    fives = 0
    while d % 5 == 0:
        d //= 5
        fives += 1
    return max(twos, fives) if d == 1 else None


def _units(value: Fraction, places: int) -> int:
    """``value`` · 10^``places``, a whole number when ``places`` ≥ :func:`places_of`."""
    return int(value.numerator * 10**places // value.denominator)


def _objects(values: Sequence[int]) -> Units:
    """``values`` as a numpy array of Python integers."""
    out: Units = np.empty(len(values), dtype=np.object_)
    out[:] = values
    return out


@dataclass(frozen=True, slots=True, eq=False)
class Adjusted:
    """The fewer-games adjustment made after a round: each player's rounds played so far and
    the games assumed lost (``missing``), the scores after it in units of 10^−``places``."""

    played: I64
    missing: I64
    after: Units
    places: int
    min_rounds: int


@dataclass(frozen=True, slots=True, eq=False)
class LedgerRound:
    """One round of the ledger. Seats of the round's ``boards`` in board then seat order:
    ``seat_player`` (an index into the ledger's players), ``starts`` (each board's first seat),
    ``shares`` (each seat's share of its pot in units of 10^−``share_places``). Per player:
    ``before`` (the score going in, units of 10^−``before_places``), ``games`` (boards played),
    ``after_games`` (units of 10^−(before_places + stake places + share_places)) and the
    adjustment made after the round, if any."""

    number: int
    boards: Sequence[PlayedBoard]
    seat_player: I64
    starts: I64
    shares: npt.NDArray[Any]
    share_places: int
    before: Units
    before_places: int
    games: I64
    after_games: Units
    games_places: int
    adjusted: Adjusted | None
    #: The round's figures' nearest floats where proven (:mod:`.ante_floats`; ``None``: none).
    nearest: Mapping[str, Nearest] | None = None
    #: Seats sorted by player (built when a player's lines are first read).
    _by_player: list[I64] = field(default_factory=list)

    @property
    def after(self) -> Units:
        return self.after_games if self.adjusted is None else self.adjusted.after

    @property
    def after_places(self) -> int:
        return self.games_places if self.adjusted is None else self.adjusted.places

    def seats_of(self, player: int) -> list[int]:
        """The seats of ``player`` in this round, in board order."""
        if not self._by_player:
            self._by_player.append(np.argsort(self.seat_player, kind="stable"))
        order = self._by_player[0]
        ranked = self.seat_player[order]
        lo, hi = np.searchsorted(ranked, [player, player + 1])
        return sorted(order[lo:hi].tolist())


@dataclass(frozen=True, slots=True, eq=False)
class AnteLedger:
    """The ante's exact figures for every player and round (seed 002, Appendix A): the stake
    rate ``stake_units`` / 10^``stake_places``, the start, each round's :class:`LedgerRound`,
    the boards' scores. It is the standings' :class:`~palmares.diplomacy.aggregation.base.
    RoundFigures` (stake, pot share and score after each round, as exact columns) and builds
    each player's :class:`Line` s when they are read."""

    players: tuple[str, ...]
    start: Fraction
    stake_rate: Fraction
    stake_units: int
    stake_places: int
    rounds: tuple[LedgerRound, ...]
    scored: Mapping[BoardKey, BoardScore]

    def round_of(self, number: int) -> LedgerRound:
        for rd in self.rounds:
            if rd.number == number:
                return rd
        raise KeyError(number)

    def score(self, player: int) -> Fraction:
        """``player``'s score after the last round."""
        if not self.rounds:
            return self.start
        last = self.rounds[-1]
        return Fraction(int(last.after[player]), 10**last.after_places)

    def final_units(self) -> dict[str, int]:
        """Each player's score after the last round in whole numbers of its one unit: what
        ranks them, as their scores do."""
        if not self.rounds:
            return dict.fromkeys(self.players, 0)
        return dict(zip(self.players, self.rounds[-1].after.tolist(), strict=True))

    def games(self) -> I64:
        """Each player's games (boards played) over the tournament."""
        total = np.zeros(len(self.players), dtype=np.int64)
        for rd in self.rounds:
            total += rd.games
        return total

    def column(self, round_number: int, name: str) -> ScaledColumn:
        """The figure ``name`` of round ``round_number`` for every player (``stake``: what they
        staked, ``pot_share``: what the pots paid them, both ``None`` for a round sat out;
        ``score``: the score after the round, adjustment included)."""
        rd = self.round_of(round_number)
        near = None if rd.nearest is None else rd.nearest[name]
        if name == "score":
            return ScaledColumn(rd.after, rd.after_places, near)
        if name == "stake":
            places = rd.before_places + self.stake_places
            return ScaledColumn(_Staked(rd, self.stake_units), places, near)
        if name == "pot_share":
            took = _Took(rd, self.stake_units, self.stake_places)
            return ScaledColumn(took, rd.games_places, near)
        raise KeyError(name)

    def adjustment(self) -> ScaledColumn:
        """Each player's net change by the fewer-games adjustment (``None``: not adjusted)."""
        units: list[int | None] = [None] * len(self.players)
        for rd in self.rounds:
            adj = rd.adjusted
            if adj is None:
                continue
            shift = 10 ** (adj.places - rd.games_places)
            for i in np.flatnonzero(adj.missing > 0).tolist():
                units[i] = int(adj.after[i]) - int(rd.after_games[i]) * shift
            return ScaledColumn(units, adj.places)
        return ScaledColumn(units, 0)

    def lines(self, player: int) -> tuple[Line, ...]:
        """``player``'s lines, as :meth:`~palmares.diplomacy.aggregation.ante.Ante.aggregate`
        builds them in Fractions: each game (stake, pot, share, take), each round sat out, the
        fewer-games adjustment."""
        out: list[Line] = []
        rate = self.stake_rate
        for rd in self.rounds:
            pre = Fraction(int(rd.before[player]), 10**rd.before_places)
            seats = rd.seats_of(player)
            first_game = len(out)
            score = pre
            for n, pos in enumerate(seats):
                k = int(np.searchsorted(rd.starts, pos, side="right")) - 1
                board = rd.boards[k]
                first = int(rd.starts[k])
                seat = board.seats[pos - first]
                result = self.scored[(rd.number, board.board)]
                members = rd.seat_player[first : first + len(board.seats)].tolist()
                pot = Fraction(sum(int(rd.before[m]) for m in members), 10**rd.before_places)
                pot *= rate
                share = Fraction(int(rd.shares[pos]), 10**rd.share_places)
                take = share * pot
                before, score = score, score - pre * rate + take
                out.append(
                    Line(
                        round=rd.number,
                        kind="game",
                        before=before,
                        after=score,
                        step=AnteGame(
                            stake_rate=rate,
                            base=pre,
                            stake=pre * rate,
                            pot=pot,
                            share=share,
                            board_total=exact(result.board_total),
                            next_stake=score * rate if n == len(seats) - 1 else None,
                        ),
                        board=board.board,
                        power=seat.power,
                        centres=seat.centres,
                        board_score=result[seat.power],
                        points=take,
                    )
                )
            if not seats:
                out.append(
                    Line(round=rd.number, kind="absent", before=pre, after=pre, step=Absent())
                )
            adj = rd.adjusted
            if adj is not None and adj.missing[player] > 0:
                if seats:  # the next stake is not 10 % of the score before the adjustment
                    last = out[-1]
                    assert isinstance(last.step, AnteGame) and len(out) > first_game
                    out[-1] = replace(last, step=replace(last.step, next_stake=None))
                fewer = fewer_games_adjustment(
                    score, int(adj.played[player]), stake=rate, min_rounds=adj.min_rounds
                )
                step = replace(fewer, after_round=rd.number)
                out.append(
                    Line(
                        round=rd.number,
                        kind="adjustment",
                        before=fewer.before,
                        after=fewer.after,
                        step=step,
                    )
                )
        return tuple(out)


class _Staked:
    """What each player staked in a round (units of 10^−(before + stake places)): k · a · N
    going in; ``None`` for a round sat out. Worked out for the players asked."""

    __slots__ = ("_a", "_round")

    def __init__(self, rd: LedgerRound, a: int) -> None:
        self._round, self._a = rd, a

    def take(self, indices: I64) -> Units:
        rd = self._round
        games = rd.games[indices]
        out: Units = rd.before[indices] * (games.astype(np.object_) * self._a)
        out[games == 0] = None
        return out


class _Took:
    """What the pots paid each player in a round, in the unit after its games: the score after
    the games − the score going in + the stake, N' − N · (10^(s+q) − k · a · 10^q) (k: their
    games), one product and one difference a player; ``None`` for a round sat out."""

    __slots__ = ("_a", "_round", "_s")

    def __init__(self, rd: LedgerRound, a: int, s: int) -> None:
        self._round, self._a, self._s = rd, a, s

    def take(self, indices: I64) -> Units:
        rd = self._round
        games = rd.games[indices]
        q, a = rd.share_places, self._a
        most = int(games.max(initial=0))
        keep = _objects([10 ** (self._s + q) - k * a * 10**q for k in range(most + 1)])
        out: Units = rd.after_games[indices] - rd.before[indices] * keep[games]
        out[games == 0] = None
        return out


def ante_ledger(
    boards: Sequence[PlayedBoard],
    scored: Mapping[BoardKey, BoardScore],
    players: Sequence[str],
    *,
    start: Fraction,
    stake: Fraction,
    adjust_after: Sequence[int] = (),
    min_rounds: int = 3,
) -> AnteLedger | None:
    """The ledger of the ante over ``boards`` (scored in ``scored``) for ``players`` (every
    seated player and the entrants), starting at ``start`` and staking ``stake``; the
    fewer-games adjustment after each round of ``adjust_after`` (one at most) for those who
    played in fewer than ``min_rounds`` rounds. ``None`` when a figure does not terminate."""
    index = {p: i for i, p in enumerate(players)}
    by_round: dict[int, list[PlayedBoard]] = {}
    for b in boards:
        by_round.setdefault(b.round, []).append(b)
    cache: dict[Score, dict[Score, tuple[int, int] | None]] = {}
    played: list[RoundSeats] = []
    for number in sorted(by_round):
        in_round = tuple(by_round[number])
        raw = _shares(in_round, scored, cache)
        if raw is None:
            return None
        q = max((p for _, p in raw), default=0)
        scaled = [c * 10 ** (q - p) for c, p in raw]
        small = q <= 15 and all(0 <= c <= 10**q for c in scaled)  # shares of 0 … 1 fit int64
        seat_player = np.fromiter(
            (index[seat.player] for b in in_round for seat in b.seats), np.int64, len(raw)
        )
        sizes = np.array([len(b.seats) for b in in_round], dtype=np.int64)
        shares = np.array(scaled, dtype=np.int64 if small else object)
        played.append(RoundSeats(number, in_round, seat_player, sizes, shares, q))
    return ledger_of_rounds(
        played,
        scored,
        players,
        start=start,
        stake=stake,
        adjust_after=adjust_after,
        min_rounds=min_rounds,
    )


@dataclass(frozen=True, slots=True, eq=False)
class RoundSeats:
    """What the ledger needs of one round: its ``boards`` (read when a line is built), each
    seat's player (an index into the ledger's players) in board then seat order, each board's
    seats (``sizes``) and each seat's share of its pot in units of 10^−``share_places``."""

    number: int
    boards: Sequence[PlayedBoard]
    seat_player: I64
    sizes: I64
    shares: npt.NDArray[Any]
    share_places: int


def ledger_of_rounds(
    rounds: Sequence[RoundSeats],
    scored: Mapping[BoardKey, BoardScore],
    players: Sequence[str],
    *,
    start: Fraction,
    stake: Fraction,
    adjust_after: Sequence[int] = (),
    min_rounds: int = 3,
) -> AnteLedger | None:
    """The ledger of the ante over ``rounds`` in increasing order (:func:`ante_ledger`, whose
    arguments these are, the boards given by their seats: issue 33's boards kept as columns);
    ``None`` when the start or the stake does not terminate."""
    stake_places, start_places = places_of(stake), places_of(start)
    if stake_places is None or start_places is None:
        return None
    a, s = _units(stake, stake_places), stake_places
    n = len(players)
    units = _objects([_units(start, start_places)] * n)
    places = start_places
    played = np.zeros(n, dtype=np.int64)
    out: list[LedgerRound] = []
    track = FloatTrack.start(n, start, stake)
    for rs in rounds:
        seat_player, sizes, q = rs.seat_player, rs.sizes, rs.share_places
        starts = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
        pots = np.add.reduceat(units[seat_player], starts)  # Σ N of each board's players
        paid = rs.shares.astype(np.object_) * pots[np.repeat(np.arange(len(sizes)), sizes)]
        taken = np.zeros(n, dtype=object)
        np.add.at(taken, seat_player, paid)
        games = np.bincount(seat_player, minlength=n).astype(np.int64)
        keep = _objects([10 ** (s + q) - k * a * 10**q for k in range(int(games.max()) + 1)])
        after = units * keep[games] + taken * a
        played += games > 0
        adjusted = None
        if rs.number in adjust_after:
            adjusted = _adjust(after, places + s + q, played, a, s, min_rounds)
        nearest = None if track is None else track.play(seat_player, sizes, rs.shares, q, games)
        if nearest is not None and track is not None and adjusted is not None:
            scores = track.adjust(adjusted.missing)
            nearest = None if scores is None else {**nearest, "score": scores}
        if nearest is None:
            track = None  # the floats stop here: the exact figures are divided from now on
        rd = LedgerRound(
            rs.number,
            rs.boards,
            seat_player,
            starts,
            rs.shares,
            q,
            units,
            places,
            games,
            after,
            places + s + q,
            adjusted,
            nearest,
        )
        out.append(rd)
        units, places = rd.after, rd.after_places
    return AnteLedger(tuple(players), start, stake, a, s, tuple(out), scored)


def _shares(
    boards: Sequence[PlayedBoard],
    scored: Mapping[BoardKey, BoardScore],
    cache: dict[Score, dict[Score, tuple[int, int] | None]],
) -> list[tuple[int, int]] | None:
    """Each seat's share of its pot (:meth:`BoardScore.share`) as (units, places), seat by
    seat; ``None`` when one does not terminate. ``cache``: by board total, then score."""
    out: list[tuple[int, int]] = []
    for b in boards:
        result = scored[(b.round, b.board)]
        total = result.board_total
        known = cache.get(total)
        if known is None:
            known = cache[total] = {}
        scores = result.scores
        for seat in b.seats:
            score = scores[seat.power]
            found = known.get(score, ())
            if found == ():
                found = known[score] = _share(score, total, len(scores))
            if found is None:
                return None
            out.append(found)  # type: ignore[arg-type]
    return out


def _share(score: Score, total: Score, seats: int) -> tuple[int, int] | None:
    whole = exact(total)
    share = Fraction(1, seats) if whole == 0 else exact(score) / whole
    places = places_of(share)
    return None if places is None else (_units(share, places), places)


def _adjust(
    after: Units, places: int, played: I64, a: int, s: int, min_rounds: int
) -> Adjusted | None:
    """The fewer-games adjustment (seed 002, "Top Board"): a player who played in 0 < p <
    ``min_rounds`` rounds loses ``min_rounds`` − p more stakes; ``None`` when nobody does."""
    missing = np.where((played > 0) & (played < min_rounds), min_rounds - played, 0)
    most = int(missing.max()) if missing.size else 0
    if most == 0:
        return None
    kept = 10**s - a
    factor = _objects([kept**m * 10 ** (s * (most - m)) for m in range(most + 1)])
    return Adjusted(
        played.copy(),
        missing.astype(np.int64),
        after * factor[missing],
        places + s * most,
        min_rounds,
    )
