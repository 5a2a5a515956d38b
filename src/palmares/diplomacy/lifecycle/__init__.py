"""The tournament day's one lifecycle (issue 32): a tournament's rounds — roll call, board call
(draft → published → locked), seats and results — and the tournament (open → top board
invited → closed) as a pure state model. Every path that changes a round (the site's forms, the
JSON API, the command line, the admin) calls these transitions and nothing else; each returns
the next :class:`Day` and what it did, or raises :class:`Refused` with its reason;
:func:`violations` says what must hold of every day a TD can reach.
"""

from palmares.diplomacy.lifecycle.call import (
    make_call,
    may_call,
    publish,
    swap_players,
    swap_powers,
    unpublish,
)
from palmares.diplomacy.lifecycle.guards import closed
from palmares.diplomacy.lifecycle.invariants import call_problems, violations
from palmares.diplomacy.lifecycle.refusal import Change, Refused
from palmares.diplomacy.lifecycle.results import (
    enter_result,
    remove_results,
    restore_result,
    seats_for,
)
from palmares.diplomacy.lifecycle.rollcall import check_in, take_roll_call
from palmares.diplomacy.lifecycle.standing import Marks, entrants, marks, sat_out
from palmares.diplomacy.lifecycle.state import (
    Call,
    CallStatus,
    Day,
    Place,
    Registered,
    Result,
    RoundDay,
    TopBoardRule,
)
from palmares.diplomacy.lifecycle.tournament import (
    add_keep_apart,
    close,
    invite,
    join_team,
    keep_rounds,
    register,
    set_attendance,
)

__all__ = [
    "Call",
    "CallStatus",
    "Change",
    "Day",
    "Marks",
    "Place",
    "Refused",
    "Registered",
    "Result",
    "RoundDay",
    "TopBoardRule",
    "add_keep_apart",
    "call_problems",
    "check_in",
    "close",
    "closed",
    "enter_result",
    "entrants",
    "invite",
    "join_team",
    "keep_rounds",
    "make_call",
    "marks",
    "may_call",
    "publish",
    "register",
    "remove_results",
    "restore_result",
    "sat_out",
    "seats_for",
    "set_attendance",
    "swap_players",
    "swap_powers",
    "take_roll_call",
    "unpublish",
    "violations",
]
