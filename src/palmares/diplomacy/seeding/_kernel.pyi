"""Types of the compiled kernel ``_kernel.c`` (see :mod:`.anneal`)."""

from typing import Any

from numpy.typing import NDArray

#: A writable C-contiguous buffer: a numpy array or a memoryview of :mod:`.cells`.
Buffer = memoryview | NDArray[Any]

def anneal_slice(
    boards: Buffer,
    board_of: Buffer,
    pos: Buffer,
    player: Buffer,
    movable: Buffer,
    w: Buffer,
    is_double: Buffer,
    pairs: Buffer,
    best: Buffer,
    state: Buffer,
    start: int,
    stop: int,
    budget: int,
    bound: int,
    hard: int,
    unit: float,
    rng: Buffer,
    /,
) -> int: ...
def descend(
    boards: Buffer,
    board_of: Buffer,
    pos: Buffer,
    player: Buffer,
    movable: Buffer,
    w: Buffer,
    is_double: Buffer,
    pairs: Buffer,
    /,
) -> int: ...
def double_extra(board_of: Buffer, pairs: Buffer, /) -> int: ...
