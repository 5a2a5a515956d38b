"""The players' call's look-ups of issue 38 (a board's report link, a player's code)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from palmares.core.message import Message
from palmares.web.lib.words import said

register = template.Library()


@register.filter
def lookup(mapping: Mapping[str, Any] | None, key: str) -> Any:
    """``mapping[key]``, or the empty text when there is none."""
    if not mapping:
        return ""
    return mapping.get(key, "")


@register.simple_tag
def board_of_boards_word(number: int) -> str:
    """The board of boards' name for the round desk's link, in the page's language."""
    return said(Message.of("reports.page.boards", round=number))
