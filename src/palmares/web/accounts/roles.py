"""Who may do what: public read; TDs edit their own tournaments; ratings officers import and
publish; admins (superusers) everything."""

from __future__ import annotations

from typing import Any

RATINGS_OFFICERS = "ratings officers"
#: The group of users who may create tournaments (and direct the ones they create).
TOURNAMENT_DIRECTORS = "tournament directors"

__all__ = [
    "RATINGS_OFFICERS",
    "TOURNAMENT_DIRECTORS",
    "can_edit_tournament",
    "directs",
    "is_ratings_officer",
    "is_tournament_director",
]


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


def is_tournament_director(user: Any) -> bool:
    """May create tournaments: a member of :data:`TOURNAMENT_DIRECTORS`, or an admin."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return bool(user.groups.filter(name=TOURNAMENT_DIRECTORS).exists())


def directs(user: Any, tournament: Any) -> bool:
    """Runs this tournament's day (issue 12: "a TD edits only their tournaments"): one of its
    directors, or an admin. Ratings officers are not, unless they are among its directors."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return bool(tournament.directors.filter(pk=user.pk).exists())
