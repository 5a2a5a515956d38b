"""The whole rule of each board-scoring system from OMG to Your Draw Size (the others in
:mod:`palmares.explain.messages_system_rules`), as
``palmares diplomacy systems SLUG`` prints it (issue 35): the key
``system.<module>.rule`` that the pure registries set, its English
(the module's own docstring, word for word: ``tests/cli/diplomacy/test_systems_french.py`` keeps
the two in step) and its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["SYSTEM_RULES_2"]

SYSTEM_RULES_2: dict[str, str] = {
    "system.omg.rule": N_(
        "Open Mind the Gap (OMG).\n"
        "\n"
        "Rule: with no solo, every power scores 1.5 per final centre, 9 for surviving, "
        "and 4.5 / 3 / 1.5\n"
        "for places 1st–3rd by centres, powers that tie sharing the points of the places "
        "they span (two\n"
        "tied for 2nd get (3 + 1.5) / 2 = 2.25 each). Then, when one power tops the "
        "board alone, every\n"
        "other power pays it a tribute equal to the topper's lead over the 2nd place (in "
        "centres), but\n"
        "never more than half of that power's own score so far. A soloist scores 100 and "
        "the others 0.\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/open_mind_the_gap.py, system description)."
    ),
    "system.open_tribute.rule": N_(
        "OpenTribute.\n"
        "\n"
        "Rule: with no solo, every survivor starts from 34 + 3 per final centre; every "
        "power (the dead\n"
        "too) then pays the board topper 1 point per centre it trails the topper by (a "
        "dead power pays the\n"
        "topper's whole count, and a survivor cannot be left below 0 since it always "
        "keeps 34 + 3c − gap\n"
        "> 0). The dead end on 0. When k powers share the top, each receives the total "
        "tribute divided by\n"
        "k², rounded down to a whole point. A soloist scores 340 and the others 0.\n"
        "\n"
        'Source: our spec (shared/specs/diplomacy.md, "Other board-scoring '
        'systems": OpenTribute, boards D\n'
        "and S); dipvis (UEWBot/dipvis, game_scoring/open_tribute.py, system description)."
    ),
    "system.ranked_classic.rule": N_(
        "Ranked Classic.\n"
        "\n"
        "Rule: with no solo, each survivor scores 10 per final centre plus 30 for "
        "surviving plus a rank\n"
        "bonus by its place among the board by centres: 200, 90, 60, 40, 30, 20, 10 for "
        "1st–7th. Two\n"
        "powers tied for a place both take that place's two-way value instead: 135, 70, "
        "50, 35, 25, 15 for\n"
        "a tie at 1st … 6th. Three or more tied all take the value of the lowest place "
        "they span. A dead\n"
        "power scores only 1 per year survived. With a solo the soloist scores 550 and "
        "every other power\n"
        "1 per year survived (a survivor to the solo year).\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/ranked_classic.py, system "
        "description; checked\n"
        "again against its source of 2026-08-07). ``ranked-classic-v2`` "
        "(``ranked_classic_v2.py``) differs\n"
        "only in how three or more tied powers score."
    ),
    "system.ranked_classic_v2.rule": N_(
        "Ranked Classic v2.\n"
        "\n"
        "Rule: as Ranked Classic (``ranked_classic.py``: 10 per centre, 30 for "
        "surviving, a rank bonus of\n"
        "200, 90, 60, 40, 30, 20, 10 for 1st-7th, 135, 70, 50, 35, 25, 15 for a two-way "
        "tie at 1st-6th;\n"
        "dead 1 per year survived; a solo 550, the others 1 per year survived), except "
        "for a rank shared\n"
        "by three or more powers: they all take the two-way-tie value of the "
        "second-lowest place the tie\n"
        "spans. Three tied for 1st span 1st-3rd and score as tied 2nd (70 each); four "
        "tied for 4th span\n"
        "4th-7th and score as tied 6th (15 each). On seven powers the second-lowest "
        "place of a tie is\n"
        "6th at most, so a two-way value always exists (past it the bonus would be 0). "
        "Dead powers tied on\n"
        "0 centres score only their years survived, whatever places they span.\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/ranked_classic.py and "
        'g_scoring_systems.py, "Ranked\n'
        'Classic v2", added 2026-07-15; system description: "If a rank is tied by '
        "3+ players, all players\n"
        'receive rank points as if there was a two way tie for the second lowest position").'
    ),
    "system.solo_or_bust.rule": N_(
        "Solo or bust.\n"
        "\n"
        "Rule: only a solo scores. The soloist (or the one power a game is conceded to) "
        "scores 100; every\n"
        "other result, draws included, scores 0 for everyone.\n"
        "\n"
        'Source: dipvis (UEWBot/dipvis, game_scoring/solos.py: "Solo or bust", system description).'
    ),
    "system.southern_sun.rule": N_(
        "Southern Sun.\n"
        "\n"
        "Rule: with no solo, each survivor scores 30 for surviving plus 10 per final "
        "centre plus rank\n"
        "points from a Fibonacci-like scale by place among the survivors: 130, 80, 50, "
        "30, 20, 10, 10 for\n"
        "1st–7th (only as many places as there are survivors are paid). Survivors on "
        "equal centres share\n"
        "the average of the places they span, rounded to the nearest whole point, halves "
        "up (a two-way top\n"
        "gets (130 + 80) / 2 = 105 each; three sharing 2nd get (80 + 50 + 30) / 3 = "
        "53.33 → 53 each). A\n"
        "dead power scores 3 per game year played (counting the year it was eliminated) "
        "and no rank\n"
        "points. A soloist scores 500 and the others 0.\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/southern_sun.py, system description)."
    ),
    "system.sum_of_squares.rule": N_(
        "Sum of Squares.\n"
        "\n"
        "Rule: each power's final centre count is squared; the squares are rescaled so "
        "that the board\n"
        "totals 100 (a power's score is 100 · c² / Σ c²). A soloist (or the power a game "
        "is conceded to)\n"
        "scores 100 and everyone else 0.\n"
        "\n"
        'Source: our spec (shared/specs/diplomacy.md, "Other board-scoring '
        'systems"; reference boards D and\n'
        "S); the system as described in the dipvis tournament tool (UEWBot/dipvis,\n"
        "game_scoring/sum_of_squares.py, system description)."
    ),
    "system.sydney_league.rule": N_(
        "Sydney League.\n"
        "\n"
        "Rule: every power is placed by final centres, the dead below the survivors by "
        "elimination year\n"
        "(later is better); places 1st–7th are worth 700, 600, 500, 400, 300, 200, 100 "
        "and powers that tie\n"
        "share the average of the places they span. Each survivor adds 25 per final "
        "centre; each dead\n"
        "power adds 1 per year played (counting the year it was eliminated). When a "
        "power solos, its score\n"
        "so computed is multiplied by 1.5 and every other power's by 0.5.\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/sydney_league.py, system description)."
    ),
    "system.tribute.rule": N_(
        "Tribute.\n"
        "\n"
        "Rule: with no solo, every power scores 1 per final centre, and the survivors "
        "share 66 points\n"
        "equally. When the board topper has more than 6 centres, each other survivor "
        "pays each topper a\n"
        "tribute of (topper's centres − 6), never more than its own share of the 66; "
        "with several toppers\n"
        "the tribute collected is split equally between them. A soloist scores 100 and "
        "the others 0.\n"
        "\n"
        'Source: our spec (shared/specs/diplomacy.md, "Other board-scoring '
        'systems": Tribute, boards D\n'
        "and S); dipvis (UEWBot/dipvis, game_scoring/tribute.py, system description)."
    ),
    "system.vulcan.rule": N_(
        "Vulcan.\n"
        "\n"
        "Rule: a dead power scores 0. With no solo, each survivor scores 5 for "
        "surviving, 1 per final\n"
        "centre, and 1 for every centre between it and each power below it (dead powers "
        "included: the sum\n"
        "over every power with fewer centres of the difference); the board toppers share "
        "a 10-point\n"
        "topping bonus. With a solo the soloist scores 130 and every other survivor 5.\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/vulcan.py, system description)."
    ),
    "system.whipping.rule": N_(
        "Whipping.\n"
        "\n"
        "Rule: with no solo, a dead power scores 1 per year played (counting the year it "
        "was eliminated);\n"
        "each survivor scores 10 per final centre plus an equal share of 60 points split "
        "between the\n"
        "survivors; a lone board topper adds twice its centre count (no bonus when the "
        "top is shared).\n"
        "With a solo the soloist scores 468 and every other power scores as if "
        "eliminated, a survivor in\n"
        "the solo year.\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/whipping.py and "
        "g_scoring_systems.py for the 468)."
    ),
    "system.world_classic.rule": N_(
        "World Classic and Summer Classic.\n"
        "\n"
        "Rule (World Classic): with no solo, each survivor scores 10 per final centre plus 30 for\n"
        "surviving, and the board toppers share a 48-point pool equally. A dead power "
        "scores 1 per year\n"
        "it survived (year of elimination − 1901), whatever the result. With a solo, the "
        "soloist scores\n"
        "420, each other survivor 1 per year survived up to the solo year, and the dead "
        "as before.\n"
        "\n"
        "- ``world-classic``: as above.\n"
        "- ``summer-classic``: the topping pool is paid only when one or two powers top "
        "(48, or 24 each);\n"
        "  a three-way or larger top gets nothing.\n"
        "\n"
        'Sources: our spec (shared/specs/diplomacy.md, "Other board-scoring '
        'systems", boards D and S);\n'
        "dipvis (UEWBot/dipvis, game_scoring/world_classic.py, both descriptions)."
    ),
    "system.your_draw_size.rule": N_(
        "Your Draw Size.\n"
        "\n"
        "Rule: with no solo, each power scores by the band its final centre count falls "
        "in: 14–17 centres\n"
        "105, 11–13 → 70, 8–10 → 42, 4–7 → 30, 1–3 → 21, none 0. A soloist scores 300 in "
        "the short-game\n"
        "version (``your-draw-size-300``) or 320 in the unlimited-game version "
        "(``your-draw-size-320``);\n"
        "everyone else on a soloed board scores 0.\n"
        "\n"
        "Source: dipvis (UEWBot/dipvis, game_scoring/your_draw_size.py and "
        'g_scoring_systems.py, "Your Draw\n'
        'Size (short games)" 300 and "(unlimited games)" 320).'
    ),
}
