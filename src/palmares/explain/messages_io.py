"""What a board file (io.boards: boards.csv, boards.json, teams.csv) and a Tantrix file
(io.tantrix) get wrong: each key's English sentence, its French in the catalogue (issue 19)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["IO"]

IO: dict[str, str] = {
    "boards.power_twice": N_(
        "{power} appears twice on round {round} board {board} (first at line {first})"
    ),
    "boards.powers_missing": N_(
        "round {round} board {board} has {powers} powers, missing {missing}"
    ),
    "boards.disagrees": N_("round {round} board {board} disagrees: {values}"),
    "boards.at": N_("round {round} board {board}: {problem}"),
    "boards.rows_disagree": N_("round {round} board {board}: rows disagree"),
    "boards.sits_twice": N_("{player} sits twice on one board in round {round}"),
    "boards.too_many": N_("{player} plays {boards} boards in round {round} (at most two)"),
    "boards.in_team": N_("{player} is already in team {team} (line {line})"),
    "boards.team_size": N_("{team} has {players} players (teams are three)"),
    "boards.no_board": N_("{player} (team {team}) plays no board"),
    "boards.object": N_("each board must be an object"),
    "boards.unknown_field": N_(
        "unknown field (expected: id, centres, eliminated, final_year, draw)"
    ),
    "boards.id_twice": N_("board {board} appears twice (first at line {first})"),
    "boards.no_count": N_("board {board} has no count for {powers}"),
    "boards.count": N_("{power}: expected a whole number 0–{most}, got {got}"),
    "boards.year_of": N_("{power}: expected a year, got {got}"),
    "boards.draw_list": N_("expected a list of powers or null"),
    "boards.board_at": N_("board {board}: {problem}"),
    "boards.power_object": N_("expected an object of power: value"),
    "boards.twice": N_("{power} appears twice"),
    "boards.json": N_("not valid JSON: {why} (column {column})"),
    "boards.json_list": N_("expected a JSON list of boards"),
    "boards.json_empty": N_("the list of boards is empty"),
    "boards.header_only": N_("no boards: the file has a header row only"),
    "tantrix.both_forms": N_("give games/tp_a/tp_b or score_a/score_b, not both"),
    "tantrix.other_score": N_("a value is required (the other tile score is given)"),
    "tantrix.needs": N_("needs games, tp_a and tp_b (or score_a and score_b)"),
    "tantrix.only_games": N_("only for rows with tile scores (one row per game)"),
    "tantrix.header_only": N_("no matches: the file has a header row only"),
    "tantrix.themself": N_("{player} cannot meet themself"),
    "tantrix.own_absent": N_("{own} did not play this match ({a} v {b})"),
    "tantrix.round": N_("round {round}"),
    "tantrix.this_event": N_("this event"),
    "tantrix.match_twice": N_(
        "the match {a} v {b} in {where} is listed twice (first at line {first})"
    ),
    "tantrix.tp_sum": N_("tp_a + tp_b = {sum}, but {games} games share {each} × {games} = {total}"),
    "tantrix.own_differs": N_("{own}, but line {line} of this match says {said}"),
    "tantrix.game_twice": N_("game {game} of {a} v {b} is listed twice (first at line {first})"),
    "tantrix.spelled": N_("{player} is {other} of the matches spelled otherwise: spell them alike"),
    "tantrix.listed_twice": N_("{player} is listed twice (first at line {first})"),
    "tantrix.own_unrated": N_("{player} has no official pre-tournament rating in the ratings file"),
    "tantrix.not_listed": N_("not on the rating list: {players}"),
    "tantrix.recentre": N_("re-centring needs players with games"),
    "tantrix.no_match": N_("a tournament needs at least one match"),
    "tantrix.own_no_rating": N_(
        "own_rating {player} has no official rating ({a} {tp_a} – {tp_b} {b} over {games} "
        "games{where})"
    ),
}
