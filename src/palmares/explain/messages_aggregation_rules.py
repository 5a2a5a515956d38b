"""The whole rule of each tournament aggregation, as
``palmares diplomacy aggregations SLUG`` prints it (issue 35): the key
``aggregation.<module>.rule`` that the pure registries set, its English
(the module's own docstring, word for word: ``tests/cli/diplomacy/test_systems_french.py`` keeps
the two in step) and its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["AGGREGATION_RULES"]

AGGREGATION_RULES: dict[str, str] = {
    "aggregation.ante.rule": N_(
        "The ante system, the tournament score of the 2007 World Diplomacy Championship.\n"
        "\n"
        'Seed 002, Appendix A ("Short" and "Long Explanation"): everyone begins '
        "with 100 points; before\n"
        "each game a player antes (stakes) 10 % of their current score into the board's "
        "pot; after the\n"
        "game each player takes their share of the pot, which for Divide and Conquer is "
        "the raw score in\n"
        "percent. new score = current − stake + share · pot. Example 1: Austria 100 − 10 "
        "+ 64.47 % · 70\n"
        "= 135.129, and stakes 13.5129 next round.\n"
        "\n"
        "Our reading (specs/diplomacy.md):\n"
        "\n"
        "- A player on two boards in one round stakes ``stake`` × the score they had "
        "*before that round*\n"
        "  on each board, and takes from each pot.\n"
        "- A board-scoring system whose board total is not 100 pays score / board total "
        "of the pot\n"
        "  (:meth:`BoardScore.share`); Divide and Conquer's total is 100, so the share "
        "is the raw score\n"
        "  in percent, rounded to two decimals as the seed pays it.\n"
        "- Scores are exact (Fractions) and never rounded between rounds; only the words round.\n"
        '- The fewer-games adjustment (seed 002, "Top Board"): after round '
        "``adjust_after`` (5), a player\n"
        "  who played in only two of rounds 1–5 is adjusted as if they had played a "
        "third game and been\n"
        "  eliminated: they lose a stake of their current score and take nothing. One "
        "who played in only\n"
        "  one round loses two such stakes, one after the other (× 0.9 × 0.9). Rounds "
        "are counted, not\n"
        "  boards: a two-boarder played in one round. A player who played in none of "
        "rounds 1–5 is not\n"
        "  adjusted. (If no round 5 was played, the adjustment follows the last round "
        "before it.) The\n"
        "  adjustment changes the score itself, so it carries into round 6 and the final\n"
        '  standings; it is its own :class:`Line` (``kind="adjustment"``). It is '
        "the one step of the\n"
        "  ante that removes points from the tournament."
    ),
    "aggregation.best_games.rule": N_(
        "Best N games in any rounds: the sum of a player's N best board scores, wherever played.\n"
        "\n"
        "Two games of the same round may both count. With N games or fewer, every game "
        "counts. Default\n"
        'N = 3; dipvis offers 3 and 4, and N = 1 is its "best single game result"\n'
        "(``best-games:n=1``). Ties broken by the declared chain (``tiebreak=…``).\n"
        "\n"
        'Source: dipvis (UEWBot/dipvis, tournament scoring "Sum best 3 games in any '
        'rounds", "… 4 games",\n'
        '"Best single game result").'
    ),
    "aggregation.best_rounds.rule": N_(
        "Best N rounds: the sum of a player's N best rounds.\n"
        "\n"
        "A round's score is the player's best board score in that round (a two-boarder's "
        "other game in\n"
        'the same round does not add), as the dipvis tool\'s "best game counts" '
        "round score does. The N\n"
        "best rounds count; with fewer than N rounds played, every round counts. Equal "
        "round scores are\n"
        "taken in round order (the earlier first), which changes no total. Default N = "
        "2; dipvis offers\n"
        "2, 3 and 4 (``best-rounds:n=3``). Ties broken by the declared chain (``tiebreak=…``).\n"
        "\n"
        'Source: dipvis (UEWBot/dipvis, tournament scoring "Sum best 2 rounds", "… 3 rounds",\n'
        '"… 4 rounds"; round score "best game counts"); KublaCon (WDD: "best 2 '
        "scores count out of\n"
        'three rounds").'
    ),
    "aggregation.best_two_plus.rule": N_(
        "Best two plus a fraction of the rest.\n"
        "\n"
        "A player's N best board scores count in full (N = 2); the other games add "
        "``fraction`` (1/2) of\n"
        "their average: with games g1 ≥ g2 ≥ … ≥ gk, total = g1 + g2 + fraction × (g3 + "
        "… + gk) / (k − 2),\n"
        "each remaining game counting with weight fraction / (k − 2). A player with N "
        "games or fewer\n"
        "counts them all in full. ``best-two-plus:n=2,fraction=1/2`` is the published "
        "variant; other\n"
        "fractions and N are parameters. Ties broken by the declared chain (``tiebreak=…``).\n"
        "\n"
        'Source: dipvis (UEWBot/dipvis, tournament scoring "Sum best 2 games plus '
        "half the average of\n"
        'the rest").'
    ),
    "aggregation.pool_multiplier.rule": N_(
        "Pool score multiplier: the sum of all rounds, with the top board's scores multiplied.\n"
        "\n"
        "A board flagged ``top_board`` in boards.csv (the final pool of the best players) counts\n"
        '``factor`` times its board scores (3/2 by default: "a multiplication '
        'bonus, i.e. 150%"); every\n'
        "other board counts once. Ties broken by the declared chain (``tiebreak=…``).\n"
        "\n"
        "Source: the top-board options proposed for the dipvis tool (UEWBot/dipvis issue "
        "83: a top board\n"
        '"stand-alone" with "score results" and a "multiplication bonus (i.e. 150%)").'
    ),
    "aggregation.round_ranks.rule": N_(
        "Sum of round ranks: low is best.\n"
        "\n"
        "Each round, the players who played it are ranked by their round score (their "
        "best board score\n"
        "in the round), competition style: equal scores share the better place (1, 2, 2, "
        "4). A player's\n"
        "tournament score is the sum of their round ranks, and the lowest sum wins. A "
        "round a player\n"
        "missed counts as one place below everyone who played it (players in the round + 1). With\n"
        "``best=N`` only the N best (lowest) round ranks count, as the KublaCon and "
        "Conquest rankings\n"
        "take the best two (``round-ranks:best=2``). Ties in the sums are broken by the "
        "declared chain\n"
        "(``tiebreak=…``), the counted games being those of the counted rounds.\n"
        "\n"
        'Sources: World Diplomacy Database, "KublaCon Ranking System" and "Conquest '
        'Sum of Rankings"\n'
        "(Edi Birsan: each round scored and ranked, the best two rankings summed into a "
        "master ranking);\n"
        'our spec ("sums of round ranks"). The rank of a missed round is our '
        "decision (the sources\n"
        "only ever count played rounds)."
    ),
    "aggregation.sit_out.rule": N_(
        "Sit-out bonus: the sum of all rounds, plus a bonus for a round a player sat out.\n"
        "\n"
        "When the number of players is not a multiple of seven, some sit out a "
        'round (seed 002, "Board\n'
        'call": the TD chooses sitters). So that sitting out does not cost a place, '
        "a player who missed a\n"
        "round is credited, for at most ``max`` such rounds (1), with ``bonus``: ``average`` (the\n"
        "default) credits the average board score of every game played in that round; a "
        "number credits\n"
        "that many points. The missed rounds credited are the earliest. A player who "
        "appears in no round\n"
        "at all is not in the standings. Ties broken by the declared chain (``tiebreak=…``).\n"
        "\n"
        "Source: our reading (the spec names the sit-out bonus among the aggregations "
        "but gives no\n"
        "figures; no published rule with figures was found), with the amount and the "
        "number of rounds\n"
        "as parameters."
    ),
    "aggregation.sum_of_rounds.rule": N_(
        "Sum of all rounds: a player's tournament score is the sum of every board score "
        "they made.\n"
        "\n"
        "A player on two boards in a round counts both. Ties in the standings are broken "
        "by the declared\n"
        "chain (``tiebreak=best-game/centres/head-to-head``; none by default: tied "
        "players share a rank).\n"
        "\n"
        'Source: the common aggregation named in our spec (shared/specs/diplomacy.md, "Tournament\n'
        'aggregations in use besides the ante": sum of all rounds).'
    ),
}
