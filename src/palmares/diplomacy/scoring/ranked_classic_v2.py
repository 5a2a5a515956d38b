"""Ranked Classic v2.

Rule: as Ranked Classic (``ranked_classic.py``: 10 per centre, 30 for surviving, a rank bonus of
200, 90, 60, 40, 30, 20, 10 for 1st-7th, 135, 70, 50, 35, 25, 15 for a two-way tie at 1st-6th;
dead 1 per year survived; a solo 550, the others 1 per year survived), except for a rank shared
by three or more powers: they all take the two-way-tie value of the second-lowest place the tie
spans. Three tied for 1st span 1st-3rd and score as tied 2nd (70 each); four tied for 4th span
4th-7th and score as tied 6th (15 each). On seven powers the second-lowest place of a tie is
6th at most, so a two-way value always exists (past it the bonus would be 0). Dead powers tied on
0 centres score only their years survived, whatever places they span.

Source: dipvis (UEWBot/dipvis, game_scoring/ranked_classic.py and g_scoring_systems.py, "Ranked
Classic v2", added 2026-07-15; system description: "If a rank is tied by 3+ players, all players
receive rank points as if there was a two way tie for the second lowest position").
"""

from __future__ import annotations

from palmares.core.message import Message
from palmares.diplomacy.scoring.base import SystemInfo
from palmares.diplomacy.scoring.ranked_classic import TWO_WAY, RankedClassic, lowest_place_bonus
from palmares.diplomacy.scoring.registry import register

__all__ = ["second_lowest_two_way_bonus"]


def second_lowest_two_way_bonus(places: range) -> int:
    """The rank bonus of a tie spanning ``places``: alone or two as in Ranked Classic; three or
    more the two-way value of the second-lowest place spanned (1st-3rd: tied 2nd, 70)."""
    if len(places) <= 2:
        return lowest_place_bonus(places)
    second_lowest = places[-2]
    return TWO_WAY[second_lowest - 1] if second_lowest <= len(TWO_WAY) else 0


register(
    SystemInfo(
        slug="ranked-classic-v2",
        name="Ranked Classic v2",
        kind="rank",
        source=(
            "dipvis game_scoring/ranked_classic.py and g_scoring_systems.py ('Ranked Classic v2')"
        ),
        summary=Message.of("system.ranked-classic-v2.summary"),
        rule=Message.of("system.ranked_classic_v2.rule"),
        factory=lambda: RankedClassic(slug="ranked-classic-v2", bonus=second_lowest_two_way_bonus),
    )
)
