"""Properties of the catalogue's aggregations on random small tournaments (hypothesis).

- the sum of all rounds hands out exactly the board scores;
- no standing depends on the order of the boards;
- the best N games with N at least the games played is the sum; best two plus 0 × the rest is
  the best two games;
- ranks follow the scores (high best, or low best for round ranks), ties share a rank without a
  tie-break chain, and every player appears once.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.aggregation import Standings, all_aggregations, get_aggregation
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from tests.diplomacy.aggregation.small import CentresScore

PLAYERS = [f"P{i}" for i in range(10)]
CATALOGUE = [a.slug for a in all_aggregations() if a.slug != "ante"]


@st.composite
def tournaments(draw: st.DrawFn) -> list[PlayedBoard]:
    boards: list[PlayedBoard] = []
    for rnd in range(1, draw(st.integers(2, 4)) + 1):
        for board in range(1, draw(st.integers(1, 2)) + 1):
            seated = draw(st.permutations(PLAYERS))[:7]
            centres = draw(st.lists(st.integers(0, 9), min_size=7, max_size=7))
            seats = tuple(
                Seat(power, player, count)
                for power, player, count in zip(GREAT_POWERS, seated, centres, strict=True)
            )
            boards.append(PlayedBoard(rnd, str(board), seats, top_board=rnd == 3))
    return boards


def totals(standings: Standings) -> dict[str, Fraction]:
    return {s.player: Fraction(s.score) for s in standings.players}


@settings(max_examples=40, deadline=None)
@given(tournaments(), st.data())
def test_catalogue_properties(boards: list[PlayedBoard], data: st.DataObject) -> None:
    system = CentresScore()
    players = {p for b in boards for p in b.players}
    shuffled = data.draw(st.permutations(boards))
    for slug in CATALOGUE:
        got = get_aggregation(slug).aggregate(boards, system)
        assert len(got.players) == len(players), slug
        assert {s.player for s in got.players} == players, slug
        again = get_aggregation(slug).aggregate(shuffled, system)
        assert totals(again) == totals(got), slug
        assert {s.player: s.rank for s in again.players} == {s.player: s.rank for s in got.players}
        low = slug == "round-ranks"
        for a in got.players:
            for b in got.players:
                if a.score == b.score:
                    assert a.rank == b.rank, slug
                elif (a.score < b.score) != low:
                    assert a.rank > b.rank, slug
    everything = sum(Fraction(c) for b in boards for c in (s.centres for s in b.seats))
    assert sum(totals(get_aggregation("sum").aggregate(boards, system)).values()) == everything
    assert totals(get_aggregation("best-games:n=8").aggregate(boards, system)) == totals(
        get_aggregation("sum").aggregate(boards, system)
    )
    assert totals(get_aggregation("best-two-plus:fraction=0").aggregate(boards, system)) == totals(
        get_aggregation("best-games:n=2").aggregate(boards, system)
    )
