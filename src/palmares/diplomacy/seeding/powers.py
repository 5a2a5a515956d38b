"""Powers for the players of each board: an exact assignment (seed 002, "Board Assignments":
"minimizing the number of times players play the same powers").

On one board, giving player ``i`` power ``k`` costs, in this order of importance:
1. a repeat (``i`` played ``k`` before) — the number of repeats is minimised first;
2. how often ``k`` was played before (a third Austria is worse than a second);
3. when a repeat cannot be avoided, it goes to the player with the most distinct powers played,
   so those who have seen fewest powers get a new one (issue 6);
4. last, our tie-break: each player takes the power after their latest one (Austria, England,
   France … Turkey, Austria), so that when nothing else decides, powers rotate.
The board call gives powers by :mod:`.colouring` over all the rounds foreseen; this exact
assignment, one round at a time, is its last resort when the rounds played were not the ones
planned (see :mod:`.fresh`).
A two-boarder may not get on their second board the power they have on their first.

Seven players and seven powers make 7! = 5,040 assignments; a dynamic programme over the subsets
of powers already given (2⁷ states) finds the cheapest one exactly, with ties broken towards the
earlier player getting the earlier power, so the result is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.seeding.problem import Prepared

__all__ = [
    "assign_board",
    "assign_powers",
    "fewest_repeats",
    "fresh_masks",
    "fresh_matching",
    "power_cost",
    "shortfall",
]

REPEAT = 1_000_000
TIMES = 1_000
#: The weight of :func:`power_cost` over the rotation tie-break (at most 1 a player).
ROTATE = 8


def power_cost(prep: Prepared, player: int, power: int) -> int:
    """The cost of giving ``power`` to ``player`` (0 for a power they never played)."""
    times = prep.played[player][power]
    if not times:
        return 0
    return REPEAT + TIMES * (times - 1) + (prep.board_size - prep.distinct_powers(player))


def assign_board(costs: Sequence[Sequence[int | None]]) -> tuple[int, tuple[int, ...]] | None:
    """The cheapest assignment of players (rows) to powers (columns), ``None`` = not allowed.

    Returns ``(cost, power of each player)``, or ``None`` when no assignment is allowed.
    """
    n = len(costs)
    size = len(costs[0]) if n else 0
    # best[mask]: (cost, powers) for the first popcount(mask) players using the powers in mask.
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for i in range(n):
        nxt: dict[int, tuple[int, tuple[int, ...]]] = {}
        row = costs[i]
        for mask in sorted(best):
            cost, chosen = best[mask]
            for k in range(size):
                c = row[k]
                if c is None or mask >> k & 1:
                    continue
                key = mask | 1 << k
                total = cost + c
                old = nxt.get(key)
                if old is None or total < old[0]:
                    nxt[key] = (total, (*chosen, k))
        best = nxt
        if not best:
            return None
    return min(best.values())


def assign_powers(prep: Prepared, boards: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Powers for every board, in board order; a two-boarder never gets one power twice.

    Boards are first solved in order, each avoiding the powers its two-boarders already have
    on an earlier board; then, for each two-boarder in turn, both their boards are solved again
    with each fresh power forced on the first board, and the cheapest pair kept (the power
    taken on the first board may have been the only fresh one the second had for them).
    Raises ``ValueError`` if a board has no allowed assignment (never for boards with fewer
    than seven two-boarders).
    """
    out: list[tuple[int, ...]] = []
    costs: list[int] = []
    for b in range(len(boards)):
        cost, ks = _solve(prep, boards, out, b)
        out.append(ks)
        costs.append(cost)
    for _ in range(3):
        improved = False
        for d in prep.doubles:
            a, b = (x for x, members in enumerate(boards) if d in members)
            best = (costs[a] + costs[b], out[a], out[b])
            for k in range(prep.board_size):
                if power_cost(prep, d, k):
                    continue  # only a fresh power is worth forcing
                try:
                    ca, ka = _solve(prep, boards, out, a, skip=b, force=(d, k))
                    trial = [*out[:a], ka, *out[a + 1 :]]
                    cb, kb = _solve(prep, boards, trial, b)
                except ValueError:
                    continue
                if ca + cb < best[0]:
                    best = (ca + cb, ka, kb)
            if best[1] != out[a] or best[2] != out[b]:
                out[a], out[b] = best[1], best[2]
                costs[a], costs[b] = (
                    _solve(prep, boards, out, a)[0],
                    _solve(prep, boards, out, b)[0],
                )
                improved = True
        if not improved:
            break
    return out


