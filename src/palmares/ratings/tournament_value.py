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
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from palmares.core.rounding import half_up
from palmares.core.rulesets import DatedRules

__all__ = [
    "CAP",
    "FIRST_RATED_DAY",
    "VALUE_RULES",
    "WORLD_CHAMPIONSHIP_VALUE",
    "TournamentValue",
    "ValueRules",
    "formula_value",
    "tournament_value",
]

WORLD_CHAMPIONSHIP_VALUE = Fraction(20)
CAP = Fraction(15)
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


@dataclass(frozen=True, slots=True)
class TournamentValue:
    """An event's tournament value, the rule that gave it, and the formula's value beside it.

    ``rule`` is one of ``world-championship``, ``before-2001``, ``one-round``, ``more-rounds``,
    ``capped`` (the formula above 15), ``stored`` (a stored coefficient used as given).
    """

    value: Fraction
    rule: str
    players: int
    formula: Fraction
    uncapped: Fraction
    one_round: bool = False
    world_championship: bool = False
    stored: Fraction | None = None
    #: A stored coefficient on an event that the dated rule rates zero (before 2001, not a
    #: World Championship): ``"seed"`` when the seed's zero won, ``"stored"`` when it was used.
    overruled: str | None = None

    @property
    def above_cap(self) -> bool:
        """A stored value above the cap of a non-World-Championship event (flagged in reports)."""
        return self.rule == "stored" and not self.world_championship and self.value > CAP

    @property
    def flags(self) -> tuple[str, ...]:
        """What a ratings officer should look at: a stored value above the cap, a stored value
        on an event before 2001 that is not a World Championship."""
        out: list[str] = []
        if self.above_cap:
            out.append(
                f"stored coefficient {_show(self.value)} is above the cap of 15 "
                f"(the formula gives {_show(self.formula)})"
            )
        if self.overruled is not None and self.stored is not None:
            won = (
                "the seed's rule wins: tournament value 0"
                if self.overruled == "seed"
                else f"the stored value is used as asked: {_show(self.stored)}"
            )
            out.append(
                f"stored coefficient {_show(self.stored)} on an event before 2001 that is not a "
                f"World Championship ({won})"
            )
        return tuple(out)

    @property
    def fraction(self) -> Fraction:
        """The share of the distance a rating moves: value / 100."""
        return self.value / 100

    def explain(self) -> str:
        """The value in the seed's words."""
        n = self.players
        if self.rule == "world-championship":
            return "tournament value 20 (World Championship)"
        if self.rule == "before-2001":
            text = "tournament value 0 (events before 2001 other than World Championships)"
            if self.stored is not None:
                text += (
                    f"; the stored coefficient {_show(self.stored)} is not used: seed 000's "
                    "pre-2001 rule wins over a stored value"
                )
            return text
        share = f"{n}/7 + 2" if self.one_round else f"{n}/3.5 + 2"
        if self.rule == "capped":
            return f"tournament value {share} = {_show(self.uncapped)}, capped at 15 → 15"
        if self.rule == "stored":
            text = f"tournament value {_show(self.value)} (stored; the formula gives "
            text += f"{_show(self.formula)})"
            if self.above_cap:
                text += ", above the cap of 15"
            if self.overruled == "stored":
                text += (
                    "; before 2001 seed 000 gives events other than World Championships 0, "
                    "but the stored value was asked to win"
                )
            return text
        return f"tournament value {share} = {_show(self.value)}"


def _show(x: Fraction) -> str:
    return _trim(half_up(x, 2))


def _trim(d: Decimal) -> str:
    text = format(d, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def formula_value(
    players: int,
    *,
    rounds: int | None,
    world_championship: bool,
    day: date,
    rules: DatedRules[ValueRules] = VALUE_RULES,
) -> tuple[Fraction, Fraction, str]:
    """The seed's formula: ``(value, uncapped, rule)``; ``rounds`` None means more than one."""
    if world_championship:
        return WORLD_CHAMPIONSHIP_VALUE, WORLD_CHAMPIONSHIP_VALUE, "world-championship"
    if rounds == 1:
        uncapped, rule = Fraction(players, 7) + 2, "one-round"
    else:
        uncapped, rule = Fraction(players * 2, 7) + 2, "more-rounds"
    if not rules.at(day).rated:
        return Fraction(0), uncapped, "before-2001"
    if uncapped > CAP:
        return CAP, uncapped, "capped"
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
    if rule == "before-2001":
        if not stored_wins:
            return TournamentValue(
                value, rule, players, value, uncapped, one_round, False, stored, "seed"
            )
        return TournamentValue(
            stored, "stored", players, value, uncapped, one_round, False, stored, "stored"
        )
    return TournamentValue(
        stored, "stored", players, value, uncapped, one_round, world_championship, stored
    )
