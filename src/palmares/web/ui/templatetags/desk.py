"""Template filters of the TD's desk."""

from __future__ import annotations

from typing import Any

from django import template

from palmares.web.accounts.roles import is_tournament_director

register = template.Library()


@register.filter
def tournament_director(user: Any) -> bool:
    """``{% if user|tournament_director %}``: may create tournaments."""
    return is_tournament_director(user)
