"""The Dip Pouch rating in words (seed 000, "Dip Pouch Tournament Rating").

A rating step is told as the seed tells its worked example, sentence for sentence: "The player's
percentile score is (65 + 0.5 - 8)/65 * 100 = 88.46. A 65 player event would have a tournament
value of (65/3.5) +2 = 20.57. However, since the maximum tournament value is 15, that will be the
value for this event. Therefore, this player's rating will move 15% of the distance from 55 to
88.46. The difference between 88.46 and 55 is 33.46. 15% of 33.46 is 5.019. Therefore, we add
5.019 points to this player's rating as a results of this event, meaning their rating increases
from 55 to 60.019." (the seed's own words, "as a results of" included). Ratings are shown to
three decimals, percentiles, values and differences to two, half up, trailing zeros dropped.

Renders :class:`~palmares.ratings.dip_pouch.RatingRule` (the rule itself) and its
:class:`~palmares.ratings.dip_pouch.PercentileRule`,
:class:`~palmares.ratings.dip_pouch.RatingStep`,
:class:`~palmares.ratings.tournament_value.TournamentValue`,
:class:`~palmares.ratings.tournament_value.ValueFlag`,
:class:`~palmares.ratings.reports.EventFlag` and :class:`~palmares.ratings.reports.PlayerPage`.
"""

from __future__ import annotations

from fractions import Fraction

from palmares.explain.registry import renders
from palmares.explain.voice import Voice
from palmares.ratings.dip_pouch import INITIAL_RATING, PercentileRule, RatingRule, RatingStep
from palmares.ratings.reports import EventFlag, PlayerPage
from palmares.ratings.tournament_value import (
    CAP,
    FIRST_RATED_DAY,
    PLUS,
    FlagKind,
    Overruled,
    TournamentValue,
    ValueFlag,
    ValueRule,
)

__all__: list[str] = []

HALF = Fraction(1, 2)


def _rating(v: Voice, x: Fraction) -> str:
    return v.figure(x, 3, exact=False)


def _two(v: Voice, x: Fraction) -> str:
    return v.figure(x, 2, exact=False)


def _formula(v: Voice, tv: TournamentValue, value: Fraction) -> str:
    """ "A 65 player event would have a tournament value of (65/3.5) +2 = 20.57."""
    fields = {"n": tv.players, "d": v.figure(tv.divisor), "plus": v.figure(PLUS)}
    if tv.one_round:
        return v.say(
            "A one-round {n} player event would have a tournament value of ({n}/{d}) +{plus} "
            "= {value}.",
            value=_two(v, value),
            **fields,
        )
    return v.say(
        "A {n} player event would have a tournament value of ({n}/{d}) +{plus} = {value}.",
        value=_two(v, value),
        **fields,
    )


def value_sentences(tv: TournamentValue, v: Voice) -> list[str]:
    """The tournament value in the seed's sentences (the middle of its worked example)."""
    if tv.rule is ValueRule.WORLD_CHAMPIONSHIP:
        return [
            v.say(
                "The event was the World Championship, so the tournament value is {value}.",
                value=_two(v, tv.value),
            )
        ]
    if tv.rule is ValueRule.BEFORE_2001:
        out = [
            v.say(
                "Events before {year}, with the exception of World Championships, have a "
                "tournament value of zero, meaning they have no effect on ratings.",
                year=FIRST_RATED_DAY.year,
            )
        ]
        if tv.stored is not None:
            out.append(
                v.say(
                    "The stored tournament value {stored} is not used: seed 000's pre-{year} "
                    "rule wins over a stored value.",
                    stored=_two(v, tv.stored),
                    year=FIRST_RATED_DAY.year,
                )
            )
        return out
    if tv.rule is ValueRule.STORED:
        out = [
            v.say(
                "The event's stored tournament value is {value}; the formula gives {formula}.",
                value=_two(v, tv.value),
                formula=_two(v, tv.formula),
            )
        ]
        if tv.above_cap:
            out.append(
                v.say(
                    "It is above the maximum tournament value of {cap}, and it is used as stored.",
                    cap=_two(v, CAP),
                )
            )
        if tv.overruled is Overruled.STORED:
            out.append(
                v.say(
                    "Events before {year} other than World Championships have a tournament "
                    "value of zero, but the stored value was asked to win.",
                    year=FIRST_RATED_DAY.year,
                )
            )
        return out
    out = [_formula(v, tv, tv.uncapped)]
    if tv.rule is ValueRule.CAPPED:
        out.append(
            v.say(
                "However, since the maximum tournament value is {cap}, that will be the value "
                "for this event.",
                cap=_two(v, CAP),
            )
        )
    return out


