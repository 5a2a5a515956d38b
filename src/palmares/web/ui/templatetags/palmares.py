"""Template filters: figures shown half up (core.rounding), never with Python's round."""

from __future__ import annotations

from typing import Any

from django import template

from palmares.core.rounding import half_up
from palmares.web.accounts.roles import is_ratings_officer

register = template.Library()


@register.filter
def fixed(value: Any, places: int = 2) -> str:
    """``{{ rating|fixed:2 }}``: the value to ``places`` decimals, half up; empty for none."""
    if value is None or value == "":
        return ""
    return str(half_up(value, int(places)))


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``{{ ids|get:name }}``: a dictionary lookup in a template."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def ratings_officer(user: Any) -> bool:
    """``{% if user|ratings_officer %}``: may this user import (``accounts.roles``)?"""
    return is_ratings_officer(user)
