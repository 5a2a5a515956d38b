"""The tournament value of an event (seed 000, "Dip Pouch Tournament Rating").

The seed: "If the event was the World Championship, the tournament value is 20. Otherwise, if the
tournament has only one round, the tournament value is equal to the number of players in the event
divided by 7, plus 2. If the event has more than one round, [it] is equal to the number of players
in the event divided by 3.5, plus two. However, the maximum tournament value for any non-world
championship event is 15. Events before 2001, with the exception of World Championships, have a
tournament value of zero".

The WDD stores a value per event and it does not always follow the formula (the seed's Dip in the
Ocean 2004 shows 18.86 for 24 players: the formula for 59). A stored value (the ``coefficient``
column) is used as given, even above the cap; it is then flagged
(:attr:`TournamentValue.above_cap`). The formula's own value is kept beside it, never over it.

The pre-2001 rule is a dated rule (:data:`VALUE_RULES`, ``core.rulesets.DatedRules``): before
2001-01-01 an event that is not a World Championship has a tournament value of zero, and that
rule wins over a stored coefficient (our decision, docs/dip-pouch.md: the seed states the zero
without exception but for World Championships, and a stored non-zero value on such an event
would move ratings the seed says it must not move: a 1998 event took a rating from 40 to 43.50).
The overruled coefficient is kept and flagged (:attr:`TournamentValue.overruled`,
:attr:`TournamentValue.flags`). ``stored_wins=True`` restores the stored value (still flagged).

Every value here is typed (:class:`ValueRule`, :class:`Overruled`, :class:`ValueFlag`); their
words are the explanation layer's (``palmares.explain.renderers.ratings``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from palmares.core.rulesets import DatedRules

__all__ = [
    "CAP",
    "FIRST_RATED_DAY",
    "MORE_ROUNDS_DIVISOR",
    "ONE_ROUND_DIVISOR",
    "PLUS",
    "VALUE_RULES",
    "WORLD_CHAMPIONSHIP_VALUE",
    "FlagKind",
    "Overruled",
    "TournamentValue",
    "ValueFlag",
    "ValueRule",
    "ValueRules",
    "event_values",
    "formula_value",
    "tournament_value",
    "value_of_event",
]

WORLD_CHAMPIONSHIP_VALUE = Fraction(20)
"""Seed 000: "If the event was the World Championship, the tournament value is 20"."""
CAP = Fraction(15)
"""Seed 000: "the maximum tournament value for any non-world championship event is 15"."""
ONE_ROUND_DIVISOR = Fraction(7)
"""Seed 000: one round, "the number of players in the event divided by 7, plus 2"."""
MORE_ROUNDS_DIVISOR = Fraction(7, 2)
"""Seed 000: more than one round, "divided by 3.5, plus two"."""
PLUS = Fraction(2)
FIRST_RATED_DAY = date(2001, 1, 1)
"""Events before this day, except World Championships, have a tournament value of zero."""


@dataclass(frozen=True, slots=True)
class ValueRules:
    """The tournament-value rule in force from ``since``: ``rated`` False means every event but
    a World Championship has value 0 (seed 000 before 2001); ``source`` cites it."""

    since: date
    rated: bool
    source: str


#: Seed 000's dated rules: zero before 2001 (World Championships excepted), the formula from then.
VALUE_RULES: DatedRules[ValueRules] = DatedRules.of(
    [
        (
            date.min,
            ValueRules(
                date.min,
                False,
                'seed 000: "Events before 2001, with the exception of World Championships, '
                'have a tournament value of zero"',
            ),
        ),
        (
            FIRST_RATED_DAY,
            ValueRules(FIRST_RATED_DAY, True, "seed 000: the tournament value formula"),
        ),
    ]
)


class ValueRule(StrEnum):
    """Which of seed 000's tournament-value rules gave an event its value."""

    WORLD_CHAMPIONSHIP = "world-championship"
    BEFORE_2001 = "before-2001"
    ONE_ROUND = "one-round"
    MORE_ROUNDS = "more-rounds"
    CAPPED = "capped"  # the formula above 15
    STORED = "stored"  # a stored coefficient used as given


class Overruled(StrEnum):
    """A stored coefficient on an event the pre-2001 rule rates zero: which one won."""

    SEED = "seed"
    STORED = "stored"


class FlagKind(StrEnum):
    """What a ratings officer should look at in an event's tournament value."""

    ABOVE_CAP = "above-cap"
    STORED_BEFORE_2001 = "stored-before-2001"


@dataclass(frozen=True, slots=True)
class ValueFlag:
    """One thing to look at: a stored value above the cap (``formula`` beside it), or a stored
    value on an event before 2001 that is not a World Championship (``won``: which rule won)."""

    kind: FlagKind
    stored: Fraction
    formula: Fraction
    won: Overruled | None = None


