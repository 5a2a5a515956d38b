"""The ante system against seed 002, Appendix A, Examples 1 and 2, and its conservation laws."""

from collections.abc import Mapping
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.core.errors import PalmaresError
from palmares.diplomacy.aggregation import get_aggregation
from palmares.diplomacy.aggregation.ante import Ante, AnteGame, FewerGames, fewer_games_adjustment
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.scoring import get_system
from palmares.explain import explain_text

DNC = get_system("divide-and-conquer")
EXAMPLE_1 = {"Austria": 15, "England": 10, "France": 5, "Germany": 0, "Italy": 2,
             "Russia": 0, "Turkey": 2}  # fmt: skip
EXAMPLE_2 = {"Austria": 0, "England": 0, "France": 0, "Germany": 7, "Italy": 8,
             "Russia": 9, "Turkey": 10}  # fmt: skip


def board(rnd: int, name: str, centres: Mapping[str, int], players: list[str]) -> PlayedBoard:
    seats = tuple(
        Seat(power, player, centres[power])
        for power, player in zip(GREAT_POWERS, players, strict=True)
    )
    return PlayedBoard(rnd, name, seats)


def test_example_1() -> None:
    """Austria: 100 − 10 + 64.47 % · 70 = 135.129; next stake 13.5129. England 106.877,
    France 94.998 (seed 002, Appendix A, Example 1)."""
    standings = Ante().aggregate([board(1, "1", EXAMPLE_1, list(GREAT_POWERS))], DNC)
    scores = {s.player: s.score for s in standings.players}
    assert scores["Austria"] == Fraction("135.129")
    assert scores["England"] == Fraction("106.877")
    assert scores["France"] == Fraction("94.998")
    assert Ante().next_stake(scores["Austria"]) == Fraction("13.5129")
    line = standings.of("Austria").lines[0]
    assert line.step == AnteGame(
        stake_rate=Fraction(1, 10),
        base=Fraction(100),
        stake=Fraction(10),
        pot=Fraction(70),
        share=Fraction("0.6447"),
        board_total=Fraction(100),
        next_stake=Fraction("13.5129"),
    )
    assert line.points == Fraction("45.129")
    assert explain_text(line, "en") == (
        "Round 1, board 1, Austria (15 centres): stakes 10% of 100 = 10 into a pot of 70; "
        "raw score 64.47: takes 64.47% of the pot = 45.129; new score 100 − 10 + 45.129 = "
        "135.129."
    )


def test_example_1_next_round_stake_is_13_5129() -> None:
    rounds = [
        board(1, "1", EXAMPLE_1, list(GREAT_POWERS)),
        board(2, "1", EXAMPLE_2, list(GREAT_POWERS)),
    ]
    line = Ante().aggregate(rounds, DNC).of("Austria").games_in(2)[0]
    assert isinstance(line.step, AnteGame) and line.step.stake == Fraction("13.5129")
    assert "stakes 10% of 135.129 = 13.5129" in explain_text(line, "en")


def test_example_2() -> None:
    """Turkey 113.66, Russia 109.089, Italy 105.239, Germany 102.012, the rest 90."""
    standings = Ante().aggregate([board(1, "1", EXAMPLE_2, list(GREAT_POWERS))], DNC)
    scores = {s.player: s.score for s in standings.players}
    assert scores == {
        "Turkey": Fraction("113.66"), "Russia": Fraction("109.089"),
        "Italy": Fraction("105.239"), "Germany": Fraction("102.012"),
        "Austria": 90, "England": 90, "France": 90,
    }  # fmt: skip
    assert [s.rank for s in standings.players] == [1, 2, 3, 4, 5, 5, 5]


