"""The rules' own refusals (issue 35): a board a scoring system cannot score (seed 002, "Board
Scoring"), a system or aggregation asked by a slug or parameter it does not know (DESIGN.md:
"looked up by a stable slug"), a date no rule set covers, the turn clock's refusals (seed 002,
"Game conclusion"; ``diplomacy.timer``) and a competition file read as the wrong kind
(``io.competitions``): each key's English sentence, its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["RULES"]

RULES: dict[str, str] = {
    # diplomacy.scoring: a board the system cannot score
    "scoring.no_elimination_year": N_(
        "board {board}: {power} has no centres but no elimination year (this system needs it)"
    ),
    "scoring.no_final_year": N_("board {board}: no final year (this system needs the solo year)"),
    "cruise_con.no_solo": N_(
        "board {board}: cruise-con publishes no score for a solo; state it as cruise-con:solo=N"
    ),
    "cruise_con.no_draw": N_("board {board}: cruise-con has no points for a {size}-way draw"),
    # core.registry: a slug and its parameters
    "scoring.unknown": N_("unknown scoring system {slug} (known: {known})"),
    "aggregation.unknown": N_("unknown aggregation {slug} (known: {known})"),
    "registry.none": N_("none"),
    "registry.bad_parameter": N_("{slug}: bad parameter {part} (parameters: {allowed})"),
    "registry.parameter": N_("{slug}: {parameter}: {problem}"),
    "registry.refused": N_("{slug}: {problem}"),
    # core.rulesets
    "rules.none_in_force": N_("no rule set is in force on {day}"),
    # diplomacy.clock, diplomacy.timer
    "clock.table_starts_after": N_("the timing table starts after {year}"),
    "clock.season": N_("season must be Spring or Fall, not {got}"),
    "clock.year": N_("year must be between {first} and 9999, not {got}"),
    "clock.already_paused": N_("the clock is already paused"),
    "clock.not_paused": N_("the clock is not paused"),
    "clock.time_left": N_("the time left must be between 1 and {length} seconds, not {got}"),
    # diplomacy.aggregation, diplomacy.scoring: parameters; diplomacy.adjudication.parse
    "aggregation.at_least_one": N_("expected at least 1, got {got}"),
    "aggregation.unknown_tiebreak": N_("unknown tie-break {part} (known: {known})"),
    "ante.stake": N_("the stake must be between 0 and 1, got {got}"),
    "ante.start": N_("the starting score must be positive, got {got}"),
    "aggregation.fraction": N_("the fraction must be between 0 and 1, got {got}"),
    "aggregation.factor": N_("the factor must be positive, got {got}"),
    "scoring.yes_or_no": N_("expected yes or no, got {got}"),
    "orders.power_order": N_("expected 'Power: order', got {got}"),
    "orders.unknown_power": N_("unknown power {power}"),
    "orders.empty": N_("the order is empty"),
    # diplomacy.game_end, chaos_schedule, clock (an early finish), seeding.powers
    "game_end.cannot_propose": N_("{power} holds no centre and cannot propose to end the game"),
    "game_end.veto": N_("only a power holding a centre may veto"),
    "game_end.cannot_vote": N_("{powers} hold no centre and cannot vote"),
    "game_end.incomplete": N_("the vote is incomplete: {powers} have not voted"),
    "game_end.time_draw": N_("a time draw may be called only in the final round"),
    "chaos.deadlines_apart": N_(
        "movement deadlines must be further apart than the retreat deadline after each "
        "({every} and {after} minutes)"
    ),
    "chaos.hours_close": N_("the hours {opens} close before they open"),
    "chaos.overlap": N_("two deadlines at {at}: the hours overlap"),
    "clock.early_finish": N_(
        "{turn}: an early finish at minute {at} is outside the turn ({start}–{end})"
    ),
    "seeding.no_assignment": N_("board {board}: no power assignment keeps two-boarders apart"),
    # io.competitions
    "competitions.system_boards": N_("--system orders Diplomacy boards: only with --kind boards"),
    "competitions.ratings_matches": N_(
        "--ratings is a Tantrix rating list: only with --kind matches"
    ),
    "competitions.unknown_kind": N_("unknown kind {kind} (known: {known})"),
}
