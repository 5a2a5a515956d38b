"""Read-only queries the pages share (pagination, the year tabs, the nation picker)."""

from __future__ import annotations

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from palmares.web.ratinglists.models import Standing

__all__ = ["PAGE_SIZE", "nations", "page_of", "years"]

PAGE_SIZE = 50
SYSTEM = "dip-pouch"


def years() -> list[int]:
    return sorted(
        Standing.objects.filter(system=SYSTEM)
        .exclude(year=0)
        .values_list("year", flat=True)
        .distinct()
        .order_by("-year"),
        reverse=True,
    )


def nations() -> list[str]:
    return list(
        Standing.objects.filter(system=SYSTEM, year=0)
        .exclude(nationality="")
        .values_list("nationality", flat=True)
        .distinct()
        .order_by("nationality")
    )


def page_of(query: QuerySet[Standing], number: str | None) -> Page[Standing]:
    return Paginator(query, PAGE_SIZE).get_page(number)
