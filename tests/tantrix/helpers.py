"""Small builders for Tantrix tests."""

from __future__ import annotations

from decimal import Decimal

from palmares.tantrix.match import Match


def match(a: str, b: str, games: int, tp_a: int, *, rnd: str = "", own: str | None = None) -> Match:
    """``a`` v ``b`` over ``games`` games, ``a`` taking ``tp_a`` of the 20 × games TP."""
    return Match(a, b, games, Decimal(tp_a), Decimal(20 * games - tp_a), round=rnd, own_rating=own)
