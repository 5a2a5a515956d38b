"""Who the day's standings list, and the marks beside them (issue 32, invariant 6): every
registered player who has played or sat out, with the rounds sat out and a withdrawal marked.

A player sits out a round when they are present for it and its published call does not seat
them (seed 002, "Rounds": players "should feel free to play in as few as one or in as many as
all six"; specs/diplomacy.md, "Board call"). A sitter with no game yet is still in the standings,
at the aggregation's score for no game (the ante's 100).
"""

from __future__ import annotations

from dataclasses import dataclass

from palmares.diplomacy.lifecycle.state import Day

__all__ = ["Marks", "entrants", "marks", "sat_out"]


@dataclass(frozen=True, slots=True)
class Marks:
    """What the standings mark beside a player: the rounds they sat out, and the round after
    which they withdrew (``None``: still playing)."""

    sat_out: tuple[int, ...] = ()
    withdrawn_after: int | None = None


def _published_rounds(day: Day, up_to: int | None) -> list[int]:
    return [
        r.number
        for r in day.played
        if r.call is not None and r.call.published and (up_to is None or r.number <= up_to)
    ]


def sat_out(day: Day, up_to: int | None = None) -> dict[str, tuple[int, ...]]:
    """Each player's rounds sat out (present, not seated by the published call), up to round
    ``up_to`` when given."""
    out: dict[str, list[int]] = {}
    for number in _published_rounds(day, up_to):
        for player in day.sitters(number):
            out.setdefault(player, []).append(number)
    return {p: tuple(rounds) for p, rounds in out.items()}


def entrants(day: Day, up_to: int | None = None) -> tuple[str, ...]:
    """The registered players the standings list: in a stored result, or sitting out a round
    (up to round ``up_to`` when given) — in registration order."""
    listed: set[str] = set(sat_out(day, up_to))
    for rnd in day.played:
        if up_to is not None and rnd.number > up_to:
            continue
        for result in rnd.results:
            listed.update(result.players())
    return tuple(r.player for r in day.registered if r.player in listed)


def marks(day: Day, up_to: int | None = None) -> dict[str, Marks]:
    """The marks of every player :func:`entrants` lists (up to round ``up_to``)."""
    sitting = sat_out(day, up_to)
    found = {r.player: r for r in day.registered}
    return {
        p: Marks(sitting.get(p, ()), found[p].withdrawn_after if p in found else None)
        for p in entrants(day, up_to)
    }
