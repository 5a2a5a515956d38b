"""What a results, roster, declines, chaos or Wizard file gets wrong (io.results, io.seeding,
io.tournament, io.wizard, io.tables) and a ranking that is not one (core.ranking; issue 16):
each key's English sentence, its French in the catalogue (issue 35)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["FILES"]

FILES: dict[str, str] = {
    "ranking.not_competition": N_(
        "ranks {ranks} are not a competition ranking (1, 2, 2, 4 …; give a players column if "
        "the field was larger)"
    ),
    "ranking.not_part_of_field": N_(
        "ranks {ranks} are not part of a competition ranking of the field (a tie takes its places)"
    ),
    "ranking.beyond": N_(
        "{tied} players ranked {rank} take places {rank}–{last}, beyond the {players} players "
        "of the event"
    ),
    "results.two_ids": N_("{player} matches two player ids, {ids}: give a player_id"),
    "results.id_at": N_("{id} (line {line})"),
    "results.disagrees": N_("{value} but line {line} of the same event says {agreed}"),
    "io.yes": N_("yes"),
    "io.no": N_("no"),
    "results.twice": N_("{player} appears twice in {event} (also line {line})"),
    "results.players_rows": N_("{players} but the event has {rows} rows of players"),
    "results.rank_above": N_("{rank} is above the {players} players of the event"),
    "results.in_event": N_("{event}: {problem}"),
    "results.event_twin": N_(
        "{event} on {day} is also the event of line {line}: two events need two names or two dates"
    ),
    "results.id_and_name": N_(
        "{key} is both an event id and the name of an event without one (line {line})"
    ),
    "roster.listed_at": N_("{player} is already listed at line {line}"),
    "roster.no_players": N_("no players listed"),
    "roster.themself": N_("{player} is paired with themself"),
    "declines.twice": N_("{player} already declined at line {line}"),
    "chaos.twice": N_("{player} appears twice (first at line {first})"),
    "chaos.has_centres": N_("{player} has {centres} centres"),
    "chaos.centres_sum": N_("centres sum to {total}, more than the {most} on the map"),
    "wizard_file.twice": N_("{player} appears twice in {what} (first at line {first})"),
    "wizard_file.score_or_place": N_("a score or a place is required"),
    "wizard_file.from_to": N_("{least} to {most}"),
    "wizard_file.players": N_("{what} has {count} players; it needs {size}"),
    "wizard_file.place_disagrees": N_(
        "place {place} disagrees with the score {score}, which is place {rank} in {what}"
    ),
    "wizard_file.no_place": N_(
        "no place, and not every player of {what} has a score: give every player a score or "
        "every player a place"
    ),
    "wizard_file.not_ranking": N_(
        "the places of {what} {places} are not a ranking (1, 2, 2, 4 ...)"
    ),
    "wizard_file.game": N_("game {game}"),
    "wizard_file.triad_of": N_("the TRIAD of {name}"),
    "wizard_file.dated": N_("{what} is dated {day} at line {line}, not {other}"),
    "wizard_file.tournament_twice": N_(
        "{player} appears twice in tournament {name} (first at line {first})"
    ),
    "wizard_file.tournament_dated": N_(
        "tournament {name} is dated {day} at line {line}, not {other}"
    ),
    "wizard_file.tournament_marked": N_("tournament {name} is marked differently at line {line}"),
    "wizard_file.tournament_not_ranking": N_(
        "the places of tournament {name} are not a ranking (1, 2, 2, 4 ...): {places}"
    ),
    "io.not_utf8": N_("not UTF-8 text ({why})"),
    "io.csv_cell_too_long": N_(
        "a cell longer than {most} characters (the most a CSV cell may hold)"
    ),
    "io.no_sheet": N_("the workbook has no sheet"),
    "io.bad_workbook": N_("not a readable workbook ({why})"),
    "io.cell_too_long": N_("a cell longer than {most} characters"),
    "io.spelled": N_(
        "{value} is {spelled} of line {line} spelled otherwise: names that differ only in "
        "case, accents or spaces are one player; spell them alike"
    ),
}
