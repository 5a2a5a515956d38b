"""The chaos game: listed by centres, never scored (seed 002, "Chaos Game")."""

from palmares.diplomacy.chaos import ChaosEntry, ChaosGame


def test_ranked_by_centres_then_by_surviving_longer() -> None:
    game = ChaosGame(
        (
            ChaosEntry("a", 3), ChaosEntry("b", 5), ChaosEntry("c", 0, 1903),
            ChaosEntry("d", 0, 1905), ChaosEntry("e", 3),
        )
    )  # fmt: skip
    assert [(r, e.player) for r, e in game.ranked()] == [
        (1, "b"), (2, "a"), (2, "e"), (4, "d"), (5, "c"),
    ]  # fmt: skip
