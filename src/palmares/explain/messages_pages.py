"""The site's page texts about a rule (issue 35): a template keeps only its layout and shows the
sentence its view passes as a typed message (``{{ rule|said }}``), told in the page's language.
The top board's invitations and team option (seed 002, "Top Board"), the chaos game's start and
deadlines (2007 WDC rules, "Chaos Game"), the Tantrix list's update (seed 003), the Wizard
rankings' qualifying games (seeds 004, 005), a tournament's closing (issue 12)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["PAGES", "PAGE_PLURALS"]

PAGES: dict[str, str] = {
    # web.ui.views.topboard (seed 002, "Top Board")
    "page.top_board_rule": N_(
        "The seven best players after round {round} are invited. A player who declines returns "
        "to the general pool and the seat goes to the next ranked player (seed 002, “Top Board”)."
    ),
    "page.top_board_team": N_(
        "{team} has {n} members invited. Seed 002's team option: only one stays on the top "
        "board; the others give up their seats."
    ),
    "page.top_board_not_yet": N_("Round {round} is not played yet: no invitations."),
    # web.ui.views.clock, web.ui.views.chaos (2007 WDC rules, "Chaos Game")
    "page.chaos_deadlines": N_(
        "No clock: movement deadlines at set times of day, about every two hours during "
        "tournament hours; retreats and adjustments are due {minutes} minutes after each "
        'movement deadline (2007 WDC rules, "Chaos Game").'
    ),
    "page.chaos_start": N_(
        "Each player starts with one supply centre, its home: the game opens in winter {year}, "
        "where each player builds a first unit."
    ),
    # web.ui.views.games: the Tantrix list (seed 003) and the Wizard rankings (seeds 004, 005)
    "page.tantrix_list": N_(
        "The list after {event}, computed by the engine: new rating = G-weighted average of the "
        "rating before and the tournament rating."
    ),
    "page.wizard_qualifying": N_("Ranked: players with at least {n} games."),
    "page.junior_session": N_("A two-month session, {first} to {last}."),
    # web.ui.views.closing (issue 12, step 7)
    "page.closing": N_(
        "Closing files the final classification below (champion, places 2–{last_place}, then the "
        "rest by the final standings) as the event's results; the Dip Pouch ratings take the "
        "event in. It cannot be undone from this page."
    ),
    # web.ui.templatetags: a board call's quality (seed 002, "Board Assignments")
    "page.call_quality": N_(
        "Repeated-opponent cost {cost} (lower bound {bound}); the most-met pair seated together "
        "had met {worst} times."
    ),
    "page.call_cost": N_("Repeated-opponent cost {cost} (lower bound {bound}, gap {gap})."),
    "page.call_meetings": N_("{n} pairs meet again; the most-met pair had met {worst} times."),
    "page.call_repeats": N_("{n} power repeats."),
    "page.call_pair": N_("{a} and {b} (met {times} times), board {board}"),
    # web.ui.views.grid: a board's result sheet (seed 002: a draw includes every survivor)
    "page.board_form": N_(
        "Enter saves. Out in: the year a power was eliminated. No draw ticked: every survivor "
        "shares it."
    ),
    # web.ui.views.overrides: a TD's ruling (issue 12)
    "page.rulings": N_(
        "A ruling (a penalty, a decision) sets a player's tournament score, or what one game "
        "brought them. It is kept beside the computed figure, never over it: the standings "
        "follow the ruling and show both."
    ),
    # web.ui.views.undo (issue 32)
    "page.undo": N_(
        "The last result entry is undone from the audit log: the board is put back as it was "
        "before it (or removed, if the entry created it). The undo is recorded too; undoing "
        "again goes one entry further back."
    ),
    # web.ui.views.skill: the backtest's measures (ratings.backtest)
    "page.skill_measures": N_(
        "τ-b and ρ compare the predicted order with the actual one (1: exact, 0: no better than "
        "chance); top-1: the predicted winner won; log L: how likely the system found the actual "
        "order and the winner (higher is better); 95% bootstrap intervals."
    ),
    "page.skill_calibration": N_(
        "Each returning player's predicted chance of winning, in tenths, against how often such "
        "players won. On the diagonal is well calibrated."
    ),
    # templates, through ``{% words "key" … %}`` (web.ui.templatetags.palmares)
    "page.scoring_of": N_("Board scores: {scoring}; tournament score: {aggregation}."),
    "page.top_board_invitations": N_("Top board invitations after round {round}"),
    "page.top_board_invited": N_("Top board, invited after round {round}"),
    "page.top_board_provisional": N_("Provisional: round {round} is still being played."),
    "page.skill_meaning": N_(
        "Weng–Lin skill rating (Plackett–Luce): the estimate μ and its uncertainty σ, from "
        "every stored result"
    ),
    "page.level_reached": N_("{level} ({points}) reached in {source}"),
    "page.level_next": N_("next: {level} at {points}"),
    # seed 003's two tables of a Tantrix event
    "page.tantrix_unofficial": N_("Players who previously had unofficial or no ratings"),
    "page.tantrix_official": N_("Players who previously had official ratings"),
    # 2007 WDC rules, "Chaos Game": a house rule a chaos game may take
    "page.build_anywhere": N_("House rule: build in any owned centre"),
    "page.permanent_top": N_("Dip Pouch — top of the Permanent list"),
    # web.ui.views.clock: the room's clock (seed 002, "Game Timing")
    "page.clock_time_draw": N_("Time: the game ends (time draw)"),
    "page.clock_next_turn": N_("Next turn: {minutes} minutes"),
    "page.clock_games_end": N_("Games end at {at}"),
}

#: key → (singular, plural, the value that counts): the pages' counted sentences.
PAGE_PLURALS: dict[str, tuple[str, str, str]] = {
    # web.ui.views.skill: the backtest's method (ratings.backtest)
    "page.skill_method": (
        N_(
            "{n} competition, each predicted from the ratings before it; then every system "
            "learns its result."
        ),
        N_(
            "{n} competitions, each predicted from the ratings before it; then every system "
            "learns its result."
        ),
        "n",
    ),
}