@dataclass(frozen=True, slots=True)
class TournamentValue:
    """An event's tournament value (seed 000, "Dip Pouch Tournament Rating": the tournament
    value and its cap), the rule that gave it, and the formula's value beside it."""

    value: Fraction
    rule: ValueRule
    players: int
    formula: Fraction
    uncapped: Fraction
    one_round: bool = False
    world_championship: bool = False
    stored: Fraction | None = None
    #: A stored coefficient on an event that the dated rule rates zero (before 2001, not a
    #: World Championship): ``"seed"`` when the seed's zero won, ``"stored"`` when it was used.
    overruled: Overruled | None = None

    @property
    def divisor(self) -> Fraction:
        """The formula's divisor: 7 for one round, 3.5 for more."""
        return ONE_ROUND_DIVISOR if self.one_round else MORE_ROUNDS_DIVISOR

    @property
    def above_cap(self) -> bool:
        """A stored value above the cap of a non-World-Championship event (flagged in reports)."""
        return self.rule is ValueRule.STORED and not self.world_championship and self.value > CAP

    @property
    def flags(self) -> tuple[ValueFlag, ...]:
        """What a ratings officer should look at: a stored value above the cap, a stored value
        on an event before 2001 that is not a World Championship."""
        out: list[ValueFlag] = []
        if self.above_cap:
            out.append(ValueFlag(FlagKind.ABOVE_CAP, self.value, self.formula))
        if self.overruled is not None and self.stored is not None:
            out.append(
                ValueFlag(FlagKind.STORED_BEFORE_2001, self.stored, self.formula, self.overruled)
            )
        return tuple(out)

    @property
    def fraction(self) -> Fraction:
        """The share of the distance a rating moves: value / 100."""
        return self.value / 100


def formula_value(
    players: int,
    *,
    rounds: int | None,
    world_championship: bool,
    day: date,
    rules: DatedRules[ValueRules] = VALUE_RULES,
) -> tuple[Fraction, Fraction, ValueRule]:
    """The seed's formula: ``(value, uncapped, rule)``; ``rounds`` None means more than one."""
    if world_championship:
        return WORLD_CHAMPIONSHIP_VALUE, WORLD_CHAMPIONSHIP_VALUE, ValueRule.WORLD_CHAMPIONSHIP
    if rounds == 1:
        uncapped, rule = players / ONE_ROUND_DIVISOR + PLUS, ValueRule.ONE_ROUND
    else:
        uncapped, rule = players / MORE_ROUNDS_DIVISOR + PLUS, ValueRule.MORE_ROUNDS
    if not rules.at(day).rated:
        return Fraction(0), uncapped, ValueRule.BEFORE_2001
    if uncapped > CAP:
        return CAP, uncapped, ValueRule.CAPPED
    return uncapped, uncapped, rule


def tournament_value(
    players: int,
    *,
    rounds: int | None = None,
    world_championship: bool = False,
    day: date,
    coefficient: Decimal | Fraction | None = None,
    rules: DatedRules[ValueRules] = VALUE_RULES,
    stored_wins: bool = False,
) -> TournamentValue:
    """The tournament value of an event of ``players`` players held on ``day``.

    A stored ``coefficient`` is used as given (the WDD's stored value); the formula is still
    computed and kept beside it. On a day the dated ``rules`` rate zero (before 2001) and for an
    event that is not a World Championship, the zero wins and the coefficient is flagged, unless
    ``stored_wins``.
    """
    value, uncapped, rule = formula_value(
        players, rounds=rounds, world_championship=world_championship, day=day, rules=rules
    )
    one_round = rounds == 1 and not world_championship
    if coefficient is None:
        return TournamentValue(value, rule, players, value, uncapped, one_round, world_championship)
    stored = Fraction(coefficient)
    if rule is ValueRule.BEFORE_2001:
        if not stored_wins:
            return TournamentValue(
                value, rule, players, value, uncapped, one_round, False, stored, Overruled.SEED
            )
        return TournamentValue(
            stored,
            ValueRule.STORED,
            players,
            value,
            uncapped,
            one_round,
            False,
            stored,
            Overruled.STORED,
        )
    return TournamentValue(
        stored, ValueRule.STORED, players, value, uncapped, one_round, world_championship, stored
    )


@lru_cache(maxsize=1 << 16)
def value_of_event(
    players: int,
    rounds: int | None,
    world_championship: bool,
    day: date,
    coefficient: Decimal | Fraction | None,
) -> TournamentValue:
    """:func:`tournament_value` of an event with these facts under seed 000's dated rules,
    remembered: a history of a million rows has a few thousand distinct events, and the reader's
    columns, the engine's arrays and the site's stored lists all take their values from here
    (issue 35: the rule in one function)."""
    return tournament_value(
        players,
        rounds=rounds,
        world_championship=world_championship,
        day=day,
        coefficient=coefficient,
    )


def event_values(
    players: Sequence[int],
    rounds: Sequence[int | None],
    world_championships: Sequence[bool],
    days: Sequence[date],
    coefficients: Sequence[Decimal | Fraction | None],
) -> list[TournamentValue]:
    """Each event's tournament value (:func:`value_of_event`), the events given as columns."""
    return list(
        map(value_of_event, players, rounds, map(bool, world_championships), days, coefficients)
    )
