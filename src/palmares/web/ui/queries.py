"""Read-only queries the list pages share: a page of a rating list as a range of positions
(an index range, never an OFFSET scan), the year tabs and the nation picker from the list's
stored summary."""

from __future__ import annotations

from dataclasses import dataclass, field

from palmares.web.ratinglists.models import Publication, Standing

__all__ = ["PAGE_SIZE", "Window", "list_window"]

PAGE_SIZE = 50
SYSTEM = "dip-pouch"


@dataclass(frozen=True, slots=True)
class Window:
    """One page of a list, with what the pager shows (the names of Django's ``Page``)."""

    number: int
    num_pages: int
    rows: list[Standing] = field(default_factory=list)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.rows)

    @property
    def paginator(self) -> Window:
        return self

    def has_other_pages(self) -> bool:
        return self.num_pages > 1

    def has_previous(self) -> bool:
        return self.number > 1

    def has_next(self) -> bool:
        return self.number < self.num_pages

    def previous_page_number(self) -> int:
        return self.number - 1

    def next_page_number(self) -> int:
        return self.number + 1


def list_window(pub: Publication, year: int, nation: str, number: str | None) -> Window:
    sizes = pub.summary.get("sizes", {}).get(str(year), {})
    listed = int(sizes.get(nation, 0))
    pages = max(1, -(-listed // PAGE_SIZE))
    try:
        page = min(max(int(number or 1), 1), pages)
    except ValueError:
        page = 1
    first, last = (page - 1) * PAGE_SIZE + 1, page * PAGE_SIZE
    rows = Standing.objects.filter(system=SYSTEM, year=year).select_related("player")
    if nation:
        rows = rows.filter(
            nationality=nation, national_position__gte=first, national_position__lte=last
        ).order_by("national_position")
    else:
        rows = rows.filter(position__gte=first, position__lte=last).order_by("position")
    return Window(page, pages, list(rows))
