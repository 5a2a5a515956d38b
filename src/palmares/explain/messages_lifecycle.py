"""The tournament day's lifecycle (``diplomacy.lifecycle``, issue 32): what a transition did,
why it was refused, and which invariant a day breaks — each key's English sentence, its French
in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["LIFECYCLE"]

LIFECYCLE: dict[str, str] = {
    # refusals
    "lifecycle.closed": N_("the tournament is closed: its results are filed and nothing changes"),
    "lifecycle.not_expected": N_("{player} does not play round {round} (arrival or withdrawal)"),
    "lifecycle.boards": N_("{player}: boards must be 0, 1 or 2, got {got}"),
    "lifecycle.roll_published": N_(
        "the board call of round {round} is published: a change of who plays is a swap in the "
        "call, so that the players see it"
    ),
    "lifecycle.invitee_sits": N_(
        "{player} is invited to the top board of round {round}: record a decline before they "
        "sit out or play two boards"
    ),
    "lifecycle.invitee_absent": N_(
        "{player} is invited to the top board of round {round}: record a decline before "
        "marking them absent"
    ),
    "lifecycle.call_over_results": N_(
        "round {round} has results (boards {boards}): remove them before a new call"
    ),
    "lifecycle.call_published": N_(
        "the board call of round {round} is published: players have read it; swap players, or "
        "take the publication back before a new call"
    ),
    "lifecycle.qualifying_open": N_(
        "round {round} is not finished: the top board of round {final} is invited after its "
        "last result"
    ),
    "lifecycle.unpublish_results": N_(
        "round {round} has results (boards {boards}): its call stays published"
    ),
    "lifecycle.swap_which": N_(
        "{player} plays two boards ({boards}): name the board of the place to swap"
    ),
    "lifecycle.board_has_result": N_(
        "board {board} of round {round} has its result: correct that result with its seats, or "
        "undo it, before its players change"
    ),
    "lifecycle.top_board_fixed": N_(
        "board {board} of round {round} is the top board: its seven are the invited players (a "
        "decline changes them)"
    ),
    "lifecycle.twice_on_board": N_("{player} would play board {board} twice"),
    "lifecycle.kept_apart": N_("{a} and {b} would share board {board} of round {round} ({why})"),
    "lifecycle.seats_twice": N_("one player is given two powers"),
    "lifecycle.result_needs_call": N_(
        "round {round} has no board call: make and publish it before entering results"
    ),
    "lifecycle.result_on_draft": N_(
        "the board call of round {round} is a draft: publish it before entering results"
    ),
    "lifecycle.three_boards": N_("{player} would play three boards in round {round}"),
    "lifecycle.no_results": N_("round {round} has no result to remove"),
    "lifecycle.no_result": N_("round {round} has no result on boards {boards}"),
    "lifecycle.undo_older_call": N_(
        "board {board} of round {round} was entered on seats its call no longer has: the call "
        "changed since, so the entry cannot be put back"
    ),
    "lifecycle.seated_then": N_(
        "{player} is seated on board {board} of round {round}: swap them out of that call first"
    ),
    "lifecycle.played_then": N_("{player} played round {round}"),
    "lifecycle.together": N_(
        "{a} and {b} sit together on board {board} of round {round}: swap one of them first"
    ),
    "lifecycle.top_board_moved": N_(
        "this would change the top board's invitations (in: {ins}; out: {outs}), and the call of "
        "round {round} that seats the top board is published: take its publication back first"
    ),
    "lifecycle.nothing_played": N_("no board has a result: there is nothing to file"),
    "lifecycle.round_unfinished": N_(
        "round {round} is half played: boards {boards} have no result (enter them, or remove the "
        "round's results)"
    ),
    # what a transition did
    "lifecycle.roll_taken": N_("Roll call of round {round} saved: {present} present."),
    "lifecycle.checked_in": N_("{player} checked in for round {round}."),
    "lifecycle.draft_dropped": N_(
        "The draft call of round {round} no longer fits and was dropped: make a new call."
    ),
    "lifecycle.call_made": N_("Board call of round {round} made: {boards} boards, a draft."),
    "lifecycle.published": N_("Board call of round {round} published: players see it."),
    "lifecycle.locked": N_("Board call of round {round} published and locked."),
    "lifecycle.unpublished": N_(
        "Board call of round {round} taken back: players no longer see it."
    ),
    "lifecycle.swapped_players": N_("{a} and {b} swapped in round {round}."),
    "lifecycle.swapped_powers": N_("{x} and {y} of board {board} swapped in round {round}."),
    "lifecycle.result_saved": N_("Board {board} of round {round} saved."),
    "lifecycle.result_corrected": N_("Board {board} of round {round} corrected."),
    "lifecycle.result_undone": N_("Board {board} of round {round} put back as it was."),
    "lifecycle.first_result_undone": N_(
        "The result of board {board} of round {round} removed: it had none before."
    ),
    "lifecycle.results_removed": N_("Results of round {round} removed: boards {boards}."),
    "lifecycle.registered": N_("Registered: {players}."),
    "lifecycle.recorded_takes_no_registration": N_(
        "This tournament was recorded from its boards file: its rounds have results and no "
        "call, so it takes no registration."
    ),
    "lifecycle.arrives": N_("{player} plays from round {round}."),
    "lifecycle.withdrawn": N_("{player} withdraws after round {round}."),
    "lifecycle.kept_apart_now": N_("{a} and {b} are kept apart from now on."),
    "lifecycle.joined": N_("{player} plays for team {team}."),
    "lifecycle.invitations": N_("Top board invitations changed: in {ins}; out {outs}."),
    "lifecycle.invitee_present": N_("{player}, invited to the top board, is marked present."),
    "lifecycle.not_played": N_("Round {round} was called but not played: it is not counted."),
    "lifecycle.closed_now": N_("The tournament is closed."),
    # invariants a day breaks (the stateful tests print them)
    "invariant.powers": N_("round {round} board {board}: not the seven powers"),
    "invariant.twice_on_board": N_("round {round} board {board}: {players} seated twice"),
    "invariant.apart": N_("round {round} board {board}: {a} and {b} must be kept apart"),
    "invariant.three_boards": N_("round {round}: {player} plays {boards} boards"),
    "invariant.not_expected": N_("round {round}: {player} is seated but not expected"),
    "invariant.not_present": N_("round {round}: {player} is seated but not present"),
    "invariant.boards": N_(
        "round {round}: {player} asked for {boards} boards and is seated on {seated}"
    ),
    "invariant.draft_marked": N_("round {round}: a draft call has places marked changed"),
    "invariant.no_top_board": N_("round {round}: the final round's call has no top board"),
    "invariant.top_board": N_("round {round}: board {board} does not seat the invited seven"),
    "invariant.round": N_("round {round} is not one of the tournament's {most} rounds"),
    "invariant.roll_not_expected": N_(
        "round {round}: {player} is in the roll call but not expected"
    ),
    "invariant.invitee_sits": N_(
        "round {round}: {player} is invited to the top board but is not on one board in the "
        "roll call"
    ),
    "invariant.result_off_call": N_(
        "round {round}: board {board} has a result but is not in the call"
    ),
    "invariant.result_seats": N_(
        "round {round}: board {board}'s result is not on its call's seats"
    ),
    "invariant.result_on_draft": N_("round {round}: results on a draft call"),
    "invariant.result_without_call": N_("round {round}: results without a board call"),
    "invariant.closed_half_played": N_("round {round}: closed half played"),
}
