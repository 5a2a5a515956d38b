"""Types of the compiled kernel ``_kernel.c`` (see :mod:`.anneal`)."""

import numpy as np
from numpy.typing import NDArray

def anneal_slice(
    boards: NDArray[np.int64],
    board_of: NDArray[np.int64],
    pos: NDArray[np.int64],
    player: NDArray[np.int64],
    movable: NDArray[np.int64],
    w: NDArray[np.int64],
    is_double: NDArray[np.bool_],
    pairs: NDArray[np.int64],
    best: NDArray[np.int64],
    state: NDArray[np.int64],
    start: int,
    stop: int,
    budget: int,
    bound: int,
    hard: int,
    unit: float,
    rng: NDArray[np.uint64],
    /,
) -> int: ...
def descend(
    boards: NDArray[np.int64],
    board_of: NDArray[np.int64],
    pos: NDArray[np.int64],
    player: NDArray[np.int64],
    movable: NDArray[np.int64],
    w: NDArray[np.int64],
    is_double: NDArray[np.bool_],
    pairs: NDArray[np.int64],
    /,
) -> int: ...
def double_extra(board_of: NDArray[np.int64], pairs: NDArray[np.int64], /) -> int: ...
