"""Who may do what: public read; TDs edit their own tournaments; ratings officers import and
publish; admins (superusers) everything."""

from __future__ import annotations

from typing import Any

RATINGS_OFFICERS = "ratings officers"

__all__ = ["RATINGS_OFFICERS", "can_direct", "can_edit_tournament", "is_ratings_officer"]


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


def can_direct(user: Any, tournament: Any) -> bool:
    """A director of this tournament or an admin: who runs its day (declines, overrides, undo)
    and closes it into the ratings. Ratings officers do not: closing is the TD's decision; the
    officer takes the filed event from there (imports, lists)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return bool(tournament.directors.filter(pk=user.pk).exists())
