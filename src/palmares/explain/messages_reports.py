"""Reports from the table (``diplomacy.lifecycle.reports``, issue 38): what a player's report
and the TD's acceptance did, why one was refused, and the words of the TD's board of boards —
each key's English sentence, its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["REPORTS"]

REPORTS: dict[str, str] = {
    # what was done
    "reports.saved": N_("{player}'s report of board {board}, round {round}, saved"),
    "reports.changed": N_("{player}'s report of board {board}, round {round}, changed"),
    "reports.accepted_from": N_("board {board} of round {round} accepted as reported by {players}"),
    "reports.majority_set": N_(
        "a board agrees when {majority} of its players report the same result"
    ),
    "reports.all_survivors": N_(
        "a board agrees when every surviving player reports the same result"
    ),
    "reports.auto_accept": N_(
        "an agreed board is stored at once, without waiting for the tournament director"
    ),
    "reports.td_accepts": N_("the tournament director accepts each agreed board"),
    # refusals
    "reports.not_published": N_("round {round} has no published board call: nothing to report yet"),
    "reports.not_on_board": N_("{player} does not play board {board} of round {round}"),
    "reports.accepted": N_(
        "board {board} of round {round} is accepted: only the tournament director corrects it"
    ),
    "reports.wrong_code": N_("this is not {player}'s personal code"),
    "reports.no_code": N_("{player} has no personal code: ask the tournament director"),
    "reports.no_report": N_("{player} has not reported board {board} of round {round}"),
    "reports.none": N_("board {board} of round {round} has no report to accept"),
    "reports.not_agreed": N_(
        "the reports of board {board}, round {round}, do not agree: accept one player's report"
    ),
    "reports.bad_majority": N_("a board's majority is 4 to 7 players, got {got}"),
    "reports.twice": N_("a player reported board {board} of round {round} twice"),
    # the board of boards
    "reports.status.waiting": N_("waiting for reports"),
    "reports.status.reported": N_("reported, waiting for the others"),
    "reports.status.agreed": N_("agreed by the board"),
    "reports.status.conflict": N_("reports in conflict"),
    "reports.status.accepted": N_("accepted and stored"),
    # the audit page: what kind of write an entry was
    "audit.report": N_("{player}'s report of board {board}, round {round}"),
    "audit.accept_reports": N_("Board {board} of round {round} accepted from the players' reports"),
    "audit.report_rule": N_("When a board's reports agree"),
    # the pages
    "reports.page.title": N_("Report board {board}, round {round}"),
    "reports.page.who": N_("Your name"),
    "reports.page.code": N_("Your personal code (on your line of the printed call)"),
    "reports.page.send": N_("Send my report"),
    "reports.page.kept": N_(
        "No network: your report is kept on this phone and is sent as soon as the network is back"
    ),
    "reports.page.help": N_(
        "Every player of the board reports the same result; the tournament director accepts it. "
        "You can change your report until then."
    ),
    "reports.page.report_link": N_("Report the result"),
    "reports.page.boards": N_("Board of boards, round {round}"),
    "reports.page.updates": N_("This page updates itself as the boards report."),
    "reports.page.accept": N_("Accept board {board}"),
    "reports.page.accept_one": N_("Accept {player}'s report"),
    "reports.page.projector": N_("Projector view"),
    "reports.page.reporter": N_("reported by {players}"),
    "reports.page.differs": N_("differs"),
    "reports.page.code_column": N_("Personal code"),
    "reports.page.qr": N_("Scan to report board {board}"),
}