def _rotation(prep: Prepared, player: int, power: int) -> int:
    """0 if ``power`` follows the player's latest power in the order of the powers (or they
    have none), else 1: the last tie-break, so powers rotate when nothing else decides."""
    last = prep.last[player] if prep.last else -1
    return 0 if last < 0 or power == (last + 1) % prep.board_size else 1


def _solve(
    prep: Prepared,
    boards: Sequence[Sequence[int]],
    given: Sequence[tuple[int, ...]],
    b: int,
    *,
    skip: int | None = None,
    force: tuple[int, int] | None = None,
) -> tuple[int, tuple[int, ...]]:
    """The best powers for board ``b`` given the powers of the other boards in ``given``
    (board ``skip`` ignored); ``force`` gives one player a set power."""
    taken: dict[int, int] = {}
    for other, ks in enumerate(given):
        if other not in (b, skip):
            taken.update(zip(boards[other], ks, strict=True))
    costs: list[list[int | None]] = [
        [
            None
            if taken.get(i) == k or (force is not None and force[0] == i and force[1] != k)
            else power_cost(prep, i, k) * ROTATE + _rotation(prep, i, k)
            for k in range(prep.board_size)
        ]
        for i in boards[b]
    ]
    found = assign_board(costs)
    if found is None:
        raise PalmaresError.of(Message.of("seeding.no_assignment", board=b + 1))
    return found


def fresh_masks(prep: Prepared) -> list[int]:
    """For each player, the powers they never played, as a bit mask (bit ``k``: power ``k``)."""
    return [
        sum(1 << k for k in range(prep.board_size) if not prep.played[i][k])
        for i in range(len(prep.players))
    ]


def fresh_matching(masks: Sequence[int], size: int) -> list[int]:
    """A largest matching of players to powers they never played (``masks``: their fresh powers
    as bits) on a board of ``size`` powers: the power of each player, -1 for a player left
    without a fresh one. Each player first takes the lowest free fresh power; augmenting paths
    only when none is left."""
    owner = [-1] * size
    taken = 0
    seen = 0

    def augment(j: int) -> int:
        """The free power an augmenting path from player ``j`` ends on, or -1."""
        nonlocal seen
        left = masks[j] & ~seen
        seen |= left
        # First a power nobody holds, then a longer path through a holder.
        free = left & ~taken
        if free:
            k = (free & -free).bit_length() - 1
            owner[k] = j
            return k
        while left:
            low = left & -left
            left ^= low
            k = low.bit_length() - 1
            end = augment(owner[k])
            if end >= 0:
                owner[k] = j
                return end
        return -1

    for i, mask in enumerate(masks):
        free = mask & ~taken
        if free:
            low = free & -free
            owner[low.bit_length() - 1] = i
            taken |= low
            continue
        seen = 0
        end = augment(i)
        if end >= 0:
            taken |= 1 << end
    power = [-1] * len(masks)
    for k, i in enumerate(owner):
        if i >= 0:
            power[i] = k
    return power


def shortfall(masks: Sequence[int], size: int) -> int:
    """How many players cannot get a fresh power (see :func:`fresh_matching`)."""
    return fresh_matching(masks, size).count(-1)


def fewest_repeats(prep: Prepared, members: Sequence[int]) -> int:
    """The fewest power repeats on a board of ``members``: seven minus the largest matching of
    players to powers they never played (see :func:`shortfall`)."""
    masks = fresh_masks(prep)
    return shortfall([masks[i] for i in members], prep.board_size)