def test_a_two_boarder_stakes_the_pre_round_score_on_each_board() -> None:
    """Round 1: x plays Austria on board 1 (Example 1) → 135.129. Round 2: x plays Austria on
    board 1 (Example 1 again) and Turkey on board 2 (Example 2). Each board takes 13.5129 from x.
    Board 1's pot: 13.5129 + 6 × 10 … no — the others there start fresh from round 1's scores.
    Board 2 is all newcomers at 100 except x: pot = 6 · 10 + 13.5129 = 73.5129;
    x takes 33.80 % = 24.847360… Board 1: players p2…p7 of round 1 again with their round-1
    scores; the pot is 13.5129 + 10.6877 + 9.4998 + 9 + 9.1498 + 9 + 9.1498 = 70
    (round 1 conserved 700 → 700, so the stakes sum to 70); x takes 64.47 % · 70 = 45.129.
    x after round 2 = 135.129 − 2 · 13.5129 + 45.129 + 0.338 · 73.5129."""
    names = ["x", "e", "f", "g", "i", "r", "t"]
    rounds = [
        board(1, "1", EXAMPLE_1, names),
        board(2, "1", EXAMPLE_1, names),
        board(2, "2", EXAMPLE_2, ["n1", "n2", "n3", "n4", "n5", "n6", "x"]),
    ]
    standing = Ante().aggregate(rounds, DNC).of("x")
    first, second = standing.games_in(2)
    assert isinstance(first.step, AnteGame) and isinstance(second.step, AnteGame)
    assert first.step.stake == second.step.stake == Fraction("13.5129")
    assert first.step.pot == 70
    assert second.step.pot == Fraction("73.5129")
    assert first.step.next_stake is None  # x plays a second board this round
    assert second.step.next_stake == standing.after[2] / 10
    expected = (
        Fraction("135.129") - 2 * Fraction("13.5129") + Fraction("45.129")
        + Fraction("0.338") * Fraction("73.5129")
    )  # fmt: skip
    assert standing.score == expected
    assert standing.games == 3


def test_fewer_games_adjustment_on_its_own() -> None:
    """Two of five rounds: one assumed lost game, 10 % of the score; one round: two, in turn;
    none or three: unchanged. It is the step that removes points."""
    two = fewer_games_adjustment(Fraction(120), 2, stake=Fraction(1, 10))
    assert (two.missing_games, two.after) == (1, Fraction(108))
    one = fewer_games_adjustment(Fraction(120), 1, stake=Fraction(1, 10))
    assert one.steps == ((Fraction(12), Fraction(108)), (Fraction("10.8"), Fraction("97.2")))
    assert fewer_games_adjustment(Fraction(120), 0, stake=Fraction(1, 10)).after == 120
    assert fewer_games_adjustment(Fraction(120), 3, stake=Fraction(1, 10)).after == 120


def test_the_adjustment_is_applied_after_round_5_as_its_own_line() -> None:
    """Seven players play rounds 1 and 2 (Example 1 twice), seven others play rounds 1–5
    (Example 2 five times). After round 5 the first seven have two rounds and lose 10 %."""
    a = [f"a{i}" for i in range(7)]
    b = [f"b{i}" for i in range(7)]
    rounds = [board(r, "1", EXAMPLE_1, a) for r in (1, 2)]
    rounds += [board(r, "2", EXAMPLE_2, b) for r in range(1, 6)]
    standings = Ante().aggregate(rounds, DNC)
    a0 = standings.of("a0")
    adjustment = a0.lines[-1]
    assert adjustment.kind == "adjustment" and adjustment.round == 5
    assert adjustment.after == adjustment.before * Fraction(9, 10)
    assert a0.score == a0.score_after(5) == adjustment.after
    assert "played in only 2 of rounds 1–5" in explain_text(adjustment, "en")
    assert isinstance(adjustment.step, FewerGames) and adjustment.step.missing_games == 1
    assert all(x.kind != "adjustment" for x in standings.of("b0").lines)
    assert Ante(adjust_after=0).aggregate(rounds, DNC).of("a0").score == adjustment.before


def test_parameters_from_text() -> None:
    ante = get_aggregation("ante:stake=20%,start=50")
    assert ante == Ante(start=Fraction(50), stake=Fraction(1, 5))
    with pytest.raises(PalmaresError, match="ante: the stake must be between 0 and 1, got 2"):
        get_aggregation("ante:stake=2")
    with pytest.raises(PalmaresError, match="unknown aggregation 'antes'"):
        get_aggregation("antes")


def test_a_system_whose_board_total_is_not_100_pays_score_over_total() -> None:
    """A system worth 5 + 3 + 2 = 10 on a board pays 5/10 of the pot: of 70, 35."""
    from palmares.diplomacy.board import Board
    from palmares.diplomacy.scoring.base import BoardScore

    class Centres:
        def score(self, b: Board) -> BoardScore:
            return BoardScore(b, "centres", {p: c for p, c in b.centres.items()})

    centres = dict.fromkeys(GREAT_POWERS, 0) | {"Austria": 5, "England": 3, "France": 2}
    standings = Ante().aggregate([board(1, "1", centres, list(GREAT_POWERS))], Centres())
    assert standings.of("Austria").score == 90 + 35
    assert "board score 5 of a board total of 10: takes 50% of the pot" in (
        explain_text(standings.of("Austria").lines[0], "en")
    )


# --- conservation (hypothesis) --------------------------------------------------------------


def _fit(counts: list[int], left: int = 34) -> list[int]:
    out = []
    for c in counts:
        out.append(min(c, left))
        left -= out[-1]
    return out


