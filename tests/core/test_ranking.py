import itertools

from hypothesis import given
from hypothesis import strategies as st

from palmares.core.ranking import competition_ranks, tie_groups


def test_competition_ranking_shares_the_best_place() -> None:
    # Seed 000, Dip in the Ocean 2004: 64.58 twice at 9th, then 11th.
    scores = {"Scott": 68.75, "O'Connor": 64.58, "Shields": 64.58, "Basden": 56.25}
    assert competition_ranks(scores) == {"Scott": 1, "O'Connor": 2, "Shields": 2, "Basden": 4}


def test_low_is_best() -> None:
    assert competition_ranks({"a": 8, "b": 3, "c": 8}, descending=False) == {"a": 2, "b": 1, "c": 2}


def test_tie_group_spans_places() -> None:
    groups = tie_groups([10, 7, 7, 7, 2], key=lambda x: x)
    assert [(g.rank, g.size, list(g.places)) for g in groups] == [
        (1, 1, [1]),
        (2, 3, [2, 3, 4]),
        (5, 1, [5]),
    ]


def test_empty() -> None:
    assert tie_groups([], key=lambda x: x) == []


@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 100)), max_size=30),
    st.booleans(),
)
def test_tie_groups_are_the_stable_sort_grouped(items: list[tuple[int, int]], down: bool) -> None:
    """Each item's key is worked out once; the groups are what a stable sort by the key, cut
    where the key changes, gives (members in the input's order within a group)."""
    calls: list[tuple[int, int]] = []

    def key(item: tuple[int, int]) -> int:
        calls.append(item)
        return item[0]

    groups = tie_groups(items, key=key, descending=down)
    assert len(calls) == len(items)
    expected, place = [], 1
    for _, run in itertools.groupby(
        sorted(items, key=lambda i: i[0], reverse=down), lambda i: i[0]
    ):
        members = tuple(run)
        expected.append((place, members))
        place += len(members)
    assert [(g.rank, g.members) for g in groups] == expected