def step_sentences(step: RatingStep, v: Voice) -> str:
    """The seed's worked example with this step's figures, from the percentile on."""
    n, p = step.players, step.place
    out = [
        v.say(
            "The player's percentile score is ({n} + {half} - {p})/{n} * 100 = {score}.",
            n=n,
            half=v.figure(HALF),
            p=p,
            score=_two(v, step.score),
        ),
        *value_sentences(step.value, v),
    ]
    before, after = _rating(v, step.before), _rating(v, step.after)
    if step.value.value == 0:
        out.append(v.say("Therefore, this player's rating stays at {before}.", before=before))
        return " ".join(out)
    pct = v.percent(step.value.value, 2, exact=False)
    score, diff = _two(v, step.score), _two(v, step.difference)
    out += [
        v.say(
            "Therefore, this player's rating will move {pct} of the distance from {before} to "
            "{score}.",
            pct=pct,
            before=before,
            score=score,
        ),
        v.say(
            "The difference between {score} and {before} is {diff}.",
            score=score,
            before=before,
            diff=diff,
        ),
        v.say("{pct} of {diff} is {change}.", pct=pct, diff=diff, change=_rating(v, step.change)),
    ]
    if step.change > 0:
        out.append(
            v.say(
                "Therefore, we add {change} points to this player's rating as a results of this "
                "event, meaning their rating increases from {before} to {after}.",
                change=_rating(v, step.change),
                before=before,
                after=after,
            )
        )
    elif step.change < 0:
        out.append(
            v.say(
                "Therefore, we take {change} points from this player's rating as a results of "
                "this event, meaning their rating decreases from {before} to {after}.",
                change=_rating(v, -step.change),
                before=before,
                after=after,
            )
        )
    else:
        out.append(v.say("Therefore, this player's rating stays at {before}.", before=before))
    return " ".join(out)


@renders(RatingStep)
def _step(step: RatingStep, v: Voice) -> tuple[str, ...]:
    head = v.say(
        "{event} ({date}): the player enters with a rating of {before} and finishes in {place} "
        "place out of {n} players.",
        event=step.event_name,
        date=step.date.isoformat(),
        before=_rating(v, step.before),
        place=v.ordinal(step.place, feminine=True),
        n=step.players,
    )
    return (head, step_sentences(step, v))


@renders(TournamentValue)
def _value(tv: TournamentValue, v: Voice) -> tuple[str, ...]:
    return (" ".join(value_sentences(tv, v)),)


@renders(ValueFlag)
def _flag(flag: ValueFlag, v: Voice) -> tuple[str, ...]:
    stored = _two(v, flag.stored)
    if flag.kind is FlagKind.ABOVE_CAP:
        return (
            v.say(
                "stored coefficient {stored} is above the cap of {cap} (the formula gives "
                "{formula})",
                stored=stored,
                cap=_two(v, CAP),
                formula=_two(v, flag.formula),
            ),
        )
    if flag.won is Overruled.STORED:
        return (
            v.say(
                "stored coefficient {stored} on an event before {year} that is not a World "
                "Championship (the stored value is used as asked: {stored})",
                stored=stored,
                year=FIRST_RATED_DAY.year,
            ),
        )
    return (
        v.say(
            "stored coefficient {stored} on an event before {year} that is not a World "
            "Championship (the seed's rule wins: tournament value 0)",
            stored=stored,
            year=FIRST_RATED_DAY.year,
        ),
    )


@renders(EventFlag)
def _event_flag(flagged: EventFlag, v: Voice) -> tuple[str, ...]:
    (flag,) = _flag(flagged.flag, v)
    return (f"{flagged.event.name} ({flagged.event.date.isoformat()}): {flag}",)


@renders(PlayerPage)
def _page(page: PlayerPage, v: Voice) -> tuple[str, ...]:
    head = v.say(
        "{player} starts at {initial} (seed 000: each player begins with an initial rating of "
        "{initial} before their first tournament).",
        player=page.player.name,
        initial=_rating(v, INITIAL_RATING),
    )
    lines = [head]
    for line in reversed(page.lines):
        lines += _step(line.step, v)
    return tuple(lines)


@renders(PercentileRule)
def _percentile_rule(rule: PercentileRule, v: Voice) -> tuple[str, ...]:
    return (
        v.say(
            "The formula used is: (([Number of Players in the event]+{half}-[Placement])/"
            "[Number of Players in the event])*100",
            half=v.figure(rule.half),
        ),
    )


@renders(RatingRule)
def _rule(rule: RatingRule, v: Voice) -> tuple[str, ...]:
    """The rule as seed 000 states it, paragraph by paragraph."""
    return (
        v.say(
            "Each player begins with an initial rating of {initial} before their first "
            "tournament. After each event, a player's final placement (e.g. {first}, {second}, "
            "{third}, etc.) is converted to a percentile score.",
            initial=_rating(v, rule.initial),
            first=v.ordinal(1),
            second=v.ordinal(2),
            third=v.ordinal(3),
        ),
        *_percentile_rule(rule.percentile, v),
        v.say(
            "If the event was the World Championship, the tournament value is {wc}. Otherwise, "
            "if the tournament has only one round, the tournament value is equal to the number "
            "of players in the event divided by {one}, plus {plus}. If the event has more than "
            "one round, the tournament value is equal to the number of players in the event "
            "divided by {more}, plus two. ( (#players/{more})+{plus} ). However, the maximum "
            "tournament value for any non-world championship event is {cap}.",
            wc=_two(v, rule.world_championship),
            one=v.figure(rule.one_round_divisor),
            more=v.figure(rule.more_rounds_divisor),
            plus=v.figure(rule.plus),
            cap=_two(v, rule.cap),
        ),
        v.say(
            "Events before {year}, with the exception of World Championships, have a tournament "
            "value of zero, meaning they have no effect on ratings.",
            year=rule.first_rated_day.year,
        ),
        v.say(
            "After each event the rating moves as many per cent of the distance from the old "
            "rating to the percentile score as the tournament value."
        ),
    )
