"""Powers as an edge colouring (issue 6; seed 002, "Board Assignments"): König's theorem says
seven powers are enough for any boards known in advance, when nobody plays more than seven
games; the repair lowers repeats when the powers played were not the planned ones."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.seeding.colouring import Line, colour, konig, repair
from tests.diplomacy.seeding.oracle_colouring import reference_repair


def _rounds(n: int, rounds: int, rng: random.Random) -> list[Line]:
    """``rounds`` random rounds of ``n`` players (a multiple of 7) on boards of seven."""
    names = [f"p{i:02d}" for i in range(n)]
    lines = []
    for r in range(1, rounds + 1):
        rng.shuffle(names)
        lines += [Line(r, s // 7, p) for s, p in enumerate(names)]
    return lines


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 7), st.integers(1, 5))
def test_konig_colours_any_bipartite_multigraph_of_degree_seven(
    seed: int, degree: int, boards: int
) -> None:
    # Left vertices of degree at most ``degree``, right vertices (boards) of degree seven.
    rng = random.Random(seed)
    seats = [b for b in range(boards) for _ in range(7)]
    rng.shuffle(seats)
    ends = []
    left = 0
    while seats:
        take = min(len(seats), rng.randint(1, degree))
        ends += [(left, seats.pop()) for _ in range(take)]
        left += 1
    got = konig(ends, left, boards, 7)
    for side in (0, 1):
        seen: dict[int, list[int]] = defaultdict(list)
        for (u, v), k in zip(ends, got, strict=True):
            seen[(u, v)[side]].append(k)
        for ks in seen.values():
            assert len(ks) == len(set(ks)) and all(0 <= k < 7 for k in ks)


def test_boards_known_in_advance_never_repeat_a_power() -> None:
    # Six (and seven) random rounds of 35 players: every board gives each power once and
    # nobody plays a power twice.
    for rounds in (6, 7):
        lines = _rounds(35, rounds, random.Random(rounds))
        got = colour(lines, 7)
        boards: dict[tuple[int, int], list[int]] = defaultdict(list)
        plays: Counter[tuple[str, int]] = Counter()
        for line, k in zip(lines, got, strict=True):
            boards[line.round, line.board].append(k)
            plays[line.player, k] += 1
        assert all(sorted(ks) == list(range(7)) for ks in boards.values())
        assert max(plays.values()) == 1


def test_the_next_call_finds_the_same_colours() -> None:
    # Colouring rounds 1-6 with round 1 played as planned gives rounds 2-6 the same colours.
    lines = _rounds(21, 6, random.Random(5))
    first = colour(lines, 7)
    played = [
        Line(x.round, x.board, x.player, k) if x.round == 1 else x
        for x, k in zip(lines, first, strict=True)
    ]
    again = colour(played, 7)
    assert again == [k for x, k in zip(lines, first, strict=True) if x.round > 1]


def test_repair_gives_fresh_powers_when_the_history_was_not_planned() -> None:
    # One board of seven who each played one power before, all given their old power again by
    # the starting assignment: a rotation by one fixes all seven.
    names = [f"p{i}" for i in range(7)]
    lines = [Line(1, 0, p, k) for k, p in enumerate(names)]
    lines += [Line(2, 0, p) for p in names]
    free = list(range(7, 14))
    got = repair(
        lines,
        list(range(7)),
        free,
        {p: [int(k == i) for k in range(7)] for i, p in enumerate(names)},
        7,
    )
    assert sorted(got) == list(range(7))
    assert all(k != i for i, k in enumerate(got))


def test_a_two_boarder_with_more_than_seven_games_never_plays_one_power_twice_in_a_round() -> None:
    # p00 plays two boards in each of four rounds (eight games): one repeat at least, but never
    # on both boards of one round.
    rng = random.Random(3)
    lines = []
    others = [f"q{i:02d}" for i in range(12)]
    for r in range(1, 5):
        rng.shuffle(others)
        lines += [Line(r, 0, "p00"), Line(r, 1, "p00")]
        lines += [Line(r, s // 6, q) for s, q in enumerate(others)]
    got = colour(lines, 7)
    by_round: dict[int, list[int]] = defaultdict(list)
    for line, k in zip(lines, got, strict=True):
        if line.player == "p00":
            by_round[line.round].append(k)
    assert all(len(set(ks)) == 2 for ks in by_round.values())
    assert len({k for ks in by_round.values() for k in ks}) == 7  # every power, then one repeat


def test_a_round_of_two_boards_stays_in_one_block() -> None:
    # p00 plays two boards in rounds 1 and 6 (eight games): the two lines of round 6 are one
    # block, so they differ, and only one of them repeats (the last power left, then a repeat).
    rng = random.Random(8)
    others = [f"q{i:02d}" for i in range(19)]
    lines = []
    for r in range(1, 7):
        rng.shuffle(others)
        if r in (1, 6):
            lines += [Line(r, 0, "p00"), Line(r, 1, "p00")]
            lines += [Line(r, 2 if s >= 12 else s // 6, q) for s, q in enumerate(others)]
        else:
            lines += [Line(r, 0, "p00")]
            lines += [Line(r, (s + 1) // 7, q) for s, q in enumerate(others[:20])]
    got = colour(lines, 7)
    mine = [(line.round, k) for line, k in zip(lines, got, strict=True) if line.player == "p00"]
    assert len({k for r, k in mine if r == 6}) == 2
    assert len(mine) - len({k for _, k in mine}) == 1


@settings(max_examples=60, deadline=None)
@given(
    boards=st.integers(1, 4),
    rounds=st.integers(2, 6),
    played_rounds=st.integers(0, 5),
    seed=st.integers(0, 2**16),
    two_boarder=st.booleans(),
)
def test_the_repair_equals_its_first_writing_move_for_move(
    boards: int, rounds: int, played_rounds: int, seed: int, two_boarder: bool
) -> None:
    # The repair keeps each player's seats in need of a swap as it goes; the oracle works every
    # seat out afresh at each move. Powers played at random (many repeats to repair).
    rng = random.Random(seed)
    two_boarder = two_boarder and boards > 1
    names = [f"p{i:02d}" for i in range(7 * boards - (1 if two_boarder else 0))]
    lines: list[Line] = []
    for r in range(1, rounds + 1):
        seated = names[:]
        rng.shuffle(seated)
        if two_boarder:
            seated.insert(7 * (boards - 1), seated[0])  # on the first and the last board
        for b in range(boards):
            powers = list(range(7))
            rng.shuffle(powers)
            for k, p in enumerate(seated[7 * b : 7 * b + 7]):
                lines.append(Line(r, b, p, powers[k] if r <= played_rounds else None))
    free = [e for e, line in enumerate(lines) if line.power is None]
    played: dict[str, list[int]] = {}
    for line in lines:
        if line.power is not None:
            played.setdefault(line.player, [0] * 7)[line.power] += 1
    start = [rng.randrange(7) for _ in free]
    for b in range(0, len(free), 7):  # each board of the free lines a permutation
        start[b : b + 7] = rng.sample(range(7), len(start[b : b + 7]))
    got = repair(lines, start, free, played, 7, seed=seed)
    assert got == reference_repair(lines, start, free, played, 7, seed=seed)
