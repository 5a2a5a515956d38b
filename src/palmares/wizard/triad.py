"""The TRIAD (seed 004, "TRIAD"): 2003-01-01 until 2019-12-31.

"The top 3 finishers (The TRIAD) will play 1 complete 3-handed game with additional master
points of 3-2-1 based on placement in the 3-handed game." "In the event that one of the top 3
players is unable to play (or cannot be contacted) then the player who placed 4th may be used as
a substitute." "Fractional points will be maintained for Triads. i.e. If 2 players tie for first
each player will receive half of 3+2 points. (2.5 points)" — so TRIAD points are never rounded,
even after 2010-11-10 (unless the rule set's ``whole_triad_points`` says otherwise).
"TRIAD was eliminated on January 1, 2020."

The seats: three players, each placed 1st-3rd in the tournament, except that a player placed 4th
may sit for each top-3 player who does not play (with ties in the top places, any of the players
placed 3rd or better may sit).

Public API: :data:`TRIAD_POINTS`, :class:`TriadGame` (tournament name, three finishes),
:func:`triad_awards` (tournament, TRIAD game, rule set) -> awards.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.ranking import TieGroup
from palmares.core.rulesets import DatedRules
from palmares.wizard.game import Finish, Game
from palmares.wizard.master_points import Award, place_share, shared_award, whole_if
from palmares.wizard.placings import Tournament
from palmares.wizard.reasons import TriadReason
from palmares.wizard.rules import RULES, WizardRules

__all__ = ["TRIAD_POINTS", "TriadGame", "triad_awards", "triad_span"]

#: Master points for 1st, 2nd and 3rd of the 3-handed TRIAD game.
TRIAD_POINTS: tuple[int, ...] = (3, 2, 1)


@dataclass(frozen=True, slots=True)
class TriadGame:
    """The TRIAD of ``tournament``: three finishes (scores or places, equal scores tie)."""

    tournament: str
    finishes: tuple[Finish, ...]

    def __post_init__(self) -> None:
        if len(self.finishes) != 3:
            raise PalmaresError.of(
                Message.of(
                    "wizard.triad_size", tournament=self.tournament, players=len(self.finishes)
                )
            )


def _check_seats(tournament: Tournament, triad: TriadGame) -> dict[str, str]:
    """Each TRIAD player's seat ("top 3" or "4th place, substitute"); raise if not allowed."""
    places = {p.player: p.place for p in tournament.placings}
    top = {p for p, place in places.items() if place <= 3}
    seats: dict[str, str] = {}
    for finish in triad.finishes:
        place = places.get(finish.player)
        if place is None:
            raise PalmaresError.of(
                Message.of("wizard.triad_absent", tournament=tournament.name, player=finish.player)
            )
        if place <= 3:
            seats[finish.player] = "top 3"
        elif place == 4:
            seats[finish.player] = "4th place, substitute"
        else:
            raise PalmaresError.of(
                Message.of(
                    "wizard.triad_place",
                    tournament=tournament.name,
                    player=finish.player,
                    place=str(place),
                )
            )
    missing = len(top - set(seats))
    substitutes = sum(1 for s in seats.values() if s != "top 3")
    if substitutes > missing:
        raise PalmaresError.of(Message.of("wizard.triad_substitute", tournament=tournament.name))
    return seats


def triad_span(rules: DatedRules[WizardRules]) -> str:
    """When the rule sets have the TRIAD, in words ("from 2003-01-01 until it was eliminated on
    January 1, 2020"), read from the rule sets, never written here."""
    spans: list[str] = []
    start: date | None = None
    for since, ruleset in zip(rules.starts, rules.rules, strict=True):
        if ruleset.triad and start is None:
            start = since
        elif not ruleset.triad and start is not None:
            spans.append(
                f"from {start} until it was eliminated on {since:%B} {since.day}, {since.year}"
            )
            start = None
    if start is not None:
        spans.append(f"from {start}")
    return "; ".join(spans) or "never"


def triad_awards(
    tournament: Tournament,
    triad: TriadGame,
    rules: WizardRules,
    dated: DatedRules[WizardRules] = RULES,
) -> list[Award]:
    """TRIAD master points 3 / 2 / 1, ties sharing the places they span (fractions kept).

    ``dated`` (the rule sets ``rules`` comes from) words the error of a TRIAD out of its dates.
    """
    if triad.tournament != tournament.name:
        raise PalmaresError.of(
            Message.of("wizard.triad_other", triad=triad.tournament, tournament=tournament.name)
        )
    if not rules.triad:
        raise PalmaresError.of(
            Message.of(
                "wizard.triad_none",
                tournament=tournament.name,
                day=tournament.day.isoformat(),
                span=triad_span(dated),
            )
        )
    seats = _check_seats(tournament, triad)
    game = Game(f"TRIAD {tournament.name}", tournament.day, triad.finishes)
    standing = game.standing()
    awards: list[Award] = []
    for place in sorted(set(standing.values())):
        members = tuple(sorted(p for p, q in standing.items() if q == place))
        group = TieGroup(place, members)
        exact = shared_award(TRIAD_POINTS, group.places)
        points = whole_if(exact, rules.whole_triad_points and rules.whole_master_points)
        share = place_share(TRIAD_POINTS, group, exact, points)
        for player in members:
            reason = TriadReason(share, substitute=seats[player] != "top 3")
            awards.append(
                Award(player, tournament.day, tournament.name, "triad", Fraction(points), reason)
            )
    return awards
