"""Page weight on a phone: transfer size and first render of the main pages on slow 3G.

Opens each page in a fresh Debian chromium context with an empty cache, under Lighthouse's
classic "slow 3G" profile through the DevTools protocol (400 ms round trip, 400 kbit/s down and
up), and prints the bytes that crossed the network (what the page cost, compressed) and the
first contentful paint. The baseline of the same run is the smallest request there is: the site's
stylesheet alone, which no page can beat. Targets (issue 14): the player page at most 300 KB, its
first render under 2 s.

    .venv/bin/python bench/pages.py --site after=http://127.0.0.1:18901 [--site before=URL ...]

Each site is a running palmares (``palmares demo --port N``, or ``palmares serve``): run the
"before" checkout on one port and the "after" on another to compare both in one run.
"""

from __future__ import annotations

import argparse
import re
import urllib.request
from typing import Any

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SLOW_3G = {
    "offline": False,
    "latency": 400,
    "downloadThroughput": 400 * 1000 / 8,
    "uploadThroughput": 400 * 1000 / 8,
}


def _first_link(base: str, path: str, pattern: str) -> str | None:
    with urllib.request.urlopen(base + path, timeout=30) as answer:  # loopback only
        html = answer.read().decode()
    found = re.search(pattern, html)
    return found.group(0) if found else None


def _pages(base: str) -> dict[str, str]:
    pages = {"home": "/", "ranking": "/dip-pouch/"}
    player = _first_link(base, "/dip-pouch/", r"/players/\d+/")
    if player:
        pages["player"] = player
    tournament = _first_link(base, "/diplomacy/", r"/diplomacy/\d+/")
    if tournament:
        pages["tournament"] = tournament
    css = _first_link(base, "/", r"/static/palmares/site[^\"']*\.css")
    if css:
        pages["baseline: site.css"] = css
    return pages


def measure(browser: Any, url: str) -> tuple[int, float, float]:
    """Bytes over the network, the first contentful paint and the load event (ms) of one cold
    page load."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    received = {"bytes": 0}

    def finished(event: dict[str, Any]) -> None:
        received["bytes"] += int(event.get("encodedDataLength", 0))

    cdp.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="load", timeout=600_000)
    page.wait_for_timeout(300)
    paint, loaded = page.evaluate(
        "(() => { const e = performance.getEntriesByName('first-contentful-paint')[0];"
        " const n = performance.getEntriesByType('navigation')[0];"
        " return [e ? e.startTime : n.responseEnd, n.loadEventEnd]; })()"
    )
    context.close()
    return received["bytes"], float(paint), float(loaded)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", action="append", required=True, help="NAME=URL of a running palmares"
    )
    args = parser.parse_args()
    sites = [s.split("=", 1) for s in args.site]
    rows: list[tuple[str, str, int, float, float]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for name, base in sites:
            base = base.rstrip("/")
            for label, path in _pages(base).items():
                size, paint, loaded = measure(browser, base + path)
                rows.append((name, label, size, paint, loaded))
        browser.close()
    print("slow 3G (400 ms RTT, 400 kbit/s), 390 px, cold cache; transfer is what crossed the wire")
    print(f"{'site':<10} {'page':<20} {'transfer KB':>12} {'first render s':>15} {'loaded s':>9}")
    for name, label, size, paint, loaded in rows:
        print(
            f"{name:<10} {label:<20} {size / 1000:>12.1f} {paint / 1000:>15.2f} "
            f"{loaded / 1000:>9.2f}"
        )


if __name__ == "__main__":
    main()
