"""The CLI's own words about a rule: the Tantrix tables' titles and headers, the refusals of
``palmares tantrix`` (an event to choose, a player who did not play), the Diplomacy standings'
title (issue 35: every sentence a user reads is in the catalogue, English and French)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["CLI"]

CLI: dict[str, str] = {
    # cli.tantrix: seed 003's two tables (unrated, rated) and their headers
    "tantrix.title_unrated": N_("Players without an official pre-tournament rating"),
    "tantrix.title_rated": N_(
        "Officially rated players (G, TP % … Elo: the normal-method matches)"
    ),
    "tantrix.head_name": N_("Name"),
    "tantrix.head_nickname": N_("Nickname"),
    "tantrix.head_lost_to": N_("Lost to"),
    "tantrix.head_factor": N_("Factor"),
    "tantrix.head_opponent_elo": N_("Oppnt Elo"),
    "tantrix.head_pre_elo": N_("Pre-tnmt Elo"),
    "tantrix.head_tournament_games": N_("Tournt G"),
    "tantrix.head_tournament_elo": N_("Tournt Elo"),
    "tantrix.head_before_penalty": N_("TP before penalty"),
    "tantrix.head_penalty": N_("Penalty passed"),
    # cli.tantrix: which event of a matches file
    "tantrix.no_event_matches": N_("{file}: no matches of event {event} (events: {events})"),
    "tantrix.several_events": N_("{file}: several events ({events}); choose one with --event"),
    "tantrix.did_not_play": N_("{player} did not play in {file}"),
    # cli.diplomacy.standings: the standings' title
    "standings.title": N_("Standings ({aggregation}, {system}), after round {round}"),
    "standings.title_low": N_(
        "Standings ({aggregation}, {system}), after round {round} (low is best)"
    ),
    # cli.ratings, cli.dip_pouch, cli.wizard, cli.tournament, cli.users, cli.web
    "cli.nothing_to_rate": N_("{file}: no competitions to rate"),
    "cli.no_competitions": N_("{file}: no competitions"),
    "cli.backtest_title": N_("Backtest: {n} competitions"),
    "cli.limit_or_all": N_("give --limit or --all, not both"),
    "cli.as_of_or_year": N_("give --as-of or --year, not both"),
    "cli.included_events": N_("Included events"),
    "cli.no_game_dated": N_("{file}: no game is dated in {period}"),
    "cli.no_tournament_named": N_("{file}: no tournament named {names}"),
    "cli.in_neither": N_("{player} is in neither {games} nor {tournaments}"),
    "cli.wizard_month": N_("Wizard {period}"),
    "cli.all_scores": N_("All scores {period}"),
    "cli.junior": N_("Junior {period}"),
    "cli.ledger": N_("{player}: ledger"),
    "cli.no_tournament": N_("no tournament {id}"),
    "cli.passwords_differ": N_("the two passwords differ"),
    "cli.wdd_file": N_("unknown WDD file {kind} (expected classification or boards)"),
    "cli.no_event": N_("no event named {event}"),
    "cli.no_event_on": N_("no event named {event} on {day}"),
    "cli.date": N_("expected YYYY-MM-DD, got {got}"),
    "cli.seat": N_("expected POWER=PLAYER, got {got}"),
    "cli.cut_players": N_(
        "showing the first {shown} of {listed} players: --limit N or --all for more"
    ),
    "cli.cut_events": N_(
        "showing the first {shown} of {listed} events: --limit N or --all for more"
    ),
    "cli.unknown_systems": N_("--systems: unknown {unknown} (known: {known})"),
    "cli.none_given": N_("(none given)"),
    # cli.dip_pouch: the player's page title, a flagged event's note, the event's venue
    "dip_pouch.player_title": N_(
        "{name} ({nationality}): rating {rating}, rank {rank}, national rank {national_rank}"
    ),
    "dip_pouch.nationality_unknown": N_("nationality unknown"),
    "dip_pouch.flag": N_("flag: {line}"),
    "dip_pouch.more_than_one": N_("more than one"),
    "dip_pouch.ranking_permanent": N_("Dip Pouch ranking (permanent)"),
    "dip_pouch.ranking_as_of": N_("Dip Pouch ranking as of {day}"),
    "dip_pouch.ranking_permanent_in": N_(
        "Dip Pouch ranking (permanent), nationality {nationality}"
    ),
    "dip_pouch.ranking_as_of_in": N_("Dip Pouch ranking as of {day}, nationality {nationality}"),
    # cli.diplomacy.standings: the tables' titles and words
    "standings.each_round": N_("Each round: {words}"),
    "standings.score_after": N_("score after R{round}"),
    "standings.top_board": N_("Top board invitations"),
    "standings.accepted": N_("accepted"),
    "standings.declined": N_("declined"),
    "standings.places": N_("Champion and places 2–7"),
    "standings.rank_sum": N_("rank sum"),
    "standings.raw_score": N_("raw score"),
    "standings.board_score": N_("board score"),
    "standings.counted_after": N_("(after R{round})"),
    "standings.chaos": N_("Chaos game (recorded, never scored)"),
}
