"""Charts drawn on the server as inline SVG: no chart library travels to a phone.

A chart shows figures the engines computed (a rating after each event); this module only places
them on a grid. Each point carries a ``<title>`` (the browser's tooltip) and the chart has a text
alternative, so it reads without script and without sight.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from palmares.explain.numbers import figure
from palmares.web.lib.words import site_language

__all__ = ["Point", "line_chart"]

WIDTH, HEIGHT = 560, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 14, 34


@dataclass(frozen=True, slots=True)
class Point:
    day: date
    value: float
    label: str
    #: The value as the page shows it elsewhere (rounded half up by the caller).
    shown: str


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round-numbered ticks covering ``low``..``high`` (1, 2 or 5 times a power of ten apart)."""
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step / 2:
        ticks.append(round(value, 10))
        value += step
    return ticks


def line_chart(points: Sequence[Point], *, title: str, value_label: str) -> SafeString:
    """An SVG line chart of ``points`` in date order, scaled to the width of its container."""
    if not points:
        return mark_safe("")
    values = [float(p.value) for p in points]
    ticks = _ticks(min(values), max(values))
    y_low, y_high = ticks[0], ticks[-1]
    days = [p.day.toordinal() for p in points]
    x_low, x_high = min(days), max(days)
    span_x = (x_high - x_low) or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(day: int) -> float:
        if x_high == x_low:
            return LEFT + plot_w / 2
        return LEFT + (day - x_low) / span_x * plot_w

    def y(value: float) -> float:
        return TOP + (y_high - value) / ((y_high - y_low) or 1) * plot_h

    language = site_language()  # the tick labels as the page's language writes numbers
    parts: list[str] = []
    for t in ticks:
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
            f'<text class="tick" x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end">'
            f"{figure(t, language=language)}</text>"
        )
    years = sorted({p.day.year for p in points})
    step = max(1, math.ceil(len(years) / 8))
    for year in years[::step]:
        at = x(max(date(year, 1, 1).toordinal(), x_low))
        parts.append(
            f'<text class="tick" x="{at:.1f}" y="{HEIGHT - 10}" text-anchor="middle">{year}</text>'
        )
    line = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in zip(days, values, strict=True))
    parts.append(f'<polyline class="line" points="{line}"/>')
    for p, d, v in zip(points, days, values, strict=True):
        tip = escape(f"{p.day.isoformat()} · {p.label} · {value_label} {p.shown}")
        parts.append(
            f'<circle class="dot" cx="{x(d):.1f}" cy="{y(v):.1f}" r="3.5">'
            f"<title>{tip}</title></circle>"
        )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}" '
        'preserveAspectRatio="xMidYMid meet">{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        mark_safe("".join(parts)),  # every text inside was escaped above
    )
