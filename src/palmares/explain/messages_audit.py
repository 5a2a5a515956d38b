"""The audit log in words (``web.audit.words``, issue 32): each kind of write a tournament's
log records — its English sentence, its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["AUDIT"]

AUDIT: dict[str, str] = {
    "audit.create": N_("Tournament created"),
    "audit.director": N_("Co-director added"),
    "audit.register": N_("Players registered"),
    "audit.keep_apart": N_("Pairs kept apart"),
    "audit.attendance": N_("Attendance of {player}"),
    "audit.decline": N_("Top-board decline recorded"),
    "audit.decline_withdrawn": N_("Top-board decline taken back"),
    "audit.team_option": N_("Team option on the top board"),
    "audit.ruling": N_("Score ruling on {player}"),
    "audit.ruling_withdrawn": N_("Score ruling on {player} taken back"),
    "audit.close": N_("Tournament closed: classification filed"),
    "audit.clock_start": N_("Clock started"),
    "audit.clock_pause": N_("Clock paused"),
    "audit.clock_resume": N_("Clock resumed"),
    "audit.clock_next": N_("Clock moved to the next turn"),
    "audit.clock_set": N_("Clock set"),
    "audit.clock_settings": N_("Clock settings"),
    "audit.roll_call": N_("Roll call of round {round}"),
    "audit.check_in_switch": N_("Self check-in of round {round} opened or closed"),
    "audit.check_in": N_("{player} checked in for round {round}"),
    "audit.call": N_("Board call of round {round} made"),
    "audit.swap_players": N_("Players swapped in round {round}"),
    "audit.swap_powers": N_("Powers swapped in round {round}"),
    "audit.publish": N_("Board call of round {round} published"),
    "audit.lock": N_("Board call of round {round} published and locked"),
    "audit.unpublish": N_("Board call of round {round} taken back"),
    "audit.remove_results": N_("Results of round {round} removed"),
    "audit.result": N_("Result of board {board}, round {round}"),
    "audit.correction": N_("Correction of board {board}, round {round}"),
    "audit.undo": N_("Undo of board {board}, round {round}"),
    "audit.other": N_("{action}"),
}
