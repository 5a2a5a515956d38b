"""The core's :class:`~palmares.core.message.Message` values in words: each key's English
sentence (the catalogue's msgid), its values written as this language writes numbers, lists
and phrases. :func:`tell` needs no renderer module (a command that only seats a round loads no
other game); :func:`palmares.explain.explain` tells a message too.

The keys are grouped by the part of the core that says them; a key the core uses with no
sentence here is a :class:`KeyError` (``tests/explain/test_messages.py`` checks that every
sentence has its French).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from palmares.core.message import Message, Value, speak_english_with
from palmares.explain.language import Language
from palmares.explain.messages_aggregation_rules import AGGREGATION_RULES
from palmares.explain.messages_api import API
from palmares.explain.messages_audit import AUDIT
from palmares.explain.messages_cli import CLI
from palmares.explain.messages_core import CORE
from palmares.explain.messages_files import FILES
from palmares.explain.messages_io import IO
from palmares.explain.messages_jobs import JOBS
from palmares.explain.messages_lifecycle import LIFECYCLE
from palmares.explain.messages_orders import ORDERS
from palmares.explain.messages_outlook import OUTLOOK
from palmares.explain.messages_pages import PAGE_PLURALS, PAGES
from palmares.explain.messages_refusals import REFUSALS
from palmares.explain.messages_reports import REPORTS
from palmares.explain.messages_rules import RULES
from palmares.explain.messages_seeding import SEEDING
from palmares.explain.messages_services import SERVICES
from palmares.explain.messages_setup import SETUP
from palmares.explain.messages_site import SITE
from palmares.explain.messages_system_rules import SYSTEM_RULES
from palmares.explain.messages_system_rules_2 import SYSTEM_RULES_2
from palmares.explain.messages_systems import SYSTEMS
from palmares.explain.numbers import and_list, figure
from palmares.explain.voice import N_, Voice, voice

__all__ = ["PLURALS", "TEXTS", "message_text", "tell"]

#: key → the English sentence, ``{name}`` for each value.
TEXTS: dict[str, str] = {
    # diplomacy.seeding.call / problem (seed 002, "Board Assignments"; issue 6)
    "seeding.affine": N_(
        "the boards are the next parallel class of the affine plane of order {order} read from "
        "the earlier rounds ({players} players can play {rounds} rounds without meeting twice)."
    ),
    "seeding.regrouped": N_(
        "the powers played before differ from the ones planned: seats were swapped between "
        "boards, the pair cost kept, to give more players a fresh power."
    ),
    "seeding.planned": N_(
        "powers are given over rounds {first}–{last} together, the boards of rounds after "
        "{first} foreseen as the next calls will seat them with the same players and seed."
    ),
    "seeding.top_board": N_("board 1 is the fixed top board."),
    "seeding.worst_pair": N_(
        "worst pair: seated {times} by the end of round {last}{span} ({reached}); {extra} extra "
        "meetings in all."
    ),
    "seeding.foreseen_span": N_(", rounds {first}–{last} foreseen"),
    "seeding.bound_reached": N_("the bound: no call can do better than {times}"),
    "seeding.bound_above": N_(
        "above the bound of {bound}, which the search cannot prove reachable"
    ),
    "seeding.stopped": N_(
        "the search stopped at the time limit ({limit} s) after {moves} moves; a longer limit "
        "may find a better call."
    ),
    "seeding.passed_over": N_(
        "passed over as two-boarders (their keep-apart partners or team-mates could not all be "
        "kept apart on {boards} boards): {players}."
    ),
    "seeding.fill_sit": N_(
        "{seats} seats leave {left} over boards of {size}: proposed to sit out (most games "
        "played first, then highest score, then file order): {detail}."
    ),
    "seeding.fill_double": N_(
        "{seats} seats leave {left} over boards of {size}: proposed to play two boards (fewest "
        "games played first, then lowest score, then file order): {detail}."
    ),
    "seeding.late_history": N_(
        "history rounds {rounds} are not before round {round} and were left out."
    ),
    "seeding.unknown_apart": N_(
        "keep-apart pairs name players not in the players list: {players}."
    ),
    "seeding.top_board_together": N_(
        "the fixed top board seats {a} and {b} together ({why}); the TD's top board is kept as "
        "given (seed 002, Top Board, Team Tournament)."
    ),
    "seeding.search": N_("search: seed {seed}, {moves} moves."),
    "seeding.changed_by_td": N_("changed by the TD after the engine's call."),
    "seeding.keep_apart": N_("keep apart"),
    "seeding.team": N_("team {team}"),
    "seeding.summary": N_(
        "round {round}: objective {objective} (lower bound {bound}, gap {gap}); {again} pairs "
        "meet again{detail}; {repeats} power repeats."
    ),
    "seeding.summary_detail": N_(" ({detail})"),
    "seeding.had_met": N_("{n} had met {times}"),
    "seeding.sitting_out": N_("sitting out: {players}."),
    "seeding.two_boards": N_("playing two boards: {players}."),
    # diplomacy.seeding.lower_bound: how the lower bound is reached
    "bound.top": N_("the fixed top board costs {cost}."),
    "bound.round": N_(
        "round {round}: groups filling {groups} seats, spread over {boards} boards, still seat "
        "at least {pairs} pairs together again."
    ),
    "bound.no": N_("no"),
    "bound.squares": N_(
        "{meetings} earlier meetings over the {pairs} pairs seated are at best spread evenly, so "
        "(times met)² adds up to at least {least}."
    ),
    "bound.by_player": N_(
        "by player: the cheapest six opponents each player may face cost {both} counted from "
        "both ends, so at least {least}."
    ),
    "bound.total_top": N_("lower bound: {top} + max({by_round}, {by_player}) = {bound}"),
    "bound.total": N_("lower bound: max({by_round}, {by_player}) = {bound}"),
    "bound.worst_round": N_(
        "worst pair: a player's sixth-fewest-met opponent this round has met them {met} times, "
        "so the most-met pair seated has met at least {met} times before."
    ),
    "bound.worst_event": N_("worst pair over rounds {first}–{last}: at least {times} ({how})."),
    "bound.how_met": N_("no pair has met more often, nor will the worst pair seated this round"),
    "bound.how_spread": N_(
        "the opponents each player still meets, spread as evenly as possible, bring some pair"
    ),
    "bound.again": N_(
        "pairs meeting again: at least max({from_rounds}, {by_player}) = {best} (by earlier "
        "rounds, each pair bringing back at most {most} of them; by player)."
    ),
    # the board call's quality rows (diplomacy.seeding.report)
    "quality.objective": N_("objective: sum of (times met before)²"),
    "quality.bound": N_("lower bound on the objective"),
    "quality.gap": N_("gap to the lower bound"),
    "quality.again": N_("pairs meeting again"),
    "quality.had_met": N_("pairs who had met {times}"),
    "quality.worst": N_("worst pair: times met before"),
    "quality.worst_bound": N_("lower bound on the worst pair's times met before"),
    "quality.again_bound": N_("lower bound on the pairs meeting again"),
    "quality.plan_worst": N_("worst pair by round {last}: times met (played and foreseen)"),
    "quality.plan_worst_bound": N_("lower bound on the worst pair by round {last}"),
    "quality.plan_extra": N_("extra meetings by round {last} (played and foreseen)"),
    "quality.power_repeats": N_("power repeats"),
    "quality.boards": N_("boards"),
    "quality.sitters": N_("sitters"),
    "quality.two_boarders": N_("two-boarders"),
    # diplomacy.prizes / top_board (seed 002, "Top Board")
    "top_board.flagged_twice": N_("more than one board is flagged top_board: {boards}"),
    "top_board.board": N_("round {round} board {board}"),
    "top_board.too_early": N_(
        "the top board (round {round} board {board}) must be played after round {qualifying}"
    ),
    "top_board.not_invited": N_(
        "{player} is on the top board but was not invited (score {score} after round {round}; "
        "invited: {invited})"
    ),
    "top_board.missing": N_(
        "{player} was invited to the top board (rank {rank} after round {round}) but is not on "
        "it and has no decline recorded"
    ),
    "top_board.disagrees": N_("the top board disagrees with the invitations: {problems}"),
    # diplomacy.board: what cannot be true of a finished board (result_problems, parse_power)
    "diplomacy.unknown_power": N_("unknown power {value} (expected one of {powers} or an initial)"),
    "diplomacy.two_powers": N_("{player} already plays {power} on this board"),
    "diplomacy.centres_sum": N_("centres sum to {total}, more than the {most} on the map"),
    "diplomacy.eliminated_holds": N_("{power} has {held} centres"),
    "diplomacy.after_final": N_("{year} is after the final year {final}"),
    "diplomacy.draw_no_centres": N_("{power} has no centres and cannot be in the draw"),
    "diplomacy.no_centres": N_(
        "no power holds a centre: a finished board has at least one survivor"
    ),
    # a board result entered on the site or through the API (web.tournaments.results)
    "entry.whole": N_("{what}: expected a whole number, got {got}"),
    "entry.range": N_("{what}: expected {low} to {high}, got {got}"),
    "entry.label": N_("a board label has {low} to {high} characters"),
    # io.fields / io.tables: a cell or a header refused (every reader, every import)
    "io.too_long": N_("at most {most} characters, got {got}"),
    "io.no_letter": N_("{name} has no letter or digit left once accents are removed"),
    "io.key_too_long": N_("its form without accents has {got} characters, at most {most}"),
    "io.boolean": N_("expected yes/no/true/false/1/0, got {got}"),
    "io.whole": N_("expected a whole number, got {got}"),
    "io.too_many_digits": N_("a number of {digits} digits is too large"),
    "io.at_least": N_("must be at least {low}, got {got}"),
    "io.at_most": N_("must be at most {high}, got {got}"),
    "io.number": N_("expected a number, got {got}"),
    "io.number_too_long": N_("a number of {got} characters is too long"),
    "io.below": N_("must be below {bound} in size, got {got}"),
    "io.places": N_("at most {places} decimal places, got {got}"),
    "io.date": N_("expected a date as YYYY-MM-DD, got {got}"),
    "io.empty": N_("the file is empty: a header row is needed"),
    "io.no_file": N_("no such file"),
    "io.unnamed": N_("column {column} has values but no name"),
    "io.unknown": N_("unknown column (expected: {expected})"),
    "io.twice": N_("column appears twice"),
    "io.missing": N_("required column is missing"),
    "io.cells": N_("{cells} cells but the header has {header}"),
    "io.nul": N_("contains a NUL character (binary data?)"),
    "io.required": N_("a value is required"),
    # diplomacy.chaos
    "chaos.not_scored": N_(
        "the chaos game is recorded but never scored: it does not affect any tournament score"
    ),
    # diplomacy.adjudication (DATC), as the CLI tells a phase
    "adjudication.dislodged": N_("dislodged: {units}"),
    "adjudication.next": N_("next: {season} {year}, {phase}"),
    "adjudication.power": N_("{power}: {units}; {centres} centres {list}"),
    "adjudication.no_unit": N_("no unit"),
    "adjudication.to_retreat": N_("{power}: {unit} dislodged, to retreat or disband"),
    # wizard (specs/wizard.md, invitational tournaments)
    "wizard.uninvited": N_(
        "warning: {player} played the invitational {tournament} but was not in the top {size} "
        "of {month}"
    ),
    # ratings (cli ratings skill / compare)
    "ratings.skill": N_(
        "{competitions} competitions; {model}: μ {mu}, σ {sigma}, β {beta}, τ {tau}"
    ),
    "ratings.compare": N_(
        "Means per competition, 95% bootstrap intervals (2,000 resamples). returning: among the "
        "players who had played before; cold: the competitions with a newcomer."
    ),
}

# The CLI's table headers and titles that name a rule's figures (cli.output.Col, Table).
TEXTS.update(
    {
        "label.board_call": N_("Board call, round {round}"),
        "label.quality": N_("Quality"),
        "label.measure": N_("measure"),
        "label.value": N_("value"),
        "label.pairs_again": N_("Pairs meeting again"),
        "label.power_repeats": N_("Power repeats"),
        "label.met_before": N_("met before"),
        "label.played_before": N_("played before"),
        "label.skill": N_("Skill ({model})"),
        "label.competitions": N_("competitions"),
        "label.calibration": N_("Calibration (returning players)"),
        "label.predicted_win": N_("predicted win chance"),
        "label.mean_predicted": N_("mean predicted"),
        "label.observed_wins": N_("observed wins"),
        "label.adjustment": N_("adjustment"),
        "label.shared_with": N_("shared with"),
        "label.points": N_("Points"),
        "label.wins": N_("Wins"),
        "label.win_percentage": N_("W.P."),
        "label.matrix": N_("Matrix"),
        "label.master_points": N_("MP"),
        "label.for": N_("For"),
        "label.triad": N_("TRIAD"),
        "label.total": N_("Total"),
        "label.award": N_("Award"),
        "label.level": N_("Level reached"),
    }
)

# The site's refusals of a tournament write (web.tournaments).
TEXTS.update(SITE)
TEXTS.update(LIFECYCLE)
# A tournament's set-up: the systems' parameters, the fewer-games adjustment (web.tournaments).
TEXTS.update(SETUP)
TEXTS.update(AUDIT)
# Why a board call cannot be made (diplomacy.seeding).
TEXTS.update(SEEDING)
# What a board file or a Tantrix file gets wrong (io.boards, io.tantrix).
TEXTS.update(IO)
# An order's ruling (diplomacy.adjudication).
TEXTS.update(ORDERS)
# The core's remaining refusals (tantrix, wizard, ratings) and the CLI's order check.
TEXTS.update(CORE)
# The API's own checks, the events' and accounts' services (web.api, web.events, web.accounts).
TEXTS.update(API)
# The job queue: what a job does, how it ended, its API's refusals (web.jobs, issue 37).
TEXTS.update(JOBS)
# The API's refusals answered outside its endpoints (web.api.refusals; issue 36).
TEXTS.update(REFUSALS)
# The rules' own refusals: scoring, the registries, dated rules, the clock (issue 35).
TEXTS.update(RULES)
# What a file gets wrong: results, rosters, declines, chaos, Wizard, any table (issue 35).
TEXTS.update(FILES)
# The systems' and aggregations' one-line rules, and `diplomacy systems`' words (issue 35).
TEXTS.update(SYSTEMS)
# Each system's and aggregation's whole rule, as `systems SLUG` prints it (issue 35).
TEXTS.update(SYSTEM_RULES)
TEXTS.update(SYSTEM_RULES_2)
TEXTS.update(REPORTS)
TEXTS.update(AGGREGATION_RULES)
# The CLI's titles and refusals, the site's pages and services about a rule (issue 35).
TEXTS.update(CLI)
TEXTS.update(SERVICES)
TEXTS.update(PAGES)
# The last round's outlook's explanations (diplomacy.outlook, issue 38).
TEXTS.update(OUTLOOK)

#: key → (singular, plural, the value that counts).
PLURALS: dict[str, tuple[str, str, str]] = {
    "times": (N_("{n} time"), N_("{n} times"), "n"),
    "seeding.games_centres": (
        N_("{player} ({n} game, {centres} centres)"),
        N_("{player} ({n} games, {centres} centres)"),
        "games",
    ),
}
PLURALS.update(PAGE_PLURALS)

#: Counts written as words in English (``once``, ``twice``) before the plural's figure.
_TIMES = {1: N_("once"), 2: N_("twice")}


def _value(value: Value, v: Voice) -> str:
    if isinstance(value, Message):
        return message_text(value, v)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return ", ".join(_value(x, v) for x in value)
    if isinstance(value, int | Decimal | Fraction | float):
        return v.figure(value)
    raise TypeError(f"not a message value: {value!r}")


#: Messages about a number read from a file: each number is written as the file wrote it where a
#: figure would round or reshape it (``1.23456789``, ``1E+3``), else as a figure in the reader's
#: language (``2,5`` in French). The readers (``io.fields``) pass the typed value.
AS_READ = frozenset({"io.at_least", "io.at_most", "io.below", "io.places"})


def _as_read(value: Value, v: Voice) -> str:
    if isinstance(value, int | Decimal) and figure(value) != str(value):
        return str(value)
    return _value(value, v)


def message_text(m: Message, v: Voice) -> str:
    """``m`` as one text in ``v``'s language."""
    if m.key in AS_READ:
        return v.say(TEXTS[m.key], **{k: _as_read(x, v) for k, x in m.values})
    if m.key == "power":  # a Great Power's name (core.message.power)
        # Imported here: only a message naming a power needs the Diplomacy renderer.
        from palmares.explain.renderers.diplomacy import power_name

        return power_name(str(m.get("name")), v)
    if m.key == "and_list":  # items as a sentence lists them (core.message.and_list)
        listed = m.get("items")
        assert isinstance(listed, tuple)
        return and_list([_value(x, v) for x in listed], language=v.language)
    if m.key == "semicolons":  # a list of sentences
        items = m.get("items")
        assert isinstance(items, tuple)
        return "; ".join(_value(x, v) for x in items)
    if m.key == "times":
        n = m.get("n")
        assert isinstance(n, int)
        if n in _TIMES:
            return v.say(_TIMES[n])
    if m.key in PLURALS:
        singular, plural, counted = PLURALS[m.key]
        n = m.get(counted)
        assert isinstance(n, int)
        rest = {k: _value(x, v) for k, x in m.values if k != counted}
        return v.say_n(singular, plural, n, **{**rest, "n": v.figure(n)})
    return v.say(TEXTS[m.key], **{k: _value(x, v) for k, x in m.values})


def tell(m: Message, language: Language | str | None = None) -> str:
    """``m`` in ``language`` (default: the locale environment's); English keeps an error's or a
    log line's text."""
    return message_text(m, voice(language))


# ``str()`` of a message, or of an error that carries one, is its English once the words are
# loaded (a log line); the core itself imports no words (issue 35).
speak_english_with(lambda m: tell(m, Language.EN))
