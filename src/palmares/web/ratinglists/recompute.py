"""Every stored figure computed again from the stored data, for after edits made outside
palmares (the Django admin, SQL): palmares's own writes keep the figures up to date as they
write, but a raw edit of a result, a Tantrix match or a Wizard game changes none of them.

:func:`recompute_all` runs each community's full replay, each in its transaction under its
lock, as the writes' own recomputes do: the Dip Pouch histories and lists (and its skill, seed
000's events by rank), the Tantrix lists after every tournament and the Tantrix skill
(``tantrixdb.services.recompute_lists``), the Wizard ledgers (``wizarddb.ledgers.rebuild``) and
the Wizard skill — the skill ratings replayed whole (``full=True``), not from what they stored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from palmares.web.lib.concurrency import retrying
from palmares.web.ratinglists.models import RatingEntry, SkillRating
from palmares.web.ratinglists.services import SYSTEM
from palmares.web.ratinglists.skill_refresh import refresh_wizard
from palmares.web.ratinglists.writes import refresh
from palmares.web.tantrixdb.models import Rating
from palmares.web.tantrixdb.services import recompute_lists
from palmares.web.wizarddb import ledgers

__all__ = ["PARTS", "Recomputed", "recompute_all"]


@dataclass(frozen=True, slots=True)
class Recomputed:
    """One part recomputed: ``rows``, the stored rows it now holds."""

    part: str
    rows: int


def _dip_pouch() -> int:
    retrying(lambda: refresh(None), what="the Dip Pouch recompute")
    return RatingEntry.objects.filter(system=SYSTEM).count()


def _tantrix() -> int:
    retrying(lambda: recompute_lists(full_skill=True), what="the Tantrix lists' recompute")
    return Rating.objects.count()


def _wizard_ledgers() -> int:
    return retrying(ledgers.rebuild, what="the Wizard ledgers' rebuild")


def _wizard_skill() -> int:
    retrying(lambda: refresh_wizard(full=True), what="the Wizard skill's recompute")
    return SkillRating.objects.filter(community="wizard").count()


#: The parts, in the order they run: (name, community, recompute returning its rows).
PARTS: tuple[tuple[str, str, Callable[[], int]], ...] = (
    ("Dip Pouch histories and lists (and skill)", "dip-pouch", _dip_pouch),
    ("Tantrix lists and skill", "tantrix", _tantrix),
    ("Wizard ledgers", "wizard", _wizard_ledgers),
    ("Wizard skill", "wizard", _wizard_skill),
)


def recompute_all(
    communities: tuple[str, ...] = ("dip-pouch", "tantrix", "wizard"),
) -> list[Recomputed]:
    """Recompute every part of ``communities``; what each now stores."""
    return [Recomputed(name, run()) for name, community, run in PARTS if community in communities]
