"""Types of the compiled kernels ``_kernels.c`` (see :mod:`palmares.ratings.kernels`)."""

from typing import Any

from numpy.typing import NDArray

A = NDArray[Any]

def group_by_event(row_event: A, n_events: int, perm: A, /) -> None: ...
def replay(
    by_position: A,
    ev_start: A,
    ev_end: A,
    ev_value: A,
    ev_players: A,
    row_player: A,
    row_rank: A,
    current: A,
    before: A,
    after: A,
    /,
) -> None: ...
def as_of(
    by_position: A,
    ev_start: A,
    ev_end: A,
    ev_day: A,
    ev_value: A,
    row_player: A,
    row_nationality: A,
    last_day: int,
    last: A,
    counted: A,
    nat: A,
    /,
) -> None: ...
def rerun(
    rows: A,
    row_player: A,
    row_event: A,
    row_rank: A,
    ev_value: A,
    ev_players: A,
    current: A,
    before: A,
    after: A,
    initial: float,
    /,
) -> None: ...
def lay_out(
    ids: A, offsets: A, place: A, out_id: A, out_place: A, player: A, first: A, /
) -> int: ...
def rate_history_pl(
    mu: A,
    sigma: A,
    offsets: A,
    player: A,
    rank: A,
    weight: A,
    beta: float,
    kappa: float,
    tau: float,
    limit_sigma: bool,
    bounds: bool,
    hi: float,
    before_mu: A,
    before_sigma: A,
    /,
) -> None: ...
def certified_replay(
    by_position: A,
    ev_start: A,
    ev_end: A,
    ev_day: A,
    last_day: int,
    share_hi: A,
    share_lo: A,
    ev_players: A,
    row_player: A,
    row_rank: A,
    hi: A,
    lo: A,
    bound: A,
    /,
) -> None: ...
def regular(buf: A, start: int, /) -> int: ...
def ties_ok(g: A, r: A, field: A, explicit: A, /) -> bool: ...
