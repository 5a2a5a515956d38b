"""The core's remaining refusals (issue 19): a field seated from a file (cli diplomacy seed),
an order check's verdict, a position.json that cannot be read (issue 17, "Formats"), a Tantrix
match or game that cannot be scored (seed 003, "Tournament Points"), a Wizard game, tournament
or period that cannot be counted (seed 004), a rating history or model asked for what it cannot
do: each key's English sentence, its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["CORE"]

CORE: dict[str, str] = {
    "core.in_file": N_("{file}: {problem}"),
    # cli (a file or an option the commands read)
    "file.cannot_read": N_("cannot read: {why}"),
    "file.not_utf8": N_("not UTF-8 text"),
    "file.invalid_json": N_("invalid JSON: {why}"),
    "option.one_of": N_("expected one of {options}, got {got}"),
    "seeding.fill_option": N_("--fill: expected auto, sit or double, got {got}"),
    "order.rule_set": N_("unknown rule set {got}"),
    "order.valid": N_("valid"),
    # diplomacy.adjudication.position: position.json (issue 17, "Formats")
    "position.json_object": N_("expected a JSON object"),
    "position.unit_like": N_("{where}: expected a unit like 'F MAO', got {got}"),
    "position.unit_type": N_("{where}: unit type must be A or F, got {got}"),
    "position.unknown_province": N_("{where}: unknown province {province}"),
    "position.army_sea": N_("{where}: an army cannot stand in a sea province ({at})"),
    "position.fleet_at": N_("{where}: a fleet cannot stand at {at} (possible: {choices})"),
    "position.none": N_("none"),
    "position.year": N_("year: expected a whole number, got {got}"),
    "position.one_of": N_("{field}: expected one of {options}, got {got}"),
    "position.no_phase": N_("phase: {season} has no {phase} phase (adjustments are in winter)"),
    "position.object": N_("{where}: expected an object power → list"),
    "position.two_units": N_("{where}: two units in {at}"),
    "position.not_centre": N_("{where}: {centre} is not a supply centre"),
    "position.owned_twice": N_("{where}: {centre} is owned twice"),
    "position.dislodged_item": N_("{where}: expected {{'unit': ..., 'from': ...}}"),
    "position.standoffs": N_("standoffs: expected a list of provinces"),
    # cli diplomacy standings: its options and files
    "standings.after_round": N_("--after-round {round}: {file} has rounds {rounds}"),
    "standings.no_player": N_("--explain: no player {player} in {file}"),
    "standings.board_option": N_("--explain-board: expected ROUND/BOARD, got {got}"),
    "standings.no_board": N_("--explain-board: no board {board} in round {round}"),
    "standings.plays_no_board": N_("{player} plays no board"),
    # tantrix.match, tantrix.tournament_points, tantrix.factor (seed 003)
    "tantrix.games_min": N_("a match has at least one game, got {got}"),
    "tantrix.tp_negative": N_("tournament points are not negative"),
    "tantrix.tp_games": N_("tp_a + tp_b must be 20 × games = {total}, got {got}"),
    "tantrix.own_not_played": N_("own_rating {own} did not play this match"),
    "tantrix.margin_negative": N_("a margin is not negative, got {got}"),
    "tantrix.margin_cap": N_("the margin cap must be at least 1, got {got}"),
    "tantrix.minutes_negative": N_("minutes used are not negative, got {got}"),
    "tantrix.scores_negative": N_("tile scores are not negative, got {a} and {b}"),
    "tantrix.clamp": N_("the clamp must be between 0 and 0.5, got {got}"),
    "tantrix.share": N_("a TP share is between 0 and 1, got {got}"),
    "tantrix.normal_method": N_("the normal method needs at least one match"),
    # wizard (seed 004)
    "wizard.triad_size": N_("the TRIAD of {tournament} has {players} players, not 3"),
    "wizard.triad_absent": N_("TRIAD of {tournament}: {player} did not play in it"),
    "wizard.triad_place": N_(
        "TRIAD of {tournament}: {player} placed {place}; only the top 3 play, and the "
        "4th-placed player as a substitute"
    ),
    "wizard.triad_substitute": N_(
        "TRIAD of {tournament}: a 4th-placed player may only replace a top-3 player who does "
        "not play"
    ),
    "wizard.triad_other": N_("the TRIAD of {triad} is not for {tournament}"),
    "wizard.triad_none": N_(
        "{tournament} ({day}): no TRIAD under the rules of that date (the TRIAD ran {span})"
    ),
    "wizard.no_month": N_("no month {month}"),
    "wizard.month_text": N_("a month is written YYYY-MM, got {got}"),
    "wizard.no_game_in": N_("{player} played no game in {period}"),
    "wizard.junior_odd": N_("a Junior session starts in an odd month, not {month}"),
    "wizard.tournament_twice": N_("tournament {tournament}: a player appears twice"),
    "wizard.not_ranking": N_(
        "tournament {tournament}: places {places} are not a ranking (1, 2, 2, 4 ...)"
    ),
    "wizard.not_in": N_("{player} did not play in {tournament}"),
    "wizard.skill_ratio_games": N_("a Skill Ratio needs at least one game"),
    "wizard.no_place": N_("no place {place} in a game of {players} players"),
    "wizard.wp_games": N_("a winning percentage needs at least one game"),
    "wizard.game_size": N_("game {game}: {players} players; a game has 3 to 6"),
    "wizard.game_twice": N_("game {game}: a player appears twice"),
    "wizard.game_scores": N_("game {game}: every player needs a score, or every a place"),
    "wizard.players": N_("a Wizard game has 3 to 6 players, not {players}"),
    "wizard.bid_negative": N_("bid and tricks cannot be negative (bid {bid}, tricks {tricks})"),
    # ratings
    "ratings.tantrix_elo": N_("tantrix-elo predicts Tantrix matches only (--kind matches)"),
    "ratings.unknown_system": N_("unknown rating system {system} (known: {known})"),
    "ratings.event_again": N_("event {event} is already in the history"),
    "ratings.event_players": N_("event {event} needs players, each once"),
    "ratings.event_rank": N_("event {event}: a rank is outside 1…{size}"),
    "ratings.no_player": N_("no player named {wanted} in the results"),
    "ratings.players_many": N_("{wanted} matches more than one player ({ids}): give the player id"),
    "ratings.no_event": N_("no event named {wanted} in the results"),
    "ratings.event_on": N_("{event} on {date}"),
    "ratings.events_many": N_("{wanted} matches more than one event ({events}): give the event id"),
    "ratings.unknown_model": N_("unknown skill model {slug} (known: {known})"),
    "ratings.positive": N_("sigma, beta and kappa must be positive"),
    "ratings.not_negative": N_("tau and epsilon may not be negative, window is at least 1"),
    "ratings.teams": N_("a competition needs two or more non-empty teams, a rank each"),
    "ratings.weights": N_("one weight per player"),
    "ratings.competition_few": N_("competition {key}: fewer than two players"),
    "ratings.competition_twice": N_("competition {key}: a player appears twice"),
    "ratings.competition_places": N_("competition {key}: one place of 1 or more per player"),
    "ratings.event_empty": N_("an event needs at least one player, got {got}"),
    "ratings.placement": N_("a placement must be between 1 and {players}, got {got}"),
}
