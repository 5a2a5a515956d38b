"""The value types of a Diplomacy board, as every scoring system and aggregation sees them.

A board is seven great powers (a variant may have others: nothing here hard-codes seven or 34
beyond the defaults). A scoring system receives one finished :class:`Board`: the final centres,
the elimination years, the final year, the agreed draw (``None``: every survivor is in it) and,
where known, the centre counts by year. A tournament round is a list of :class:`PlayedBoard`,
which also say who sat at each power.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from palmares.core import message
from palmares.core.errors import PalmaresError
from palmares.core.message import Message, english
from palmares.diplomacy.powers import GREAT_POWERS

__all__ = [
    "GREAT_POWERS",
    "SOLO_CENTRES",
    "TOTAL_CENTRES",
    "Board",
    "PlayedBoard",
    "ResultProblem",
    "Seat",
    "parse_power",
    "result_problems",
]

#: Supply centres on the standard map.
TOTAL_CENTRES = 34
#: Centres that win outright at the end of a Fall turn (seed 002, "Game conclusion").
SOLO_CENTRES = 18


#: The seven great powers by their lower-case name and initial (names and initials are
#: distinct): :func:`parse_power`'s answer for them without the walk, as every stored seat is
#: read back through it.
_GREAT_POWERS_BY_WORD = {
    **{p.lower(): p for p in GREAT_POWERS},
    **{p[0].lower(): p for p in GREAT_POWERS},
}


def parse_power(value: str, powers: tuple[str, ...] = GREAT_POWERS) -> str:
    """A power by its name or initial, case-insensitive (``"a"`` and ``"AUSTRIA"`` → Austria)."""
    raw = value.strip().lower()
    if powers is GREAT_POWERS:
        found = _GREAT_POWERS_BY_WORD.get(raw)
        if found is not None:
            return found
    for power in powers:
        if raw == power.lower():
            return power
    initials = [p for p in powers if p[0].lower() == raw]
    if len(raw) == 1 and len(initials) == 1:
        return initials[0]
    raise PalmaresError.of(Message.of("diplomacy.unknown_power", value=repr(value), powers=powers))


def _power(name: str) -> Message:
    """A power in a message (its name told in the reader's language)."""
    return message.power(name)


@dataclass(frozen=True, slots=True)
class ResultProblem:
    """Something impossible in a board's result: the power it concerns (``None``: the whole
    board), the field (``centres``, ``eliminated``, ``draw``) and what is wrong."""

    power: str | None
    field: str
    #: What is wrong where it has no typed message.
    text: str
    #: What is wrong as a typed value (the site tells it in the page's language).
    said: Message | None = None

    @classmethod
    def of(cls, power: str | None, field: str, said: Message) -> ResultProblem:
        """The problem saying ``said``."""
        return cls(power, field, "", said)

    @property
    def message(self) -> str:
        """What is wrong in English (a log's text)."""
        return self.text if self.said is None else english(self.said)


def result_problems(
    centres: Mapping[str, int],
    eliminated: Mapping[str, int] | None = None,
    final_year: int | None = None,
    draw: Collection[str] = (),
    *,
    total_centres: int = TOTAL_CENTRES,
    players: Mapping[str, str] | None = None,
    finished: bool = True,
) -> list[ResultProblem]:
    """What cannot be true of a finished board, whoever reports it (``boards.csv``,
    ``boards.json``, the TD's form, the API): no centre held at all, more centres than the map
    holds, an eliminated
    power that still holds centres or fell after the final year, a power in the agreed draw
    without a centre, and (when ``players`` names who played each power) one player on two
    powers of the board (names compared case- and space-insensitively). The readers add the
    file and line; the form adds the field. ``finished`` false: the board is seats alone (a
    board call read as history, its centres left out), whose centres are all 0.
    """
    problems: list[ResultProblem] = []
    first_power: dict[str, str] = {}
    for power, player in (players or {}).items():
        key = " ".join(player.casefold().split())
        if key in first_power:
            problems.append(
                ResultProblem.of(
                    power,
                    "player",
                    Message.of(
                        "diplomacy.two_powers", player=player, power=_power(first_power[key])
                    ),
                )
            )
        else:
            first_power[key] = power
    total = sum(centres.values())
    if finished and centres and total == 0:
        # A game ends with a survivor: a board where no power holds a centre is no result (and
        # the systems that share 100 by the centres held would divide by nothing).
        problems.append(ResultProblem.of(None, "centres", Message.of("diplomacy.no_centres")))
    if total > total_centres:
        problems.append(
            ResultProblem.of(
                None,
                "centres",
                Message.of("diplomacy.centres_sum", total=total, most=total_centres),
            )
        )
    for power, year in (eliminated or {}).items():
        held = centres.get(power, 0)
        if held:
            problems.append(
                ResultProblem.of(
                    power,
                    "eliminated",
                    Message.of("diplomacy.eliminated_holds", power=_power(power), held=held),
                )
            )
        elif final_year is not None and year > final_year:
            problems.append(
                ResultProblem.of(
                    power,
                    "eliminated",
                    Message.of("diplomacy.after_final", year=year, final=final_year),
                )
            )
    for power in draw:
        if centres.get(power, 0) == 0:
            problems.append(
                ResultProblem.of(
                    power, "draw", Message.of("diplomacy.draw_no_centres", power=_power(power))
                )
            )
    return problems


@dataclass(frozen=True, slots=True)
class Board:
    """One finished board: what a board-scoring system needs to know.

    ``centres`` has every power on the board (0 for an eliminated one); ``eliminated`` the year
    each eliminated power was knocked out, where known; ``draw`` the powers in the agreed draw or
    ``None`` when every survivor shares it; ``centres_by_year`` the Fall counts by year, where a
    system needs them.
    """

    id: str
    centres: Mapping[str, int]
    eliminated: Mapping[str, int] = field(default_factory=dict)
    final_year: int | None = None
    draw: frozenset[str] | None = None
    centres_by_year: Mapping[int, Mapping[str, int]] | None = None
    solo_centres: int = SOLO_CENTRES

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(self.centres)

    @property
    def soloist(self) -> str | None:
        """The soloist (``solo_centres`` or more), or the lone power of a one-power draw."""
        for power, count in self.centres.items():
            if count >= self.solo_centres:
                return power
        if self.draw is not None and len(self.draw) == 1:
            return next(iter(self.draw))
        return None

    @property
    def survivors(self) -> tuple[str, ...]:
        return tuple(p for p, c in self.centres.items() if c > 0)

    @property
    def drawing(self) -> tuple[str, ...]:
        """The powers sharing the result: the agreed draw, or every survivor when none is named."""
        if self.draw is None:
            return self.survivors
        return tuple(p for p in self.centres if p in self.draw)


@dataclass(frozen=True, slots=True)
class Seat:
    """One power on one board of a tournament round, and who played it."""

    power: str
    player: str
    centres: int
    eliminated: int | None = None
    draw: bool = False
    line: int | None = None  # where the row came from, for error messages


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """A board played in a tournament round (one row per power in ``boards.csv``);
    ``centres_by_year`` the Fall counts by year where the TD entered them (the SC chart some
    systems break ties on)."""

    round: int
    board: str
    seats: tuple[Seat, ...]
    final_year: int | None = None
    top_board: bool = False
    centres_by_year: Mapping[int, Mapping[str, int]] | None = field(default=None, compare=False)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.seats)

    def seat_of(self, player: str) -> Seat:
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise KeyError(player)

    def result(self) -> Board:
        """The board as a scoring system sees it."""
        drawn = frozenset(s.power for s in self.seats if s.draw)
        return Board(
            id=f"R{self.round}B{self.board}",
            centres={s.power: s.centres for s in self.seats},
            eliminated={s.power: s.eliminated for s in self.seats if s.eliminated is not None},
            final_year=self.final_year,
            draw=drawn or None,
            centres_by_year=self.centres_by_year,
        )
