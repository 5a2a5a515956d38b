"""Who may do what: public read; TDs edit their own tournaments; ratings officers import and
publish; admins (superusers) everything."""

from __future__ import annotations

from typing import Any

RATINGS_OFFICERS = "ratings officers"

__all__ = ["RATINGS_OFFICERS", "can_edit_tournament", "is_ratings_officer"]


def is_ratings_officer(user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return bool(user.groups.filter(name=RATINGS_OFFICERS).exists())


def can_edit_tournament(user: Any, tournament: Any) -> bool:
    """A TD of this tournament, a ratings officer or an admin."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or is_ratings_officer(user):
        return True
    return bool(tournament.directors.filter(pk=user.pk).exists())
