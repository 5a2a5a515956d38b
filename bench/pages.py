"""Page weight on a phone: transfer size and first render of the main pages on slow 3G.

Opens each page in a fresh Debian chromium context with an empty cache, under Lighthouse's
classic "slow 3G" profile through the DevTools protocol (400 ms round trip, 400 kbit/s down and
up), and prints the bytes that crossed the network (what the page cost, compressed) and the
first contentful paint. The baseline of the same run is the smallest request there is: the site's
stylesheet alone, which no page can beat. Targets (issue 14): the player page at most 300 KB, its
first render under 2 s.

The tournament page is measured as a whole (the code before its split into sections) and section
by section (``?tab=``); the projector screens (where the site has them) are measured the same way
and then left open for two polls: ``polls`` is what those polls cost on the wire (a 304 while
nothing changed). ``height`` is the page's height at 390 px.

    .venv/bin/python bench/pages.py --site after=http://127.0.0.1:18901 [--site before=URL ...]

Each site is a running palmares (``palmares demo --port N``, or ``palmares serve``): run the
"before" checkout on one port and the "after" on another to compare both in one run.
"""

from __future__ import annotations

import argparse
import re
import urllib.error
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


def _exists(base: str, path: str) -> bool:
    try:
        with urllib.request.urlopen(base + path, timeout=120) as answer:  # loopback only
            return bool(answer.status == 200)
    except urllib.error.HTTPError:
        return False


def _pages(base: str) -> dict[str, str]:
    pages = {"home": "/", "ranking": "/dip-pouch/"}
    player = _first_link(base, "/dip-pouch/", r"/players/\d+/")
    if player:
        pages["player"] = player
    tournament = _first_link(base, "/diplomacy/", r"/diplomacy/\d+/")
    if tournament:
        pages["tournament"] = tournament
        for tab in ("boards", "prizes", "teams"):  # a site whose page has its sections
            if _first_link(base, tournament, f'id="tab-{tab}"'):
                pages[f"tournament {tab}"] = f"{tournament}?tab={tab}"
        for screen in ("standings", "boards", "status"):
            pages[f"projector {screen}"] = f"{tournament}projector/{screen}/"
    css = _first_link(base, "/", r"/static/palmares/site[^\"']*\.css")
    if css:
        pages["baseline: site.css"] = css
    return {label: path for label, path in pages.items() if _exists(base, path)}


def measure(browser: Any, url: str, *, polls: bool = False) -> tuple[int, float, float, int, str]:
    """Bytes over the network, the first contentful paint and the load event (ms) of one cold
    page load, the page's height (px), and (``polls``) the bytes and statuses of the fragment
    polls of the next 12 seconds."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    received = {"bytes": 0}
    fragments: dict[str, int] = {}
    statuses: dict[str, int] = {}

    def responded(event: dict[str, Any]) -> None:
        if "/fragment" in event["response"]["url"]:
            statuses[event["requestId"]] = int(event["response"]["status"])
            # a 304's loading may never finish (the script reads no body): its headers so far
            fragments[event["requestId"]] = int(event["response"].get("encodedDataLength", 0))

    def finished(event: dict[str, Any]) -> None:
        received["bytes"] += int(event.get("encodedDataLength", 0))
        if event["requestId"] in statuses:
            fragments[event["requestId"]] = int(event.get("encodedDataLength", 0))

    cdp.on("Network.responseReceived", responded)
    cdp.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="load", timeout=600_000)
    page.wait_for_timeout(300)
    paint, loaded = page.evaluate(
        "(() => { const e = performance.getEntriesByName('first-contentful-paint')[0];"
        " const n = performance.getEntriesByType('navigation')[0];"
        " return [e ? e.startTime : n.responseEnd, n.loadEventEnd]; })()"
    )
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    poll = ""
    if polls:
        page.wait_for_timeout(12_000)
        codes = [str(statuses[r]) for r in fragments]
        poll = f"{sum(fragments.values())} B: {' '.join(codes) or 'none'}"
    context.close()
    return received["bytes"], float(paint), float(loaded), height, poll


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", action="append", required=True, help="NAME=URL of a running palmares"
    )
    args = parser.parse_args()
    sites = [s.split("=", 1) for s in args.site]
    rows: list[tuple[str, str, int, float, float, int, str]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for name, base in sites:
            base = base.rstrip("/")
            for label, path in _pages(base).items():
                figures = measure(browser, base + path, polls=label.startswith("projector"))
                rows.append((name, label, *figures))
        browser.close()
    print("slow 3G (400 ms RTT, 400 kbit/s), 390 px, cold cache; transfer is what crossed the wire")
    print(
        f"{'site':<10} {'page':<20} {'transfer KB':>12} {'first render s':>15} {'loaded s':>9} "
        f"{'height px':>10}  polls"
    )
    for name, label, size, paint, loaded, height, poll in rows:
        print(
            f"{name:<10} {label:<20} {size / 1000:>12.1f} {paint / 1000:>15.2f} "
            f"{loaded / 1000:>9.2f} {height:>10}  {poll}"
        )


if __name__ == "__main__":
    main()