counts = st.lists(st.integers(0, 17), min_size=7, max_size=7).map(_fit).filter(lambda c: sum(c))
players = [f"p{i}" for i in range(14)]


@st.composite
def tournaments(draw: st.DrawFn) -> list[PlayedBoard]:
    boards = []
    for rnd in (1, 2, 3):
        order = list(draw(st.permutations(players)))
        if draw(st.booleans()):
            # A two-boarder: order[0] also takes order[13]'s seat on board 2 (never the same
            # power: board 1 seats them first, board 2 last).
            order[13] = order[0]
        for b in (0, 1):
            centres = dict(zip(GREAT_POWERS, draw(counts), strict=True))
            boards.append(board(rnd, str(b + 1), centres, order[7 * b : 7 * b + 7]))
    return boards


@settings(max_examples=25, deadline=None)
@given(tournaments())
def test_the_ante_conserves_points_within_a_round(boards: list[PlayedBoard]) -> None:
    exact = Ante().aggregate(boards, get_system("divide-and-conquer:rounded=no"))
    rounded = Ante().aggregate(boards, DNC)
    for standings in (exact, rounded):
        before = Fraction(100 * len(standings.players))
        for rnd in (1, 2, 3):
            after = sum((s.after[rnd] for s in standings.players), start=Fraction(0))
            pots = [
                line.step.pot
                for s in standings.players
                for line in s.games_in(rnd)
                if line.power == "Austria" and isinstance(line.step, AnteGame)
            ]
            if standings is exact:
                assert abs(float(after - before)) <= 1e-9
            else:
                # Rounded raw scores sum to 100 ± 0.03 (every board of ≤ 34 centres checked:
                # see test_rounded_raw_scores_can_miss_100_by_three_cents), so a round moves
                # at most 0.03 % of each pot in or out.
                assert abs(after - before) <= sum(Fraction(3, 10000) * p for p in pots)
            before = after


def test_rounded_raw_scores_can_miss_100_by_three_cents() -> None:
    """The issue hoped for 0.01 % of the pot; seven rounded shares can miss by 0.03: 16 5 4 4 2
    2 1 rounds to 77.34 + 7.11 + 5.16 + 5.16 + 2.14 + 2.14 + 0.98 = 100.03. (An exhaustive run
    over every board of at most 34 centres found no board beyond ±0.03.)"""
    centres = dict(zip(GREAT_POWERS, (16, 5, 4, 4, 2, 2, 1), strict=True))
    standings = Ante().aggregate([board(1, "1", centres, list(GREAT_POWERS))], DNC)
    total = sum(s.score for s in standings.players)
    assert total == 700 + Fraction("0.0003") * 70


@settings(max_examples=50)
@given(
    st.fractions(min_value=0, max_value=1000, max_denominator=10_000),
    st.integers(0, 5),
    st.sampled_from([Fraction(1, 10), Fraction(1, 5), Fraction(1, 20)]),
)
def test_the_adjustment_only_removes_points(score: Fraction, played: int, stake: Fraction) -> None:
    """The fewer-games adjustment on its own: it never adds points; a player with 1 or 2 rounds
    keeps (1 − stake)^(3 − rounds) of the score, everyone else all of it."""
    result = fewer_games_adjustment(score, played, stake=stake)
    missing = 3 - played if played in (1, 2) else 0
    assert result.after == score * (1 - stake) ** missing
    assert result.after <= score
    assert sum(lost for lost, _ in result.steps) == score - result.after


def test_the_adjustment_follows_round_4_when_round_5_is_missing() -> None:
    a = [f"a{i}" for i in range(7)]
    rounds = [board(r, "1", EXAMPLE_1, a) for r in (1, 6)]
    rounds += [board(r, "2", EXAMPLE_2, [f"b{i}" for i in range(7)]) for r in (1, 2, 3, 4, 6)]
    adjustment = [x for x in Ante().aggregate(rounds, DNC).of("a0").lines if x.kind != "game"]
    assert [x.kind for x in adjustment] == ["absent", "absent", "absent", "adjustment"]
    assert adjustment[-1].round == 4
    assert adjustment[-1].after == Fraction("135.129") * Fraction("0.81")


def test_the_fewer_games_adjustment_applies_only_when_its_round_is_reached() -> None:
    """Made after round ``adjust_after`` (5): never in a 3- or 4-round event, nor when off."""
    assert not Ante().adjusts(3) and not Ante().adjusts(4)
    assert Ante().adjusts(5) and Ante().adjusts(7)
    assert Ante(adjust_after=2).adjusts(3)
    assert not Ante(adjust_after=0).adjusts(7)
    assert not Ante(min_rounds=1).adjusts(7)
