"""Board-scoring systems in words, one renderer for all: a power's figures field by field.

A system that explains itself power by power (:class:`PowerWorkings`, built by
``diplomacy/scoring/_shared.board_score``) gives each power a frozen :class:`Figures`
dataclass; this module writes one line per power, "Russia = 7009: centres 9, place points
7000, centre points 9", a label per field name from :data:`FIELD_LABELS` (English, and French
through the catalogue), numbers by :meth:`Voice.figure`. A field that is ``None`` is not said;
a yes/no field says yes or no; an :class:`Outcome` says itself without a label. A system whose
rule needs a sentence of its own registers a renderer for its :class:`BoardNote` here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from fractions import Fraction

from palmares.diplomacy.scoring.base import (
    Figures,
    Outcome,
    PowerWorkings,
)
from palmares.diplomacy.scoring.maxonian import DeadByEliminationYear, TiedSurvivorsShare
from palmares.diplomacy.scoring.solo_or_bust import NoSolo
from palmares.explain.registry import explain, renders
from palmares.explain.renderers.diplomacy import power_name
from palmares.explain.voice import N_, Voice

__all__ = ["FIELD_LABELS", "OUTCOME_WORDS", "figures_text"]

#: The words of each figure, by the field name of the systems' :class:`Figures` dataclasses.
FIELD_LABELS: Mapping[str, str] = {
    "centres": N_("centres"),
    "place_points": N_("place points"),
    "centre_points": N_("centre points"),
    "lead_bonus": N_("lead bonus"),
    "years_played": N_("years played"),
    "years_survived": N_("years survived"),
    "survival": N_("survival"),
    "shares": N_("shares"),
    "domination_bonus": N_("domination bonus"),
    "position_bonus": N_("position bonus"),
    "topping_bonus": N_("topping bonus"),
    "played": N_("played"),
    "place_bonus": N_("place bonus"),
    "in_draw": N_("in draw"),
    "draw_size": N_("draw size"),
    "draw_points": N_("draw points"),
    "centre_bonus": N_("centre bonus"),
    "raw": N_("raw"),
    "raw_total": N_("raw total"),
    "centres_or_years": N_("centres or years"),
    "survival_point": N_("survival point"),
    "kill_points": N_("kill points"),
    "before_cap": N_("before cap"),
    "n": N_("N"),
    "sum_of_n": N_("sum of N"),
    "bonus": N_("bonus"),
    # Mischief … Your Draw Size (issue 19, second half of the systems).
    "before_tribute": N_("before tribute"),
    "tribute_paid": N_("tribute paid"),
    "tribute_received": N_("tribute received"),
    "base_points": N_("base points"),
    "rank_bonus": N_("rank bonus"),
    "rounded_place_points": N_("rounded place points"),
    "square": N_("square"),
    "sum_of_squares": N_("sum of squares"),
    "solo_factor": N_("solo factor"),
    "survival_share": N_("survival share"),
    "gap_points": N_("gap points"),
    "survivors_share": N_("survivors' share"),
    "topping_share": N_("topping share"),
    "band_from": N_("band from"),
}

#: How a soloed board ended for a power.
OUTCOME_WORDS: Mapping[Outcome, str] = {
    Outcome.SOLO: N_("solo"),
    Outcome.CONCESSION: N_("concession"),
    Outcome.LOST_TO_SOLO: N_("lost to a solo"),
}


def _value(value: object, v: Voice) -> str:
    if isinstance(value, bool):
        return v.say("yes") if value else v.say("no")
    if isinstance(value, int | Fraction | Decimal | float):
        return v.figure(value)
    raise TypeError(f"no words for a figure of type {type(value).__qualname__}")


def figures_text(figures: Figures, v: Voice) -> str:
    """A power's figures, field by field: "centres 9, place points 7000, centre points 9"."""
    parts: list[str] = []
    for f in dataclasses.fields(figures):
        value = getattr(figures, f.name)
        if value is None:
            continue
        if isinstance(value, Outcome):
            parts.append(v.say(OUTCOME_WORDS[value]))
            continue
        if isinstance(value, Enum):
            raise TypeError(f"no words for {type(value).__qualname__}.{value.name}")
        label = FIELD_LABELS.get(f.name)
        if label is None:
            raise TypeError(
                f"no label for the figure {f.name!r} of {type(figures).__qualname__}"
                " (add it to FIELD_LABELS in palmares/explain/renderers/scoring.py)"
            )
        parts.append(f"{v.say(label)} {_value(value, v)}")
    return ", ".join(parts)


@renders(PowerWorkings)
def _power_workings(w: PowerWorkings[Figures], v: Voice) -> tuple[str, ...]:
    lines: list[str] = []
    if w.soloist is not None:
        if w.outcome is Outcome.CONCESSION:
            lines.append(v.say("the board is conceded to {power}", power=power_name(w.soloist, v)))
        else:
            lines.append(v.say("{power} solos", power=power_name(w.soloist, v)))
    for note in w.notes:
        lines.extend(explain(note, v.language))
    for power, figures in w.powers.items():
        text = figures_text(figures, v)
        score = v.figure(w.scores[power])
        if text:
            lines.append(
                v.say(
                    "{power} = {score}: {figures}",
                    power=power_name(power, v),
                    score=score,
                    figures=text,
                )
            )
        else:
            lines.append(v.say("{power} = {score}", power=power_name(power, v), score=score))
    return tuple(lines)


@renders(TiedSurvivorsShare)
def _tied_survivors(_note: TiedSurvivorsShare, v: Voice) -> tuple[str, ...]:
    return (v.say("no centre counts by year: tied survivors share their places"),)


@renders(DeadByEliminationYear)
def _dead_by_year(note: DeadByEliminationYear, v: Voice) -> tuple[str, ...]:
    years = ", ".join(
        v.say("{power} out {year}", power=power_name(p, v), year=y) for p, y in note.out
    )
    return (
        v.say(
            "no centre counts by year: dead powers placed by elimination year ({years}; the same "
            "year shares); dipvis, without the counts by year, shares those places",
            years=years,
        ),
    )


@renders(NoSolo)
def _no_solo(_note: NoSolo, v: Voice) -> tuple[str, ...]:
    return (v.say("no solo: every power scores 0"),)
