"""The stored Dip Pouch figures as sorted rows: what the incremental update and the full
replay must leave alike (used by the closing and the bulk import tests)."""

from __future__ import annotations

from typing import Any

from palmares.web.ratinglists import blocks
from palmares.web.ratinglists.models import RatingEntry, SkillRating, Standing

ENTRY_COLUMNS = ("system", "player_id", "event_id", "result_id", "date", "rating_before",
                 "rating_after", "percentile", "tournament_value")  # fmt: skip
STANDING_COLUMNS = ("system", "year", "player_id", "nationality", "rating", "rank",
                    "national_rank", "events", "position", "national_position")  # fmt: skip


def stored_rows() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every rating entry, and every line of the Permanent list's rows then every block of
    the lists (``ratinglists.blocks``, its bytes), sorted."""
    entries = sorted(RatingEntry.objects.values_list(*ENTRY_COLUMNS))
    lists = sorted(Standing.objects.values_list(*STANDING_COLUMNS))
    lists += [("block", *b) for b in blocks.stored()]
    return entries, lists


def stored_skill_rows() -> list[tuple[Any, ...]]:
    """Every stored Dip Pouch skill rating (μ and σ as stored: to the last bit), sorted."""
    rows = SkillRating.objects.filter(community="dip-pouch")
    return sorted(rows.values_list("player_id", "mu", "sigma", "competitions"))
