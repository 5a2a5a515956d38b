"""The site's services' refusals about a rule (issue 35): the turn clock's settings and actions
(web.clock, seed 002 "Game Timing"), an import that would merge two events or change an event's
kind (web.events), a chaos game's set-up (web.chaosgames), a stored Tantrix match and a Wizard
tournament (web.tantrixdb, web.wizarddb). Each key's English sentence; its French in the
catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["SERVICES"]

SERVICES: dict[str, str] = {
    # web.clock.services: a clock input
    "clock.whole": N_("{field} must be a whole number"),
    "clock.between": N_("{field} must be between {low} and {high}, not {value}"),
    "clock.action": N_("action must be one of {actions}"),
    "clock.seconds": N_("remaining_s must be a number of seconds"),
    "clock.round_over": N_("round {round} is over: round {in_play} is in play"),
    "clock.not_started": N_("the clock has not been started"),
    "clock.moment": N_("{field}: {text} is not a date and time"),
    "clock.timing_line": N_("timing line {line}: give first year, spring, fall"),
    "clock.timing_1901": N_("the timing table must start in 1901"),
    "clock.timing_twice": N_("two timing lines start in the same year"),
    "clock.hours_line": N_("hours line {line}: give when it opens and closes"),
    "clock.hours_text": N_("line {line}: give the day and time it opens, then closes"),
    "clock.directors": N_("only this tournament's directors may run its clock"),
    # web.events.services: which stored event an import replaces (issue 13)
    "events.two_stored": N_(
        "{event_id} is the stored event {found}, but {clash} is another stored event: {name} on "
        "{day} cannot be both"
    ),
    "events.other_kind": N_(
        "{found} is stored as a {kind} event: an import of {imported} data may only replace an "
        "event of its own kind"
    ),
    "events.same_stored": N_("{name} and {other} of the file are both the stored event {event}"),
    # web.chaosgames.services: a chaos game's players and name (2007 WDC rules, "Chaos Game")
    "chaos.line": N_("expected 'Player: CENTRE', got {line}"),
    "chaos.player_name": N_("a player's name: 1 to {most} characters, no ':'"),
    "chaos.listed_twice": N_("{name} is listed twice"),
    "chaos.not_centre": N_("{centre} is not a supply centre"),
    "chaos.centre_taken": N_("{centre} is already line {line}'s"),
    "chaos.two_players": N_("a chaos game needs at least two players"),
    "chaos.name_length": N_("1 to {most} characters"),
    "chaos.unknown_rules": N_("unknown rule set {rules}"),
    "chaos.exists": N_("{name} exists already"),
    # web.tantrixdb.services, web.wizarddb.services
    "tantrix.match_date": N_("a stored match needs a date"),
    "tantrix.match_event": N_("a stored match needs an event"),
    "wizard.no_tournament": N_("no tournament {name}"),
}
