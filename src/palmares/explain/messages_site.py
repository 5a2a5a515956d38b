"""The site's refusals of a tournament write (web.tournaments): each key's English sentence, its
French in the catalogue (issue 19)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["SITE"]

SITE: dict[str, str] = {
    "site.not_registered": N_("{name} is not registered for this tournament"),
    "site.not_registered_all": N_("not registered for this tournament: {names}"),
    "site.name_required": N_("a name is required"),
    "site.name_long": N_("a name has at most {most} characters"),
    "site.nationality_long": N_("a nationality has at most {most} characters"),
    "site.team_long": N_("a team name has at most {most} characters"),
    "site.no_teams": N_("this tournament has no teams"),
    "site.listed_twice": N_("{name} is listed twice (also item {item})"),
    "site.team_full": N_(
        "team {team} would have {size} players; this tournament's teams have {most}"
    ),
    "site.paired_self": N_("{player} is paired with themself"),
    "site.arrives": N_("arrives: expected a round from 1 to {rounds}"),
    "site.withdrawn": N_("withdrawn after: expected a round from 0 to {rounds}"),
    "site.withdraw_early": N_("a player cannot withdraw before arriving"),
    "site.nothing_to_undo": N_("there is no result entry to undo"),
    "site.changed_since": N_(
        "round {round} board {board} changed since that entry: it can no longer be undone from "
        "the log"
    ),
    "site.centres_missing": N_("centres missing for {powers}"),
    "site.draw_twice": N_("a power appears twice in the draw"),
    "site.year": N_("expected a year, got {got}"),
    "site.year_centres": N_("{year}: centres sum to more than {most}"),
    "site.no_player": N_("no player {player}"),
    "site.no_player_named": N_("no player named {name}"),
    "site.seats_missing": N_("seats missing for {powers}"),
    "site.no_board_in_call": N_("round {round} has no board {board} in its call: give the seats"),
    "site.seed": N_("seed: expected 0 to {most}, got {got}"),
    "site.locked": N_("the board call of round {round} is locked"),
    "site.nobody": N_("nobody is present for round {round}: take the roll call"),
    "site.no_published": N_("round {round} has no published board call"),
    "site.no_call": N_("round {round} has no board call yet"),
    "site.two_players": N_("choose two different players"),
    "site.neither_seated": N_("neither {a} nor {b} is seated"),
    "site.no_board": N_("round {round} has no board {board}"),
    "site.two_powers": N_("choose two different powers"),
    "site.needs_name": N_("a tournament needs a name"),
    "site.place_long": N_("a place has at most {most} characters"),
    "site.rounds": N_("rounds: expected 1 to {most}, got {got}"),
    "site.team_size": N_("team size: expected 1 to {most}, got {got}"),
    "site.ends_early": N_("the tournament cannot end before it starts"),
    "site.at_most": N_("at most {most} characters"),
    "site.event_exists": N_("an event of that name on that date exists already"),
    "site.no_user": N_("no user named {name}"),
    "site.not_played": N_("round {round} is not played yet: no top-board invitations"),
    "site.top_played": N_(
        "the top board of round {round} is already played: its seats can no longer change"
    ),
    "site.not_invited": N_("{name} is not among the invited players ({invited})"),
    "site.declined": N_("{name} has already declined"),
    "site.no_decline": N_("{name} has no decline recorded"),
    "site.no_team": N_("no team named {name}"),
    "site.not_invited_member": N_("{name} is not an invited member of {team} (invited: {invited})"),
    "site.none": N_("none"),
    "site.refused": N_("refused: {broken}"),
    "site.one_invited": N_("only one member of {team} is invited: nothing to give up"),
    "site.round": N_("round: expected 1 to {most}, got {got}"),
    "site.sit_and_double": N_("{player} cannot both sit out and play two boards"),
    "site.checkin_closed": N_("self check-in is not open for round {round}"),
    "site.wrong_code": N_("wrong code: read it again from the screen"),
    "site.call_made": N_("the board call of round {round} is made already"),
    "site.score_range": N_("a score between -{limit} and {limit}"),
    "site.six_decimals": N_("at most six decimals"),
    "site.needs_reason": N_("a ruling needs its reason"),
    "site.played_none": N_("{name} has played no board in this tournament"),
    "site.override_board": N_("a board override names both the round and the board"),
    "site.did_not_play": N_("{player} did not play board {board} of round {round}"),
    "site.no_ruling": N_("no ruling {id} in this tournament"),
    # the room's projector screens' options (web.ui.views.projector)
    "projector.number": N_("{name}: expected a whole number from {low} to {high}, got {got}"),
    "projector.by": N_("by: expected board or player, got {got}"),
    # closing a tournament (web.tournaments.closing)
    "site.already_closed": N_("{tournament} is already closed"),
    "site.nothing_to_file": N_("{tournament} has no board results to file"),
    "site.live_tournament": N_(
        "{event} is a tournament run on the site (registrations, board calls, audit): a boards "
        "file does not replace it"
    ),
}
